import { analyticsRoutes, channelsRoutes, draftsRoutes, postStatusSchema, postsRoutes, type RouteContract } from '@postflow/contract';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiRequest } from './api-caller';

/**
 * One MCP tool: a route of the API and how the tool's arguments become its query or body. Inputs
 * are fields of the contract's own schemas (picked, described for a model, never re-declared), so
 * a tool accepts what the API accepts; the API validates again and its message reaches the model.
 */
export interface McpTool<Input extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  route: RouteContract;
  input: Input;
  annotations: ToolAnnotations;
  request(args: z.output<Input>): ApiRequest;
}

const defineTool = <Input extends z.ZodObject>(tool: McpTool<Input>): McpTool => tool as unknown as McpTool;

const draft = draftsRoutes.create.body!.shape;
const enhance = postsRoutes.enhance.body!.shape;
const post = postsRoutes.createPost.body!.shape;
const listQuery = postsRoutes.listPosts.query!.shape;
const range = analyticsRoutes.summary.query!.shape;

const networksText = 'Networks by name ("x", "linkedin"): the post goes to the workspace\'s connected account on each.';
const channelsText = 'Channel ids from list_channels, to post to particular accounts or LinkedIn pages instead of by network.';

export const mcpTools: McpTool[] = [
  defineTool({
    name: 'list_channels',
    title: 'List channels',
    description:
      "List the workspace's channels: each connected X account, LinkedIn member and LinkedIn page, with its id, network, name and handle. Use the ids as `channels` in schedule_post or create_draft.",
    route: channelsRoutes.list,
    input: z.object({}),
    annotations: { readOnlyHint: true, openWorldHint: false },
    request: () => ({}),
  }),
  defineTool({
    name: 'create_draft',
    title: 'Save a draft',
    description:
      'Save a post as a draft in Postflow, for a person to review, edit and schedule in the app. Nothing is published. Answers the draft id.',
    route: draftsRoutes.create,
    input: z.object({
      text: draft.text.describe('The post text.'),
      platforms: draft.platforms.describe(networksText),
      perPlatform: draft.perPlatform.describe('A text of its own per network, e.g. from tailor_post: { "x": "…", "linkedin": "…" }.'),
      channels: draft.channels.describe(channelsText),
      perChannel: draft.perChannel.describe('A text of its own per chosen channel id.'),
      media: draft.media.describe('Files uploaded with POST /api/v1/media, in order, each { "id": "…", "alt": "…" }.'),
      scheduledAt: draft.scheduledAt.describe('The time the person has in mind (ISO 8601); the draft is not scheduled.'),
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    request: (args) => ({ body: args }),
  }),
  defineTool({
    name: 'tailor_post',
    title: 'Tailor a post per network',
    description:
      "Rewrite a text for each network with Postflow's AI: one version per network, and for X a thread (its parts in order) when the text does not fit one post. Nothing is saved: pass the versions to schedule_post as perPlatformText, and a thread as thread.x.",
    route: postsRoutes.enhance,
    input: z.object({
      text: enhance.text.describe('The text to tailor.'),
      platforms: enhance.platforms.describe('The networks to tailor it for: "x", "linkedin" or both.'),
      tags: enhance.tags.describe('Hashtags to work in, without "#".'),
    }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    request: (args) => ({ body: args }),
  }),
  defineTool({
    name: 'schedule_post',
    title: 'Schedule a post',
    description:
      "Schedule a post on X and/or LinkedIn at a time (scheduledFor) or add it to the queue (queue: true: each channel's next free posting slot). Give one of the two. Postflow publishes it then; list_posts shows its status. Answers the created posts, one per channel, with their times.",
    route: postsRoutes.createPost,
    input: z
      .object({
        text: post.text.describe('The post text (also the text of every network and channel without its own).'),
        platforms: post.platforms.describe(networksText),
        channels: post.channels.describe(channelsText),
        perPlatformText: post.perPlatformText.describe(
          'A text of its own per network, e.g. from tailor_post: { "x": "…", "linkedin": "…" }.',
        ),
        perChannel: post.perChannel.describe('A text of its own per chosen channel id.'),
        scheduledFor: post.scheduledFor.describe('When to publish: ISO 8601 with a zone, e.g. "2026-12-01T09:00:00Z".'),
        queue: post.queue.describe("true: take each channel's next free posting slot instead of scheduledFor."),
        timeZone: post.timeZone.describe('The IANA time zone the post is planned in, e.g. "Europe/Berlin" (for display).'),
        mediaIds: post.mediaIds.describe('Files uploaded with POST /api/v1/media, in the order the post shows them.'),
        media: post.media.describe('Per file in mediaIds, in order: { "alt": "…" }.'),
        thread: post.thread.describe('An X thread: { "x": ["first part", "second part", …] }; the first part is the post.'),
        firstComment: post.firstComment.describe('A first comment under the LinkedIn post: { "linkedin": "…" }.'),
      })
      // A tool named "schedule" must not publish at once because a model left the time out.
      .refine((args) => args.scheduledFor !== undefined || args.queue, {
        path: ['scheduledFor'],
        message: 'Give scheduledFor (an ISO 8601 time) or queue: true',
      }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    request: (args) => ({ body: args }),
  }),
  defineTool({
    name: 'list_posts',
    title: 'List posts',
    description:
      "List the workspace's posts, one per channel, with text, status, scheduled or published time, the network's URL once published and the error when one failed.",
    route: postsRoutes.listPosts,
    input: z.object({
      status: z
        .array(postStatusSchema)
        .max(postStatusSchema.options.length)
        .optional()
        .describe(
          'Only posts with these statuses, e.g. ["scheduled", "pending"] for what is still to go out ("pending": on its way out now), ["published"] or ["failed"]; all when left out.',
        ),
      limit: listQuery.limit.describe('How many posts, 1 to 100.'),
    }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    request: ({ status, limit }) => ({ query: { status: status?.join(','), limit } }),
  }),
  defineTool({
    name: 'get_analytics',
    title: 'Get analytics',
    description:
      'Analytics for a period: total posts, impressions, engagements and engagement rate, the best post, insights, per-post figures, the engagement trend and the audience.',
    route: analyticsRoutes.summary,
    input: z.object({
      platform: range.platform.describe('"all", "x" or "linkedin".'),
      start_date: range.start_date.describe('The first day, YYYY-MM-DD; with end_date, both included. Left out: the last 30 days.'),
      end_date: range.end_date.describe('The last day, YYYY-MM-DD.'),
      tz: range.tz.describe('The IANA time zone the days are in, e.g. "Europe/Berlin".'),
    }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    request: (args) => ({ query: args }),
  }),
];
