/** docs/product.md, Analytics · Sections: the engagement trend shows at most 7 points. */
export const MAX_TREND_POINTS = 7;

export interface TrendPoint {
  date: string;
  value: number;
}

/** One point of the chart: the engagements of the posts published from `start` to `end` (whole days). */
export interface TrendBucket {
  start: string;
  end: string;
  value: number;
}

/**
 * Fits the daily trend (one point per day of the range) into at most `max` points. A longer range is
 * cut into `max` consecutive buckets of nearly equal length (sizes differ by at most one day) whose
 * values are summed, so the chart still covers the whole range chosen (docs/decisions/090).
 */
export function compactTrend(points: readonly TrendPoint[], max = MAX_TREND_POINTS): TrendBucket[] {
  if (points.length <= max) return points.map((point) => ({ start: point.date, end: point.date, value: point.value }));
  const size = points.length / max;
  const buckets: TrendBucket[] = [];
  for (let index = 0; index < max; index += 1) {
    const slice = points.slice(Math.round(index * size), Math.round((index + 1) * size));
    const first = slice[0];
    const last = slice[slice.length - 1];
    if (!first || !last) continue;
    buckets.push({ start: first.date, end: last.date, value: slice.reduce((sum, point) => sum + point.value, 0) });
  }
  return buckets;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** 'Mar 4', or 'Mar 1 – Mar 5' for a bucket of several days. */
export function bucketLabel(bucket: TrendBucket): string {
  return bucket.start === bucket.end ? formatDay(bucket.start) : `${formatDay(bucket.start)} – ${formatDay(bucket.end)}`;
}
