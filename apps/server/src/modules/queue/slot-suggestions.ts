import { networkName, plural, slotDayLabel, slotDays, wallClockAt, type Network, type Slot, type SlotDay } from '@postflow/contract';
import type { PostObservation } from '../analytics/insights/observations';
import { median } from '../analytics/insights/statistics';

/** As the best-times analysis: below this many posts with known reach, nothing is suggested. */
export const SUGGESTION_MIN_POSTS = 30;
/** A day or a two-hour window needs this many posts behind it to be ranked at all. */
const MIN_GROUP = 3;

type Confidence = 'low' | 'medium' | 'high';

export interface SuggestionOutcome {
  sampleSize: number;
  needed: number;
  confidence: Confidence | null;
  message: string;
  slots: Slot[];
}

const two = (value: number) => String(value).padStart(2, '0');
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** 'Tue–Thu' for neighbouring days, 'Mon, Wed, Fri' otherwise. */
function dayRange(days: SlotDay[]): string {
  const indexes = days.map((day) => slotDays.indexOf(day));
  const contiguous = indexes.every((index, position) => position === 0 || index === (indexes[position - 1] as number) + 1);
  if (contiguous && days.length > 2) return `${slotDayLabel(days[0] as SlotDay)}–${slotDayLabel(days[days.length - 1] as SlotDay)}`;
  return days.map(slotDayLabel).join(', ');
}

/** How sure, from how many posts back the suggested days and hours (docs/decisions/143-queue-and-posting-slots.md). */
function confidenceOf(support: number): Confidence {
  if (support >= 20) return 'high';
  if (support >= 10) return 'medium';
  return 'low';
}

/**
 * Posting times from the account's own published posts, read in the slots' zone: its three best
 * weekdays and its best two-hour window by median engagement rate, as one slot at each hour of the
 * window on each of those days.
 */
export function suggestSlots(posts: readonly PostObservation[], network: Network, timeZone: string): SuggestionOutcome {
  const rated = posts
    .filter((post) => post.impressions !== null && post.impressions > 0)
    .map((post) => {
      const wall = wallClockAt(post.publishedAt, timeZone);
      const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
      return { rate: post.engagements / (post.impressions as number), hour: wall.hour, day: slotDays[(weekday + 6) % 7] as SlotDay };
    });
  const base = { sampleSize: rated.length, needed: SUGGESTION_MIN_POSTS };
  if (rated.length < SUGGESTION_MIN_POSTS) {
    return {
      ...base,
      confidence: null,
      slots: [],
      message: `Not enough data yet (${rated.length} ${plural(rated.length, 'post')} on ${networkName(network)} with known reach; need ${SUGGESTION_MIN_POSTS}).`,
    };
  }
  const days = slotDays
    .map((day) => ({ day, rates: rated.filter((post) => post.day === day).map((post) => post.rate) }))
    .filter((entry) => entry.rates.length >= MIN_GROUP)
    .sort((a, b) => median(b.rates) - median(a.rates))
    .slice(0, 3)
    .map((entry) => entry.day)
    .sort((a, b) => slotDays.indexOf(a) - slotDays.indexOf(b));
  const windows = Array.from({ length: 23 }, (_, hour) => ({
    hour,
    rates: rated.filter((post) => post.hour === hour || post.hour === hour + 1).map((post) => post.rate),
  }))
    .filter((entry) => entry.rates.length >= MIN_GROUP)
    // Equally good windows: the one more posts back wins.
    .sort((a, b) => median(b.rates) - median(a.rates) || b.rates.length - a.rates.length);
  const window = windows[0];
  if (!days.length || !window) {
    return {
      ...base,
      confidence: null,
      slots: [],
      message: `Your ${rated.length} posts on ${networkName(network)} are spread too thinly over days and hours to suggest times yet.`,
    };
  }
  const inWindow = (post: { hour: number }) => post.hour === window.hour || post.hour === window.hour + 1;
  const supporting = rated.filter((post) => days.includes(post.day) && inWindow(post));
  const others = rated.filter((post) => !(days.includes(post.day) && inWindow(post)));
  const confidence = confidenceOf(supporting.length);
  const label = `${dayRange(days)} ${two(window.hour)}:00–${two(window.hour + 2)}:00`;
  const comparison =
    supporting.length && others.length
      ? ` (median engagement ${percent(median(supporting.map((post) => post.rate)))} against ${percent(median(others.map((post) => post.rate)))} at other times)`
      : '';
  return {
    ...base,
    confidence,
    slots: days.flatMap((day) => [
      { day, time: `${two(window.hour)}:00` },
      { day, time: `${two(window.hour + 1)}:00` },
    ]),
    message: `Your posts on ${networkName(network)} do best ${label}${comparison}. Confidence: ${confidence}, from ${supporting.length} of your ${rated.length} posts.`,
  };
}
