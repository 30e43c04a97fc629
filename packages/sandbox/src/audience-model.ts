import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import defaultModelJson from '../audience-model.json' with { type: 'json' };

const multiplierSchema = z.object({
  reach: z.number().positive().default(1),
  engagement: z.number().positive().default(1),
});

const followerSchema = z.object({
  median: z.number().positive(),
  spread: z.number().min(0),
  min: z.number().int().min(0),
  growthPerDay: z.number().min(0),
});

const bucketSchema = multiplierSchema.extend({ upTo: z.number().int().min(0).nullable() });

const weekdaySchema = z
  .object({
    mon: multiplierSchema,
    tue: multiplierSchema,
    wed: multiplierSchema,
    thu: multiplierSchema,
    fri: multiplierSchema,
    sat: multiplierSchema,
    sun: multiplierSchema,
  })
  .partial();

export const audienceModelSchema = z.object({
  timezone: z.string().default('UTC'),
  followers: z.object({ x: followerSchema, linkedin: followerSchema, organization: followerSchema }),
  reach: z.object({ x: z.number().positive(), linkedin: z.number().positive(), organization: z.number().positive() }),
  maturityHours: z.object({ x: z.number().positive(), linkedin: z.number().positive() }),
  engagementRate: z.object({ x: z.number().positive().max(1), linkedin: z.number().positive().max(1) }),
  mix: z.object({
    x: z.object({
      like: z.number().min(0),
      retweet: z.number().min(0),
      reply: z.number().min(0),
      quote: z.number().min(0),
      bookmark: z.number().min(0),
      urlClick: z.number().min(0),
      profileClick: z.number().min(0),
    }),
    linkedin: z.object({
      reaction: z.number().min(0),
      comment: z.number().min(0),
      share: z.number().min(0),
      click: z.number().min(0),
    }),
  }),
  uniqueImpressionRatio: z.number().min(0).max(1).default(0.72),
  reactionTypes: z.record(z.string(), z.number().min(0)).default({ LIKE: 1 }),
  effects: z.object({
    hourOfDay: z.array(multiplierSchema.extend({ from: z.number().int().min(0).max(23), to: z.number().int().min(1).max(24) })).default([]),
    weekday: weekdaySchema.default({}),
    length: z.array(bucketSchema).default([]),
    hashtags: z.array(bucketSchema).default([]),
    image: multiplierSchema.default({ reach: 1, engagement: 1 }),
  }),
  noise: z.object({ reach: z.number().min(0), engagement: z.number().min(0) }).default({ reach: 0, engagement: 0 }),
});

export type AudienceModel = z.infer<typeof audienceModelSchema>;
export type AudienceModelInput = z.input<typeof audienceModelSchema>;

/** Where the shipped model lives, for reading or copying it; loading uses the static import below. */
export const DEFAULT_AUDIENCE_MODEL_PATH = fileURLToPath(new URL('../audience-model.json', import.meta.url));

/** Imported rather than read from disk so a bundled server still finds it. */
export const DEFAULT_AUDIENCE_MODEL: AudienceModelInput = defaultModelJson as AudienceModelInput;

export function parseAudienceModel(input: unknown, source = 'audience model'): AudienceModel {
  const result = audienceModelSchema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Invalid ${source}: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: result.data.timezone });
  } catch {
    throw new Error(`Invalid ${source}: timezone "${result.data.timezone}" is not an IANA time zone`);
  }
  return result.data;
}

export function loadAudienceModel(source: AudienceModelInput | string = DEFAULT_AUDIENCE_MODEL): AudienceModel {
  if (typeof source !== 'string') return parseAudienceModel(source);
  return parseAudienceModel(JSON.parse(readFileSync(source, 'utf8')), source);
}
