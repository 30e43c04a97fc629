import type { Network } from '@postflow/contract';
import { DAY_MS } from '../../../lib/clock';

interface Counts {
  posts: number;
  impressions: number;
  likes: number;
  comments: number;
  shares: number;
  clicks: number;
  /** Engagements and impressions of the posts whose reach is known, for the engagement rate. */
  ratedEngagements: number;
  ratedImpressions: number;
}

/** A person's published posts of one network, added up. */
export interface FigureRow extends Counts {
  network: Network;
  lastMetricsAt: Date | null;
}

/** The posts of one network and UTC day (a row of post_daily_figures). */
export interface DayFigures extends FigureRow {
  /** YYYY-MM-DD */
  day: string;
}

export interface Totals extends Counts {
  engagements: number;
  /** The newest metrics reading among the posts. */
  lastRefreshedAt: Date | null;
}

export function addUp(days: readonly FigureRow[]): Totals {
  const totals: Totals = {
    posts: 0,
    impressions: 0,
    likes: 0,
    comments: 0,
    shares: 0,
    clicks: 0,
    engagements: 0,
    ratedEngagements: 0,
    ratedImpressions: 0,
    lastRefreshedAt: null,
  };
  for (const day of days) {
    totals.posts += day.posts;
    totals.impressions += day.impressions;
    totals.likes += day.likes;
    totals.comments += day.comments;
    totals.shares += day.shares;
    totals.clicks += day.clicks;
    totals.engagements += day.likes + day.comments + day.shares;
    totals.ratedEngagements += day.ratedEngagements;
    totals.ratedImpressions += day.ratedImpressions;
    if (day.lastMetricsAt && (!totals.lastRefreshedAt || day.lastMetricsAt > totals.lastRefreshedAt))
      totals.lastRefreshedAt = day.lastMetricsAt;
  }
  return totals;
}

/** Totals per network, in the order of the networks' names. */
export function addUpByNetwork(days: readonly FigureRow[]): Array<Totals & { network: Network }> {
  const networks = [...new Set(days.map((day) => day.network))].sort();
  return networks.map((network) => ({ network, ...addUp(days.filter((day) => day.network === network)) }));
}

/** The engagements of one day (YYYY-MM-DD); a day may come several times (one row per network). */
export interface DayEngagements {
  day: string;
  engagements: number;
}

/** Engagements of each day from `firstDay` to `lastDay` (YYYY-MM-DD, both included); days without posts are 0. */
export function engagementsPerDay(
  days: readonly DayEngagements[],
  firstDay: string,
  lastDay: string,
): Array<{ date: string; value: number }> {
  const byDay = new Map<string, number>();
  for (const day of days) byDay.set(day.day, (byDay.get(day.day) ?? 0) + day.engagements);
  const points: Array<{ date: string; value: number }> = [];
  for (let at = Date.parse(`${firstDay}T00:00:00Z`), end = Date.parse(`${lastDay}T00:00:00Z`); at <= end; at += DAY_MS) {
    const date = new Date(at).toISOString().slice(0, 10);
    points.push({ date, value: byDay.get(date) ?? 0 });
  }
  return points;
}
