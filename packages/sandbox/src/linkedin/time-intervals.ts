import { linkedInIllegalArgument } from './linkedin-errors';
import { asObject, asString, type RestliValue } from './restli';

export interface TimeBucket {
  start: number;
  end: number;
}

const MAX_BUCKETS = 1000;

/**
 * `timeIntervals=(timeRange:(start:…,end:…),timeGranularityType:DAY)` (docs/networks.md, LinkedIn · Rest.li conventions, Organisation pages), or the older
 * dotted form `timeIntervals.timeRange.start=…`. Returns undefined for lifetime queries.
 */
export function parseTimeIntervals(query: Record<string, RestliValue>, now: number): TimeBucket[] | undefined {
  let start: string | undefined;
  let end: string | undefined;
  let granularity: string | undefined;
  const object = asObject(query.timeIntervals);
  if (object) {
    const range = asObject(object.timeRange);
    start = asString(range?.start);
    end = asString(range?.end);
    granularity = asString(object.timeGranularityType);
  } else if (query['timeIntervals.timeRange.start'] !== undefined) {
    start = asString(query['timeIntervals.timeRange.start']);
    end = asString(query['timeIntervals.timeRange.end']);
    granularity = asString(query['timeIntervals.timeGranularityType']);
  } else {
    return undefined;
  }
  const from = Number(start);
  const to = end === undefined ? now : Number(end);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from)
    throw linkedInIllegalArgument('timeRange needs start < end in epoch milliseconds');
  const buckets: TimeBucket[] = [];
  let cursor = from;
  while (cursor < to && buckets.length < MAX_BUCKETS) {
    let next: number;
    if (granularity === 'MONTH') {
      const date = new Date(cursor);
      next = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
    } else if (granularity === 'WEEK') {
      next = cursor + 7 * 86_400_000;
    } else if (granularity === 'DAY' || granularity === undefined) {
      next = cursor + 86_400_000;
    } else {
      throw linkedInIllegalArgument(`Unsupported timeGranularityType ${granularity}`);
    }
    buckets.push({ start: cursor, end: Math.min(next, to) });
    cursor = next;
  }
  return buckets;
}
