import { z } from 'zod';
import { networkSchema } from './accounts';
import { channelIdSchema } from './channels';
import { postAttachmentFields, postAuthorSchema, postStatusSchema, timeZoneSchema } from './posts';
import { idParamsSchema, isoDateTimeSchema } from './fields';
import { defineRoute } from './http';
import { zonedTimeToInstant } from './time-zones';
import { endpoints } from './endpoints';
import { FEED_DEFAULT_LIMIT, FEED_MAX_LIMIT, FEED_MAX_OFFSET } from './limits';
import { threadViewFields } from './threads';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateOnlyParts(value: string): { year: number; month: number; day: number } | undefined {
  const match = DATE_ONLY.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2026-02-30 rolls over to March in Date.UTC: such a day does not exist.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

const isDateTime = (value: string) => isoDateTimeSchema.safeParse(value).success;

/** A bound of a feed range: an ISO 8601 date-time with its offset, or a date (YYYY-MM-DD) read in `tz`. */
const feedDateSchema = (name: string) =>
  z
    .string({ error: `${name} must be a date like 2026-05-01 or a date-time like 2026-05-01T09:00:00Z` })
    .max(40, `${name} is too long`)
    .refine(
      (value) => dateOnlyParts(value) !== undefined || isDateTime(value),
      `${name} must be a date like 2026-05-01 or a date-time like 2026-05-01T09:00:00Z`,
    );

export interface FeedBound {
  instant: Date;
  /** False for the end of a date-only range: it stops at midnight that starts the next day. */
  inclusive: boolean;
}

/**
 * Turns `start_date` or `end_date` into an instant. A date-time is taken as it is; a date means its
 * whole day in `timeZone`: a start at that day's midnight, an end at the next day's (excluded).
 */
export function feedBound(value: string, timeZone: string, edge: 'start' | 'end'): FeedBound | undefined {
  const day = dateOnlyParts(value);
  if (day) {
    if (edge === 'start') return { instant: zonedTimeToInstant({ ...day, hour: 0, minute: 0 }, timeZone), inclusive: true };
    const next = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
    const nextDay = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
    return { instant: zonedTimeToInstant({ ...nextDay, hour: 0, minute: 0 }, timeZone), inclusive: false };
  }
  if (!isDateTime(value)) return undefined;
  return { instant: new Date(value), inclusive: true };
}

const pagingFields = {
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .min(1, 'limit must be at least 1')
    .max(FEED_MAX_LIMIT, `limit must be at most ${FEED_MAX_LIMIT}`)
    // After the range checks: zod's int() also refuses numbers past 2^53, and "too big" is the clearer word.
    .int('limit must be a whole number')
    .default(FEED_DEFAULT_LIMIT),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .min(0, 'offset cannot be negative')
    .max(FEED_MAX_OFFSET, `offset must be at most ${FEED_MAX_OFFSET}`)
    .int('offset must be a whole number')
    .default(0),
};

/** The feed page's filters (docs/product.md, Feed · Filters); `tz` is ours: the browser's zone, for date-only bounds. */
export const feedQuerySchema = z
  .object({
    /** The feed page sends 'personal'; the default is 'personalized'. Both are the signed-in user's own posts. */
    type: z.enum(['personal', 'personalized'], { error: "type must be 'personal' or 'personalized'" }).default('personalized'),
    ...pagingFields,
    platform: z
      .enum(['all', 'x', 'twitter', 'linkedin'], { error: "platform must be 'x', 'twitter' or 'linkedin'" })
      .default('all')
      .transform((name) => (name === 'twitter' ? 'x' : name)),
    /** 'scheduled' also holds posts being sent right now (pending); 'pending_approval' is ours (decision 130). */
    status: z
      .enum(['all', 'published', 'scheduled', 'pending_approval'], {
        error: "status must be 'all', 'published', 'scheduled' or 'pending_approval'",
      })
      .default('all'),
    /** One channel's posts (GET /api/v1/channels); another workspace's channel matches nothing. */
    channelId: channelIdSchema.optional(),
    start_date: feedDateSchema('start_date').optional(),
    end_date: feedDateSchema('end_date').optional(),
    tz: timeZoneSchema.default('UTC'),
  })
  .superRefine((query, context) => {
    if (!query.start_date || !query.end_date) return;
    const start = feedBound(query.start_date, query.tz, 'start');
    const end = feedBound(query.end_date, query.tz, 'end');
    if (!start || !end) return;
    const reversed = end.inclusive ? end.instant < start.instant : end.instant <= start.instant;
    if (reversed) context.addIssue({ code: 'custom', path: ['end_date'], message: 'end_date cannot be before start_date' });
  });
export type FeedQuery = z.output<typeof feedQuerySchema>;

export const userFeedQuerySchema = z.object(pagingFields);

/** A feed item (docs/product.md, Feed · Post card), plus when the counts were read and why a post did not go out. */
export const feedPostSchema = z.object({
  id: z.uuid(),
  /** The picture of the network account it went out through, else the person's own. */
  user_profile_image: z.string().nullable(),
  /** The handle on the network it went out through. */
  username: z.string().nullable(),
  user_first_name: z.string().nullable(),
  user_last_name: z.string().nullable(),
  platform: networkSchema,
  /** 'published' or 'scheduled' mostly; 'pending' while it is sent, and 'failed', 'missed' or 'needs_reconnect' with a reason. */
  status: postStatusSchema,
  published_at: isoDateTimeSchema.nullable(),
  scheduled_for: isoDateTimeSchema.nullable(),
  text: z.string(),
  media_urls: z.array(z.string()),
  ...postAttachmentFields,
  platform_url: z.string().nullable(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  shares_count: z.number().int(),
  /** When the network last reported the counts; null before the first reading. */
  metrics_updated_at: isoDateTimeSchema.nullable(),
  failure_reason: z.string().nullable(),
  /** Who it went out as: the network account or the LinkedIn page (what the card shows). */
  author: postAuthorSchema,
  /** A thread's parts (counts per part; the item's are their sums) and a first comment (docs/decisions/155-threads.md). */
  ...threadViewFields,
});
export type FeedPost = z.infer<typeof feedPostSchema>;

export const feedResponseSchema = z.object({
  posts: z.array(feedPostSchema),
  /**
   * The posts that match the filters, for the page count; counted up to FEED_COUNT_HORIZON past
   * the offset, beyond which `total_count_exact` is false and there are more.
   */
  total_count: z.number().int(),
  total_count_exact: z.boolean(),
});
export type FeedResponse = z.infer<typeof feedResponseSchema>;

export const feedRoutes = {
  personal: defineRoute({
    ...endpoints.feed.personal,
    example: {
      query: {
        type: 'personal',
        limit: 20,
        offset: 0,
        platform: 'linkedin',
        status: 'published',
        start_date: '2026-11-01',
        end_date: '2026-11-30',
        tz: 'Europe/Berlin',
      },
    },
    tag: 'feed',
    summary: "The signed-in user's posts, newest first, filtered by network, status and time",
    query: feedQuerySchema,
    response: feedResponseSchema,
  }),
  user: defineRoute({
    ...endpoints.feed.user,
    example: { params: { id: 'a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c65' }, query: { limit: 20, offset: 0 } },
    tag: 'feed',
    summary: "A user's posts, newest first; only the signed-in user's own until public profiles exist",
    params: idParamsSchema,
    query: userFeedQuerySchema,
    response: feedResponseSchema,
  }),
} as const;
