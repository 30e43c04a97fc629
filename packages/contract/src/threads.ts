import { z } from 'zod';
import { channelIdSchema } from './channels';
import { isoDateTimeSchema } from './fields';
import { mediaDetailsSchema } from './media';
import { MEDIA_LIMITS } from './media-limits';
import { isBlankText } from './text/blank';
import { LINKEDIN_COMMENT_MAX_LENGTH, X_MAX_WEIGHTED_LENGTH } from './text/limits';
import { THREAD_MAX_PARTS } from './text/thread-split';
import { xWeightedLength } from './text/x-length';
import { threadPartStatuses } from './vocabulary';

/**
 * X threads and LinkedIn first comments in the publish call (docs/product.md, Composer · Threads;
 * docs/decisions/155-threads.md): `thread` and `firstComment` by network, `perChannelThread` and
 * `perChannelFirstComment` by channel, as `perChannel` gives a channel its own text. A channel's
 * thread replaces its text: part 1 is the post, part k answers part k − 1.
 */

const PART_IMAGES = MEDIA_LIMITS.x.images;

/** One part as sent: its text, or its text with its own images (up to 4) and their alt texts. */
export const threadPartInputSchema = z.union(
  [
    z.string(),
    z.object({
      text: z.string({ error: 'A thread part needs its text' }),
      mediaIds: z
        .array(z.uuid({ error: 'mediaIds must hold ids of uploaded media' }))
        .max(PART_IMAGES, `A thread part can carry up to ${PART_IMAGES} images`)
        .refine((ids) => new Set(ids).size === ids.length, 'Each image can be attached once')
        .optional(),
      media: z.array(mediaDetailsSchema).max(PART_IMAGES, `A thread part can carry up to ${PART_IMAGES} images`).optional(),
    }),
  ],
  { error: 'A thread part is its text, or { text, mediaIds }' },
);
export type ThreadPartInput = z.input<typeof threadPartInputSchema>;

/** A part as the server reads it. */
export interface ThreadPart {
  text: string;
  mediaIds: string[];
  alts: string[];
}

export function normalizeThreadPart(part: z.output<typeof threadPartInputSchema>): ThreadPart {
  if (typeof part === 'string') return { text: part, mediaIds: [], alts: [] };
  const mediaIds = part.mediaIds ?? [];
  return { text: part.text, mediaIds, alts: mediaIds.map((_, index) => part.media?.[index]?.alt ?? '') };
}

// Bounded before the per-part checks, so a huge array is refused without being walked twice.
const threadParts = z.array(threadPartInputSchema, { error: 'A thread is a list of parts' }).max(200, 'A thread can have up to 25 parts');

const comment = z.string({ error: 'A first comment is text' }).max(20_000, 'A first comment can be up to 1,250 characters');

/** The publish data's (and POST /posts') thread and first-comment fields. */
export const threadFields = {
  /** By network: `{ x: [part, …] }` for every X channel without a thread of its own. */
  thread: z.record(z.string(), threadParts).optional(),
  /** By channel (an X channel that is chosen): its own thread. */
  perChannelThread: z.record(channelIdSchema, threadParts).optional(),
  /** By network: `{ linkedin: "text" }` under every LinkedIn channel's post without a comment of its own. */
  firstComment: z.record(z.string(), comment).optional(),
  /** By channel (a LinkedIn channel that is chosen): its own first comment. */
  perChannelFirstComment: z.record(channelIdSchema, comment).optional(),
};

type ThreadFieldsData = {
  [K in keyof typeof threadFields]?: z.output<(typeof threadFields)[K]>;
} & { channels: readonly string[]; platforms: readonly string[] };

const thousands = (n: number) => n.toLocaleString('en-US');

/** Why a thread's parts cannot go out, naming each part (1-based) and where it is: 'the X thread', 'channel …'s thread'. */
export function threadPartProblems(parts: readonly ThreadPartInput[], where: string): { index?: number; message: string }[] {
  const whole = `${where.charAt(0).toUpperCase()}${where.slice(1)}`;
  if (parts.length === 0) return [{ message: `${whole} has no parts: write at least one, or leave the thread out` }];
  if (parts.length > THREAD_MAX_PARTS)
    return [{ message: `${whole} has ${parts.length} parts; a thread can have up to ${THREAD_MAX_PARTS}` }];
  const problems: { index: number; message: string }[] = [];
  parts.forEach((part, index) => {
    const text = typeof part === 'string' ? part : part.text;
    const name = `Part ${index + 1} of ${where}`;
    if (isBlankText(text)) problems.push({ index, message: `${name} is empty: write it or remove the part` });
    else {
      const length = xWeightedLength(text);
      if (length > X_MAX_WEIGHTED_LENGTH)
        problems.push({
          index,
          message: `${name} is ${thousands(length)} characters; X allows ${X_MAX_WEIGHTED_LENGTH} (links count 23, emoji and CJK 2)`,
        });
    }
  });
  return problems;
}

/** Why a LinkedIn first comment cannot go out ('the LinkedIn first comment', 'channel …'s first comment'). */
export function firstCommentProblem(text: string, where: string): string | undefined {
  if (isBlankText(text)) return `${where} is empty: write it or leave it out`;
  if (text.length > LINKEDIN_COMMENT_MAX_LENGTH)
    return `${where} is ${thousands(text.length)} characters; LinkedIn allows ${thousands(LINKEDIN_COMMENT_MAX_LENGTH)} in a comment`;
  return undefined;
}

/** The checks the contract can make alone; which network a channel is on is checked by the server. */
export function refineThreadFields(data: ThreadFieldsData, context: z.RefinementCtx) {
  // Without channels, the networks named are where the post goes.
  const notChosen = (network: 'x' | 'linkedin') => data.channels.length === 0 && !data.platforms.includes(network);
  for (const [network, parts] of Object.entries(data.thread ?? {})) {
    if (network !== 'x') {
      context.addIssue({
        code: 'custom',
        path: ['thread', network],
        message:
          network === 'linkedin'
            ? 'LinkedIn has no threads: send one text for LinkedIn, with a first comment if you like'
            : `thread takes 'x' only, not '${network}'`,
      });
      continue;
    }
    if (notChosen('x')) {
      context.addIssue({
        code: 'custom',
        path: ['thread', 'x'],
        message: 'This thread is for X, which is not chosen: add X or leave the thread out',
      });
      continue;
    }
    for (const problem of threadPartProblems(parts, 'the X thread'))
      context.addIssue({
        code: 'custom',
        path: ['thread', 'x', ...(problem.index === undefined ? [] : [problem.index])],
        message: problem.message,
      });
  }
  for (const [channelId, parts] of Object.entries(data.perChannelThread ?? {})) {
    if (!data.channels.includes(channelId)) {
      context.addIssue({
        code: 'custom',
        path: ['perChannelThread', channelId],
        message: 'This thread is for a channel that is not chosen',
      });
      continue;
    }
    for (const problem of threadPartProblems(parts, `channel ${channelId}'s thread`))
      context.addIssue({
        code: 'custom',
        path: ['perChannelThread', channelId, ...(problem.index === undefined ? [] : [problem.index])],
        message: problem.message,
      });
  }
  for (const [network, text] of Object.entries(data.firstComment ?? {})) {
    if (network !== 'linkedin') {
      context.addIssue({
        code: 'custom',
        path: ['firstComment', network],
        message:
          network === 'x'
            ? 'X has no first comment: make it part 2 of an X thread instead; first comments are for LinkedIn'
            : `firstComment takes 'linkedin' only, not '${network}'`,
      });
      continue;
    }
    if (notChosen('linkedin')) {
      context.addIssue({
        code: 'custom',
        path: ['firstComment', 'linkedin'],
        message: 'This first comment is for LinkedIn, which is not chosen: add LinkedIn or leave the comment out',
      });
      continue;
    }
    const problem = firstCommentProblem(text, 'The LinkedIn first comment');
    if (problem) context.addIssue({ code: 'custom', path: ['firstComment', 'linkedin'], message: problem });
  }
  for (const [channelId, text] of Object.entries(data.perChannelFirstComment ?? {})) {
    if (!data.channels.includes(channelId)) {
      context.addIssue({
        code: 'custom',
        path: ['perChannelFirstComment', channelId],
        message: 'This first comment is for a channel that is not chosen',
      });
      continue;
    }
    const problem = firstCommentProblem(text, `Channel ${channelId}'s first comment`);
    if (problem) context.addIssue({ code: 'custom', path: ['perChannelFirstComment', channelId], message: problem });
  }
}

/**
 * PUT /content/:id's thread and first comment (docs/decisions/155-threads.md, Editing): the whole
 * thread as it should be, part 1 first, or the first comment ('' or null removes it). Left out,
 * the parts or the comment stay as they are.
 */
export const editThreadFields = {
  /** An X post's parts, in the publish call's shape; part 1 is the post. */
  thread: threadParts.optional(),
  /** A LinkedIn post's first comment; '' or null removes it. */
  firstComment: comment.nullable().optional(),
};

/** The edit's own checks: a thread for X, a comment for LinkedIn, each part and the comment as composing checks them. */
export function refineEditThreadFields(
  data: {
    platform: string;
    text?: string | undefined;
    thread?: readonly ThreadPartInput[] | undefined;
    firstComment?: string | null | undefined;
  },
  context: z.RefinementCtx,
) {
  if (data.thread) {
    if (data.platform !== 'x')
      context.addIssue({
        code: 'custom',
        path: ['thread'],
        message: 'LinkedIn has no threads: send one text for LinkedIn, with a first comment if you like',
      });
    else {
      for (const problem of threadPartProblems(data.thread, 'the thread'))
        context.addIssue({
          code: 'custom',
          path: ['thread', ...(problem.index === undefined ? [] : [problem.index])],
          message: problem.message,
        });
      const first = data.thread[0];
      const firstText = typeof first === 'string' ? first : first?.text;
      // One text for part 1: the thread's, so `text` may be left out; sent, it must say the same.
      if (data.text !== undefined && firstText !== undefined && data.text !== firstText)
        context.addIssue({
          code: 'custom',
          path: ['text'],
          message: "With a thread, text is part 1 of it: send the text of the thread's first part, or leave text out",
        });
    }
  }
  if (data.firstComment !== undefined) {
    if (data.platform !== 'linkedin')
      context.addIssue({
        code: 'custom',
        path: ['firstComment'],
        message: 'X has no first comment: make it part 2 of a thread instead; first comments are for LinkedIn',
      });
    else if (data.firstComment) {
      const problem = firstCommentProblem(data.firstComment, 'The first comment');
      // '' removes the comment; one of spaces only is a mistake, said as composing says it.
      if (problem) context.addIssue({ code: 'custom', path: ['firstComment'], message: problem });
    }
  }
}

export const threadPartStatusSchema = z.enum(threadPartStatuses);
export type ThreadPartStatus = z.infer<typeof threadPartStatusSchema>;

/**
 * One part of an X thread as the app shows it (posts, feed, calendar, analytics): each part is
 * published on its own, so each has its status, address, reason and counts.
 */
export const threadPartSchema = z.object({
  /** The part's own target id. */
  id: z.uuid(),
  /** 1 for the first post, k for the reply to part k − 1. */
  position: z.number().int().min(1),
  text: z.string(),
  /** 'unsent': an earlier part failed for good; `failure_reason` says which ("Not sent: part 3 failed: …"). */
  status: threadPartStatusSchema,
  media_urls: z.array(z.string()),
  /** Per file of `media_urls`, its alt text ('' for none): an edit sends them back. */
  media_alts: z.array(z.string()),
  platform_url: z.string().nullable(),
  published_at: isoDateTimeSchema.nullable(),
  failure_reason: z.string().nullable(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  shares_count: z.number().int(),
  /** Null when the network does not report impressions for it. */
  impressions_count: z.number().int().nullable(),
});
export type ThreadPartView = z.infer<typeof threadPartSchema>;

/** A LinkedIn post's first comment, created under the post once the post is published. */
export const firstCommentSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  status: threadPartStatusSchema,
  /** The post's address: LinkedIn gives comments none of their own. */
  platform_url: z.string().nullable(),
  published_at: isoDateTimeSchema.nullable(),
  failure_reason: z.string().nullable(),
});
export type FirstCommentView = z.infer<typeof firstCommentSchema>;

/**
 * What a post (feed item, calendar item, analytics row) adds when it is a thread or carries a first
 * comment. For a thread, the item's `text` is part 1's, its counts are the parts' sums, its address
 * is part 1's, and its status is the thread's: 'partially_published' once a part failed for good
 * after earlier ones went out.
 */
export const threadViewFields = {
  /** An X thread's parts, part 1 first; absent for a single post. */
  thread: z.array(threadPartSchema).optional(),
  /** A LinkedIn post's first comment; absent when it has none. */
  first_comment: firstCommentSchema.optional(),
};

/** POST /api/v1/posts/:id/retry: resume a thread from its first part not out, or send a failed first comment again. */
export const retryRequestSchema = z.object({
  /**
   * The part to resume from (1-based): the first part that is not on the network. Omitted: that
   * part, or the failed first comment. Parts already out are never touched.
   */
  fromPart: z
    .number({ error: 'fromPart must be a part number, like 3' })
    .int('fromPart must be a part number, like 3')
    .min(1, 'fromPart must be a part number, like 3')
    .max(THREAD_MAX_PARTS, `A thread has at most ${THREAD_MAX_PARTS} parts`)
    .optional(),
});

/** Part progress in the status stream: the part (or first comment) whose status changed. */
export const partStatusChangeSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['part', 'comment']),
  /** The part's number; 0 for a first comment. */
  position: z.number().int().min(0),
  status: threadPartStatusSchema,
});
