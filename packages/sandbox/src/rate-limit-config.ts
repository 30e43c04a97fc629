import { z } from 'zod';
import { DEFAULT_LINKEDIN_DAILY_LIMIT, type LinkedInDailyLimit } from './linkedin/linkedin-rate-limits';
import { defaultXRateLimits, X_RATE_LIMITED_ENDPOINTS, type XLimitRule, type XRateLimitedEndpoint } from './x/x-rate-limits';

const limit = z.number().int().positive().nullable();

const xRuleOverrideSchema = z
  .object({
    perUser: limit,
    perApp: limit,
    windowMs: z.number().int().positive(),
    perUserDay: limit,
    perAppDay: limit,
  })
  .partial();

const linkedInLimitSchema = z.object({ perMemberPerDay: limit, perAppPerDay: limit }).partial();

export const rateLimitOptionsSchema = z.object({
  enabled: z.boolean().optional(),
  x: z.partialRecord(z.enum(X_RATE_LIMITED_ENDPOINTS), xRuleOverrideSchema).optional(),
  linkedin: z
    .object({
      default: linkedInLimitSchema.optional(),
      endpoints: z.record(z.string(), linkedInLimitSchema).optional(),
    })
    .optional(),
});

export type RateLimitOptions = z.input<typeof rateLimitOptionsSchema>;

export interface RateLimitConfig {
  enabled: boolean;
  x: Record<XRateLimitedEndpoint, XLimitRule>;
  linkedin: { default: LinkedInDailyLimit; endpoints: Record<string, LinkedInDailyLimit> };
}

export function defaultRateLimitConfig(): RateLimitConfig {
  return {
    enabled: true,
    x: defaultXRateLimits(),
    linkedin: { default: { ...DEFAULT_LINKEDIN_DAILY_LIMIT }, endpoints: {} },
  };
}

/** Applies overrides on top of `base` (defaults, or the current config for the admin endpoint). */
export function applyRateLimitOptions(base: RateLimitConfig, options: RateLimitOptions | false | undefined): RateLimitConfig {
  const config: RateLimitConfig = {
    enabled: base.enabled,
    x: Object.fromEntries(Object.entries(base.x).map(([name, rule]) => [name, { ...rule }])) as RateLimitConfig['x'],
    linkedin: { default: { ...base.linkedin.default }, endpoints: { ...base.linkedin.endpoints } },
  };
  if (options === false) {
    config.enabled = false;
    return config;
  }
  if (!options) return config;
  const parsed = rateLimitOptionsSchema.parse(options);
  if (parsed.enabled !== undefined) config.enabled = parsed.enabled;
  for (const [name, override] of Object.entries(parsed.x ?? {}) as Array<[XRateLimitedEndpoint, Partial<XLimitRule>]>) {
    config.x[name] = { ...config.x[name], ...override };
  }
  if (parsed.linkedin?.default) config.linkedin.default = { ...config.linkedin.default, ...parsed.linkedin.default };
  for (const [name, override] of Object.entries(parsed.linkedin?.endpoints ?? {})) {
    config.linkedin.endpoints[name] = { ...config.linkedin.default, ...config.linkedin.endpoints[name], ...override };
  }
  return config;
}

export function linkedInLimitFor(config: RateLimitConfig, endpoint: string): LinkedInDailyLimit {
  return config.linkedin.endpoints[endpoint] ?? config.linkedin.default;
}
