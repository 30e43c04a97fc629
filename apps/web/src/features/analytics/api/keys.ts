import type { AnalyticsPlatform } from '../lib/platforms';
import type { DayRange } from '../lib/range';

/** Everything this screen caches; "reload the data" (docs/product.md, Analytics · Messages) invalidates this key. */
export const analyticsQueryKey = ['analytics'] as const;

export const analyticsKeys = {
  summaries: [...analyticsQueryKey, 'summary'] as const,
  summary: (platform: AnalyticsPlatform, range: DayRange, channel: string) =>
    [...analyticsQueryKey, 'summary', platform, range.start, range.end, channel] as const,
  audience: (platform: AnalyticsPlatform) => [...analyticsQueryKey, 'audience', platform] as const,
  optimalTimes: (platform: AnalyticsPlatform, channel: string) => [...analyticsQueryKey, 'optimal-times', platform, channel] as const,
  syncStatus: (network: string) => [...analyticsQueryKey, 'sync-status', network] as const,
};
