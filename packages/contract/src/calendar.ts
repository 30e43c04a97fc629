import { z } from 'zod';
import { networkSchema } from './accounts';
import { CALENDAR_DEFAULT_PER_DAY, CALENDAR_MAX_PER_DAY, CALENDAR_MAX_SPAN_DAYS } from './calendar-limits';
import { endpoints } from './endpoints';
import { isoDateTimeSchema, uuidSchema } from './fields';
import { defineRoute } from './http';
import { postAuthorSchema, timeZoneSchema } from './posts';
import { channelIdSchema } from './channels';
import { postStatuses } from './vocabulary';
import { threadViewFields } from './threads';

const DAY_MS = 86_400_000;

const instantSchema = (name: string) =>
  z
    .string({ error: `${name} is required: a date-time like 2026-12-01T00:00:00Z` })
    .max(40, `${name} is too long`)
    .pipe(z.iso.datetime({ offset: true, error: `${name} must be a date-time with its offset, like 2026-12-01T00:00:00Z` }));

/**
 * GET /api/v1/calendar (docs/product.md, Calendar): what falls in [start, end). Days are cut in
 * `timeZone` (the person's; theirs on the server when left out), and each day answers at most
 * `perDay` items, earliest first, with the count of the rest.
 */
export const calendarQuerySchema = z
  .object({
    start: instantSchema('start'),
    end: instantSchema('end'),
    accountId: uuidSchema.optional(),
    /** One channel's posts and the drafts that chose it (GET /api/v1/channels). */
    channelId: channelIdSchema.optional(),
    network: z.enum(['x', 'linkedin'], { error: "network must be 'x' or 'linkedin'" }).optional(),
    timeZone: timeZoneSchema.optional(),
    perDay: z.coerce
      .number({ error: 'perDay must be a number' })
      .min(1, 'perDay must be at least 1')
      .max(CALENDAR_MAX_PER_DAY, `perDay must be at most ${CALENDAR_MAX_PER_DAY}`)
      .int('perDay must be a whole number')
      .default(CALENDAR_DEFAULT_PER_DAY),
  })
  .superRefine((query, context) => {
    const span = new Date(query.end).getTime() - new Date(query.start).getTime();
    if (span <= 0) context.addIssue({ code: 'custom', path: ['end'], message: 'end must be after start' });
    else if (span > CALENDAR_MAX_SPAN_DAYS * DAY_MS)
      context.addIssue({
        code: 'custom',
        path: ['end'],
        message: `The calendar shows at most ${CALENDAR_MAX_SPAN_DAYS} days at once; ask for a shorter range`,
      });
  });
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const calendarItemStatusSchema = z.enum([...postStatuses, 'draft']);

/** One post target (kind 'post', `id` as in /content/:id) or one draft with a date (kind 'draft', status 'draft'). */
export const calendarItemSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['post', 'draft']),
  status: calendarItemStatusSchema,
  /** When it is planned for (a draft: the date its writer has in mind). */
  scheduledAt: isoDateTimeSchema,
  /** When it went out; null until then. */
  publishedAt: isoDateTimeSchema.nullable(),
  /** Where the calendar shows it: `publishedAt` once published, else `scheduledAt`. */
  at: isoDateTimeSchema,
  platforms: z.array(networkSchema),
  text: z.string(),
  /** The zone it was planned in. */
  timeZone: z.string().nullable(),
  /** The composed post it belongs to (its other networks' copies share it); null for a draft. */
  postId: z.uuid().nullable(),
  /** The account it goes out through: null for a draft, or once the account is disconnected. */
  account: z.object({ id: z.uuid(), username: z.string().nullable(), displayName: z.string().nullable() }).nullable(),
  /** Who wrote it in Postflow; null once that person's account is deleted. */
  author: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  failureReason: z.string().nullable(),
  platformUrl: z.string().nullable(),
  /** Its images' addresses, as a post's `media_urls` (an edit from the calendar sends them back). */
  mediaUrls: z.array(z.string()),
  /** Per file of `mediaUrls`: its alt text, as a post's `media_alts`. */
  mediaAlts: z.array(z.string()),
  /** A document post's title, as a post's `document_title`. */
  documentTitle: z.string().nullable(),
  /** Who a post goes out as: its channel's name, handle and picture (docs/product.md, Channels); absent for a draft. */
  channel: postAuthorSchema.optional(),
  /** A thread's parts (counts per part; the item's are their sums) and a first comment (docs/decisions/155-threads.md). */
  ...threadViewFields,
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;

export const calendarResponseSchema = z.object({
  items: z.array(calendarItemSchema),
  /**
   * Days holding more posts than `perDay`: the day's start and end, and how many more it holds;
   * `exact` is false when the day holds more than CALENDAR_DAY_COUNT_CAP posts and `count` is a floor.
   */
  more: z.array(z.object({ start: isoDateTimeSchema, end: isoDateTimeSchema, count: z.number().int(), exact: z.boolean() })),
  /** The zone the days were cut in. */
  timeZone: z.string(),
  /** The plan's history start when it hid part of the range, else null. */
  historyStart: isoDateTimeSchema.nullable(),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

export const calendarRoutes = {
  items: defineRoute({
    ...endpoints.calendar.items,
    example: {
      query: { start: '2026-12-01T00:00:00+01:00', end: '2027-01-01T00:00:00+01:00', timeZone: 'Europe/Berlin', network: 'linkedin' },
    },
    tag: 'content',
    summary:
      "The workspace's posts (scheduled by their time, published by their publish time) and dated drafts in [start, end), at most 45 days, at most perDay a day",
    query: calendarQuerySchema,
    response: calendarResponseSchema,
  }),
} as const;
