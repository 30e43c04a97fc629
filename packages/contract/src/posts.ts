import { z } from 'zod';
import { networkSchema } from './accounts';
import { channelIdSchema } from './channels';
import { calendarDateSchema, idParamsSchema, isoDateTimeSchema } from './fields';
import { defineRoute, emptyResponseSchema } from './http';
import { POST_MAX_LENGTH } from './text/limits';
import { endpoints } from './endpoints';
import { mediaDetailsSchema, mediaKindSchema, postMediaFields } from './media';
import { MEDIA_LIMITS } from './media-limits';
import { postStatuses } from './vocabulary';
import { isIanaTimeZone } from './time-zones';
import { linkCardSchema, postLinkCardSchema } from './link-preview';
import {
  editThreadFields,
  partStatusChangeSchema,
  refineEditThreadFields,
  refineThreadFields,
  retryRequestSchema,
  threadFields,
  threadViewFields,
} from './threads';

const postText = z
  .string({ error: 'Post content cannot be empty' })
  .refine((text) => text.trim().length > 0, 'Post content cannot be empty')
  .refine((text) => text.length <= POST_MAX_LENGTH, `Post content must be at most ${POST_MAX_LENGTH} characters`);

const platformList = z
  .array(networkSchema, { error: 'Please select at least one platform' })
  .min(1, 'Please select at least one platform')
  .max(2)
  .refine((platforms) => new Set(platforms).size === platforms.length, 'Each platform can be chosen once');

/** Networks by name, as before channels; may be empty when `channels` names where the post goes. */
const platformsBesideChannels = z
  .array(networkSchema)
  .max(2)
  .refine((platforms) => new Set(platforms).size === platforms.length, 'Each platform can be chosen once')
  .default([]);

/**
 * The chosen channels (GET /api/v1/channels; docs/product.md, Channels) and each one's own text.
 * With channels, `platforms` and `linkedInOrgId` are not used; the networks' texts still apply to
 * channels without their own.
 */
const channelChoice = {
  channels: z
    .array(channelIdSchema)
    .max(50, 'Choose up to 50 channels')
    .refine((ids) => new Set(ids).size === ids.length, 'Each channel can be chosen once')
    .default([]),
  perChannel: z.record(channelIdSchema, z.string().max(POST_MAX_LENGTH)).default({}),
  /**
   * A LinkedIn channel's own link card, read from the text that channel posts (null: none); over
   * `linkCard`, which the others carry (docs/decisions/152-channel-picker-and-kept-attachments.md).
   */
  perChannelLinkCard: z.record(channelIdSchema, linkCardSchema.nullable()).default({}),
};

function refineChannelChoice(
  data: {
    platforms: readonly string[];
    channels: readonly string[];
    perChannel: Record<string, string>;
    perChannelLinkCard: Record<string, unknown>;
  },
  context: z.RefinementCtx,
) {
  if (data.platforms.length === 0 && data.channels.length === 0)
    context.addIssue({ code: 'custom', path: ['platforms'], message: 'Please select at least one platform' });
  for (const id of Object.keys(data.perChannel)) {
    if (!data.channels.includes(id))
      context.addIssue({ code: 'custom', path: ['perChannel', id], message: 'This text is for a channel that is not chosen' });
  }
  for (const id of Object.keys(data.perChannelLinkCard)) {
    if (!data.channels.includes(id))
      context.addIssue({ code: 'custom', path: ['perChannelLinkCard', id], message: 'This link card is for a channel that is not chosen' });
  }
}

/** An IANA time zone name as the browser reports it, e.g. 'Europe/Berlin'. */
export const timeZoneSchema = z.string().max(64).refine(isIanaTimeZone, 'Unknown time zone');

export const postStatusSchema = z.enum(postStatuses);
export type PostStatus = z.infer<typeof postStatusSchema>;

/**
 * Who a post goes (or went) out as, as the network shows it: the connected account, or the LinkedIn
 * page it was posted as (`linkedin_org_id`). Cards show this, never the Postflow user's own name.
 */
export const postAuthorSchema = z.object({
  kind: z.enum(['account', 'page']),
  /** The account's display name, or the page's name. */
  name: z.string(),
  /** The handle on the network without '@' (X username, LinkedIn page vanity name); null when it has none. */
  handle: z.string().nullable(),
  avatar_url: z.string().nullable(),
  /**
   * The channel it goes (or went) to (GET /api/v1/channels; docs/product.md, Channels): null for a
   * post whose account was disconnected before channels existed. The server always sends it.
   */
  channel_id: z.uuid().nullable().optional(),
});
export type PostAuthor = z.infer<typeof postAuthorSchema>;

/**
 * What a post carries besides its text and `media_urls`, as posts and the feed answer it: each
 * file's alt text, a document's title and a LinkedIn link card (docs/decisions/152-channel-picker-and-kept-attachments.md).
 */
export const postAttachmentFields = {
  /** Per file of `media_urls`, in order: its alt text ('' when it has none). */
  media_alts: z.array(z.string()),
  /** Per file of `media_urls`, in order: what it is, so a video plays and a document shows as one. */
  media_kinds: z.array(mediaKindSchema),
  /** A LinkedIn document post's title; null for other posts. */
  document_title: z.string().nullable(),
  /** The link card a LinkedIn post goes (or went) out with; null for none, and on X, which makes its own. */
  link_card: postLinkCardSchema.nullable(),
};

/**
 * One post on one network (what the feed, the profile's grids and the edit modal show). A composed
 * post for X and LinkedIn is two of these, sharing `post_id`.
 */
export const postSchema = z.object({
  id: z.uuid(),
  post_id: z.uuid(),
  /** Who wrote it; null once that person has deleted their Postflow account. */
  user_id: z.uuid().nullable(),
  platform: networkSchema,
  text: z.string(),
  status: postStatusSchema,
  media_urls: z.array(z.string()),
  ...postAttachmentFields,
  platform_url: z.string().nullable(),
  scheduled_for: isoDateTimeSchema.nullable(),
  published_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
  time_zone: z.string(),
  linkedin_org_id: z.string().nullable(),
  /** Why it failed, was missed, or needs a reconnect, in words a person can act on. */
  failure_reason: z.string().nullable(),
  /** The network's latest counts, as the feed shows them; 0 before the first reading. */
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  shares_count: z.number().int(),
  /** When the network last reported the counts; null before the first reading. */
  metrics_updated_at: isoDateTimeSchema.nullable(),
  account: z.object({ id: z.uuid().nullable(), username: z.string().nullable(), displayName: z.string().nullable(), sandbox: z.boolean() }),
  author: postAuthorSchema,
  /** An X thread's parts and a LinkedIn post's first comment (docs/decisions/155-threads.md). */
  ...threadViewFields,
});
export type Post = z.infer<typeof postSchema>;

export const enhanceRequestSchema = z.object({
  platforms: platformList,
  text: postText,
  tags: z.array(z.string().max(60)).max(30).default([]),
  /** 0 for the first suggestion; the wizard's "regenerate" asks for the next one. */
  variant: z.number().int().min(0).max(1000).optional(),
});
export const enhanceResponseSchema = z.array(
  z.object({
    platform: networkSchema,
    enhanced: z.string(),
    /**
     * X only: the text as a thread, offered when it cannot be one post without leaving some of it
     * out (docs/product.md, Composer · Enhance). Each part is the writer's words, within 280.
     */
    thread: z.array(z.string()).optional(),
  }),
);
export type EnhanceRequest = z.infer<typeof enhanceRequestSchema>;
export type EnhanceResponse = z.infer<typeof enhanceResponseSchema>;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The JSON in the `data` part of POST /content/publish (docs/product.md, Composer · Publish call). Schedule
 * date and time are in UTC; `timeZone` (ours) is the browser's zone, kept for display and DST.
 */
export const publishDataSchema = z
  .object({
    enhancedContent: z.record(z.string(), z.string()),
    platforms: platformsBesideChannels,
    ...channelChoice,
    scheduleDate: z.string().default(''),
    scheduleTime: z.string().default(''),
    isScheduled: z.boolean().default(false),
    linkedInOrgId: z.string().max(40).default(''),
    timeZone: timeZoneSchema.default('UTC'),
    originalText: z.string().max(POST_MAX_LENGTH).optional(),
    aiEnhanced: z.boolean().optional(),
    /** The draft this post was written in: deleted in the transaction that creates the post (docs/decisions/141-drafts.md). */
    draftId: z.uuid({ error: 'draftId must be the id of a draft' }).optional(),
    /** An image already uploaded to this workspace (the draft's), used when no 'image' part is sent. */
    mediaId: z.uuid({ error: 'mediaId must be the id of an uploaded image' }).optional(),
    /** Uploaded media by id, their alt texts and a document's title (docs/product.md, Composer · Media). */
    ...postMediaFields,
    /** Add to queue: each chosen account's copy takes that account's next free posting slot (docs/product.md, Queue). */
    queue: z.boolean().default(false),
    /** The link card the person kept: LinkedIn copies go out as an article share with it (docs/decisions/149-link-cards.md). */
    linkCard: linkCardSchema.nullable().optional(),
    /** X threads and LinkedIn first comments, by network and by channel (docs/decisions/155-threads.md). */
    ...threadFields,
  })
  .superRefine((data, context) => {
    if (data.queue && data.isScheduled)
      context.addIssue({ code: 'custom', path: ['queue'], message: 'Choose either a time or the queue, not both' });
    refineChannelChoice(data, context);
    refineThreadFields(data, context);
    // With channels, a network's text may be missing where every channel of it has its own; a
    // network with a thread takes its text from the thread's first part.
    for (const platform of data.channels.length ? [] : data.platforms) {
      if (data.thread?.[platform]) continue;
      const text = data.enhancedContent[platform];
      if (!text || !text.trim())
        context.addIssue({ code: 'custom', path: ['enhancedContent', platform], message: 'Post content cannot be empty' });
    }
    if (data.isScheduled) {
      if (!data.scheduleDate || !data.scheduleTime) {
        context.addIssue({ code: 'custom', path: ['scheduleDate'], message: 'Please select both date and time for scheduling' });
      } else if (!datePattern.test(data.scheduleDate) || !timePattern.test(data.scheduleTime)) {
        context.addIssue({ code: 'custom', path: ['scheduleDate'], message: 'Use a date like 2026-12-31 and a time like 09:30' });
      } else if (!calendarDateSchema.safeParse(data.scheduleDate).success) {
        context.addIssue({ code: 'custom', path: ['scheduleDate'], message: `${data.scheduleDate} is not a date on the calendar` });
      }
    }
  });
export type PublishData = z.infer<typeof publishDataSchema>;

/** What "add to queue" chose for one channel's copy of a post. */
export const queuedTargetSchema = z.object({
  /** The target's id, as in /content/:id. */
  id: z.uuid(),
  platform: networkSchema,
  accountId: z.uuid(),
  /** The channel it goes to (GET /api/v1/channels): a member's page takes the member's account's slot. */
  channelId: z.uuid().nullable(),
  scheduledAt: isoDateTimeSchema,
  timeZone: z.string(),
  /** Set when the slot's time does not exist that day (clocks go forward) and the post moved to the next valid instant. */
  note: z.string().nullable(),
});
export type QueuedTarget = z.infer<typeof queuedTargetSchema>;

export const publishResponseSchema = z.object({
  scheduled: z.boolean(),
  /** The instant the post goes (or went) out, ISO 8601 in UTC. */
  scheduleTime: isoDateTimeSchema,
  postId: z.uuid(),
  posts: z.array(postSchema),
  /** With "queue": the slot each network's copy took (the earliest is `scheduleTime`). */
  queued: z.array(queuedTargetSchema).optional(),
});

/** POST /posts: the same as the wizard's publish, as plain JSON (no image), for API clients. */
export const createPostRequestSchema = z
  .object({
    text: postText,
    platforms: platformsBesideChannels,
    ...channelChoice,
    /** Per-platform text; defaults to `text`. */
    perPlatformText: z.record(z.string(), z.string()).optional(),
    scheduledFor: isoDateTimeSchema.optional(),
    timeZone: timeZoneSchema.default('UTC'),
    linkedInOrgId: z.string().max(40).default(''),
    /** Add to queue instead of `scheduledFor` (docs/product.md, Queue). */
    queue: z.boolean().default(false),
    /** The draft this post was written in: deleted in the transaction that creates the post (docs/decisions/141-drafts.md). */
    draftId: z.uuid({ error: 'draftId must be the id of a draft' }).optional(),
    /** LinkedIn copies go out as an article share with this card (docs/decisions/149-link-cards.md). */
    linkCard: linkCardSchema.nullable().optional(),
    /** Media uploaded with POST /api/v1/media, their alt texts and a document's title. */
    ...postMediaFields,
    /** X threads and LinkedIn first comments, as in the publish data (docs/decisions/155-threads.md). */
    ...threadFields,
  })
  .refine((body) => !(body.queue && body.scheduledFor), { path: ['queue'], message: 'Choose either scheduledFor or the queue, not both' })
  .superRefine((body, context) => {
    refineChannelChoice(body, context);
    refineThreadFields(body, context);
  });

const listStatuses = ['all', ...postStatuses, 'completed'] as const;

const listQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(20),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0, 'offset cannot be negative').max(1_000_000).default(0),
  /** One status, or several separated by commas (the profile's Scheduled tab reads its five in one call). */
  status: z
    .string()
    .max(200)
    .default('all')
    .transform((value) => value.split(','))
    .pipe(
      z.array(
        z.enum(listStatuses, {
          error: `status must be ${listStatuses.map((name) => `'${name}'`).join(', ')}, or several separated by commas`,
        }),
      ),
    ),
  platform: z.enum(['all', 'x', 'linkedin']).default('all'),
  /** One channel's posts (GET /api/v1/channels); another workspace's channel matches nothing. */
  channelId: channelIdSchema.optional(),
});

export const recentQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(50).default(5),
});

export const contentsResponseSchema = z.object({ contents: z.array(postSchema) });
export const postsResponseSchema = z.array(postSchema);

/** The edit modal's save (docs/product.md, Profile · Edit scheduled post). */
export const updatePostRequestSchema = z
  .object({
    /** The post's text; with `thread`, part 1's, which it may leave out (docs/decisions/155-threads.md, Editing). */
    text: z.string({ error: 'Post content cannot be empty' }).optional(),
    platform: z
      .enum(['x', 'twitter', 'linkedin'], { error: 'Platform is required' })
      .transform((name) => (name === 'linkedin' ? 'linkedin' : 'x')),
    scheduled_for: isoDateTimeSchema.or(z.literal('')).refine((value) => value !== '', 'Schedule time is required'),
    // As many as the network takes (docs/networks.md, media limits); the server checks each network's own rule.
    media_urls: z.array(z.string().max(500)).max(MEDIA_LIMITS.linkedin.images).default([]),
    /**
     * Per file of `media_urls`, in order: its alt text. Left out, each file kept keeps its own
     * (docs/decisions/152-channel-picker-and-kept-attachments.md).
     */
    media: z.array(mediaDetailsSchema).max(MEDIA_LIMITS.linkedin.images, 'media names more files than media_urls').optional(),
    /** A document post's title; left out, it keeps its title. */
    document: postMediaFields.document,
    linkedin_org_id: z.string().max(40).default(''),
    /** An X thread's parts and a LinkedIn first comment; left out, they stay as they are. */
    ...editThreadFields,
  })
  .superRefine((body, context) => {
    if (!body.thread && !body.text?.trim()) context.addIssue({ code: 'custom', path: ['text'], message: 'Post content cannot be empty' });
    refineEditThreadFields(body, context);
  });

export const postResponseSchema = z.object({ post: postSchema });

/** PATCH /api/v1/posts/:id: a new time for one network's copy, nothing else (docs/decisions/142-calendar.md). */
export const reschedulePostRequestSchema = z.object({
  scheduledAt: z
    .string({ error: 'scheduledAt is required: a date-time like 2026-12-01T09:00:00Z' })
    .max(40, 'scheduledAt is too long')
    .pipe(z.iso.datetime({ offset: true, error: 'scheduledAt must be a date-time with its offset, like 2026-12-01T09:00:00+01:00' })),
});

/**
 * One event of the status stream (`GET /posts/status-changes`, server-sent events, decision 125):
 * one of the caller's posts went out, failed, was missed or went back to waiting. `event: resync`
 * (no data) means changes may have been missed: read everything again.
 */
export const postStatusChangeSchema = z.object({
  id: z.uuid(),
  post_id: z.uuid(),
  status: postStatusSchema,
  /**
   * Set when a thread part or a first comment changed (docs/decisions/155-threads.md): `id` and
   * `status` are then the thread's (the post as the lists show it), `part` the part's own.
   */
  part: partStatusChangeSchema.optional(),
});
export type PostStatusChange = z.infer<typeof postStatusChangeSchema>;

/** Why an owner or admin sends a post back to its author (docs/decisions/130-approvals.md). */
export const rejectPostRequestSchema = z.object({
  reason: z
    .string({ error: 'Say why the post is rejected' })
    .trim()
    .min(1, 'Say why the post is rejected')
    .max(500, 'The reason can be up to 500 characters'),
});

/** Every network's copy of the approved or rejected post: approving acts on the whole post. */
export const approvalResponseSchema = z.object({ posts: z.array(postSchema) });

export const postsRoutes = {
  enhance: defineRoute({
    ...endpoints.posts.enhance,
    example: { body: { platforms: ['x', 'linkedin'], text: 'Dark mode is here: every screen, every browser. Tell us what you think.' } },
    tag: 'content',
    summary: 'AI versions of a text, one per platform',
    body: enhanceRequestSchema,
    response: enhanceResponseSchema,
  }),
  publish: defineRoute({
    ...endpoints.posts.publish,
    tag: 'content',
    summary: "Publish now or schedule: multipart with a JSON part 'data' and an optional part 'image' (JPG, PNG or GIF, up to 10 MB)",
    multipart: true,
    body: publishDataSchema,
    status: 201,
    response: publishResponseSchema,
  }),
  listPosts: defineRoute({
    ...endpoints.posts.listPosts,
    example: { query: { limit: 20, offset: 0, status: 'scheduled', platform: 'x' } },
    tag: 'content',
    summary: "The signed-in user's posts, newest first",
    query: listQuery,
    response: postsResponseSchema,
  }),
  createPost: defineRoute({
    ...endpoints.posts.createPost,
    example: {
      body: {
        text: 'Dark mode is here: every screen, every browser.',
        platforms: ['x', 'linkedin'],
        scheduledFor: '2026-12-01T09:00:00Z',
        timeZone: 'Europe/Berlin',
        mediaIds: ['7d1e9b2c-4a5f-4e8b-b3c6-2f0a9d8e1b47'],
        media: [{ alt: 'The dashboard in dark mode' }],
      },
    },
    tag: 'content',
    summary: 'Publish now or schedule, as JSON',
    body: createPostRequestSchema,
    status: 201,
    response: publishResponseSchema,
  }),
  recent: defineRoute({
    ...endpoints.posts.recent,
    example: { query: { limit: 5 } },
    tag: 'content',
    summary: 'The most recent posts',
    query: recentQuerySchema,
    response: contentsResponseSchema,
  }),
  history: defineRoute({
    ...endpoints.posts.history,
    example: { query: { limit: 20, offset: 0, status: 'published,failed', platform: 'all' } },
    tag: 'content',
    summary: 'Posts, filtered and paged',
    query: listQuery,
    response: contentsResponseSchema,
  }),
  update: defineRoute({
    ...endpoints.posts.update,
    example: {
      params: { id: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7f9a6c13' },
      body: { text: 'Dark mode is here, on every screen.', platform: 'x', scheduled_for: '2026-12-01T10:00:00Z' },
    },
    tag: 'content',
    summary: 'Edit a post that has not gone out yet (text, platform, time, media)',
    params: idParamsSchema,
    body: updatePostRequestSchema,
    response: postResponseSchema,
  }),
  remove: defineRoute({
    ...endpoints.posts.remove,
    example: { params: { id: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7f9a6c13' } },
    tag: 'content',
    summary: 'Delete a post; a published one is also deleted on its network',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  publishNow: defineRoute({
    ...endpoints.posts.publishNow,
    example: { params: { id: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7f9a6c13' } },
    tag: 'content',
    summary: 'Send a scheduled post now',
    params: idParamsSchema,
    response: postResponseSchema,
  }),
  statusChanges: defineRoute({
    ...endpoints.posts.statusChanges,
    tag: 'content',
    summary:
      "A text/event-stream of the signed-in person's post status changes: 'change' events carry one post's new status, 'resync' asks to read everything again",
    stream: true,
    response: postStatusChangeSchema,
  }),
  approve: defineRoute({
    ...endpoints.posts.approve,
    tag: 'content',
    summary:
      'Approve a post waiting for approval (`:id` is any of its targets, as in /content/:id); every network of it is scheduled, sent at once if its time passed within PUBLISH_MISSED_AFTER, or missed',
    params: idParamsSchema,
    response: approvalResponseSchema,
  }),
  reschedule: defineRoute({
    ...endpoints.posts.reschedule,
    example: { params: { id: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7f9a6c13' }, body: { scheduledAt: '2026-12-02T09:00:00+01:00' } },
    tag: 'content',
    summary:
      "Move one network's copy of a post (`:id` as in /content/:id) to another time; refused once it is being published or published, for a past time, or beyond the scheduling horizon",
    params: idParamsSchema,
    body: reschedulePostRequestSchema,
    response: postResponseSchema,
  }),
  retry: defineRoute({
    ...endpoints.posts.retry,
    example: { params: { id: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7f9a6c13' }, body: { fromPart: 3 } },
    tag: 'content',
    summary:
      'Retry from part k: resume a thread (`:id` as in /content/:id) from its first part not on the network, or send a failed first comment again; parts already out are never touched. 409 while a part is being published',
    params: idParamsSchema,
    body: retryRequestSchema,
    response: postResponseSchema,
  }),
  reject: defineRoute({
    ...endpoints.posts.reject,
    tag: 'content',
    summary: 'Reject a post waiting for approval, with a reason its author is mailed and sees on the post',
    params: idParamsSchema,
    body: rejectPostRequestSchema,
    response: approvalResponseSchema,
  }),
} as const;
