import { z } from 'zod';
import { networkSchema } from './accounts';
import { channelIdSchema } from './channels';
import { endpoints } from './endpoints';
import { isoDateTimeSchema, uuidSchema } from './fields';
import { defineRoute } from './http';
import { postSchema, timeZoneSchema } from './posts';
import { slotDays, type SlotDay } from './vocabulary';

/**
 * The queue (docs/product.md, Queue; docs/decisions/143-queue-and-posting-slots.md): each connected
 * account's weekly posting times in one time zone, and "add to queue", which gives a post the
 * account's next free one.
 */
/** At most this many weekly times per account (four an hour would already be 672). */
export const MAX_SLOTS = 200;

const dayNames: Record<string, SlotDay> = Object.fromEntries(
  slotDays.flatMap((day, index) => [
    [day, day],
    [['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'][index] as string, day],
  ]),
);

export const slotDaySchema = z
  .string({ error: 'Each slot needs a day: mon, tue, wed, thu, fri, sat or sun' })
  .transform((value, context) => {
    const day = dayNames[value.trim().toLowerCase()];
    if (!day) {
      context.addIssue({ code: 'custom', message: `"${value.slice(0, 20)}" is not a day: use mon, tue, wed, thu, fri, sat or sun` });
      return z.NEVER;
    }
    return day;
  });

/** 'HH:MM' on a 24-hour clock; '9:00' is read as '09:00'. */
export const slotTimeSchema = z.string({ error: 'Each slot needs a time like 09:00' }).transform((value, context) => {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  if (!match) {
    context.addIssue({ code: 'custom', message: `"${value.slice(0, 20)}" is not a time: use a 24-hour time like 09:00 or 17:30` });
    return z.NEVER;
  }
  return `${(match[1] as string).padStart(2, '0')}:${match[2] as string}`;
});

export const slotSchema = z.object({ day: slotDaySchema, time: slotTimeSchema });
export type Slot = { day: SlotDay; time: string };

export const accountParamsSchema = z.object({ accountId: uuidSchema });

export const putSlotsRequestSchema = z.object({
  timeZone: timeZoneSchema,
  slots: z.array(slotSchema).max(MAX_SLOTS, `An account can have up to ${MAX_SLOTS} posting times a week`),
  /** A paused queue keeps its times but takes no new posts; unchanged when left out. */
  paused: z.boolean().optional(),
});

const slotOutSchema = z.object({ day: z.enum(slotDays), time: z.string() });

export const slotsResponseSchema = z.object({
  accountId: z.uuid(),
  timeZone: z.string(),
  /** Sorted by day (Monday first) then time, each once. */
  slots: z.array(slotOutSchema),
  paused: z.boolean(),
  /** What the save merged, in words ("Mon 09:00 was listed twice; kept once"); empty on reads. */
  merged: z.array(z.string()),
});
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

export const queueQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int()
    .min(1, 'days must be at least 1')
    .max(60, 'days can be at most 60')
    .default(14),
  /**
   * Only the queue of this channel's account (GET /api/v1/channels): slots belong to accounts, so a
   * LinkedIn member's slots also show the posts queued for their pages. Another workspace's channel: no queue.
   */
  channelId: channelIdSchema.optional(),
});

export const queueEntrySchema = z.object({
  at: isoDateTimeSchema,
  day: z.enum(slotDays),
  /** The slot's time as written; the instant may differ on a spring-forward day (see `note`). */
  time: z.string(),
  note: z.string().nullable(),
  /** The post holding this slot, or null when it is free. */
  post: postSchema.nullable(),
});

export const accountQueueSchema = z.object({
  accountId: z.uuid(),
  platform: networkSchema,
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  timeZone: z.string(),
  paused: z.boolean(),
  slots: z.array(slotOutSchema),
  entries: z.array(queueEntrySchema),
});
export type AccountQueue = z.infer<typeof accountQueueSchema>;

export const queueResponseSchema = z.object({ days: z.number().int(), accounts: z.array(accountQueueSchema) });

export const moveQueuedRequestSchema = z.object({
  /** The slot instant to move to: the post in it, if any, takes this post's old slot. */
  to: isoDateTimeSchema,
});
export const moveQueuedResponseSchema = z.object({ posts: z.array(postSchema) });

export const slotSuggestionsResponseSchema = z.object({
  accountId: z.uuid(),
  timeZone: z.string(),
  /** Published posts with known reach behind the suggestion. */
  sampleSize: z.number().int(),
  /** How many are needed before Postflow suggests anything. */
  needed: z.number().int(),
  /** 'low', 'medium' or 'high'; null without a suggestion. */
  confidence: z.enum(['low', 'medium', 'high']).nullable(),
  /** The suggestion in words, or why there is none. */
  message: z.string(),
  slots: z.array(slotOutSchema),
});
export type SlotSuggestions = z.infer<typeof slotSuggestionsResponseSchema>;

export const queueRoutes = {
  getSlots: defineRoute({
    ...endpoints.queue.getSlots,
    example: { params: { accountId: 'a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c65' } },
    tag: 'queue',
    summary: "An account's weekly posting times, its time zone, and whether its queue is paused",
    params: accountParamsSchema,
    response: slotsResponseSchema,
  }),
  putSlots: defineRoute({
    ...endpoints.queue.putSlots,
    example: {
      params: { accountId: 'a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c65' },
      body: {
        timeZone: 'Europe/Berlin',
        slots: [
          { day: 'mon', time: '09:00' },
          { day: 'wed', time: '12:30' },
          { day: 'fri', time: '17:00' },
        ],
      },
    },
    tag: 'queue',
    summary: "Replace an account's weekly posting times (duplicates are merged and said so); pause or resume its queue",
    params: accountParamsSchema,
    body: putSlotsRequestSchema,
    response: slotsResponseSchema,
  }),
  suggestions: defineRoute({
    ...endpoints.queue.suggestions,
    example: { params: { accountId: 'a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c65' } },
    tag: 'queue',
    summary: "Posting times suggested from the account's own best times, with how confident the suggestion is",
    params: accountParamsSchema,
    response: slotSuggestionsResponseSchema,
  }),
  list: defineRoute({
    ...endpoints.queue.list,
    example: { query: { days: 14, channelId: 'c2a4e6f8-1b3d-4f5a-8c7e-9d0b2a4c6e81' } },
    tag: 'queue',
    summary: "Every account's coming slots, free and filled, with the post in each",
    query: queueQuerySchema,
    response: queueResponseSchema,
  }),
  move: defineRoute({
    ...endpoints.queue.move,
    example: { params: { id: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7f9a6c13' }, body: { to: '2026-12-02T11:30:00Z' } },
    tag: 'queue',
    summary: "Move a queued post to another of its account's slots; a post already there swaps with it",
    params: z.object({ id: uuidSchema }),
    body: moveQueuedRequestSchema,
    response: moveQueuedResponseSchema,
  }),
} as const;
