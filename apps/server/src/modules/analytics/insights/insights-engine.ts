import { compareRates, isFinding, MIN_GROUP_SIZE, percent, priorityOf, SIGNIFICANT_P, times, type Comparison } from './compare';
import { ratePosts, type PostObservation, type RatedPost } from './observations';
import { plural } from '@postflow/contract';
import { confidenceFrom, mannWhitneyP, mean } from './statistics';
import { DAY_MS } from '../../../lib/clock';

export const insightTypes = [
  'content_optimization',
  'posting_time',
  'hashtag_strategy',
  'audience_engagement',
  'content_strategy',
  'competitor_analysis',
  'trend_analysis',
] as const;
export type InsightType = (typeof insightTypes)[number];

export interface InsightDraft {
  type: InsightType;
  platform: 'all' | 'x' | 'linkedin';
  title: string;
  description: string;
  recommendation: string;
  priority: 'high' | 'medium' | 'low';
  confidence: number;
  /** The figures behind the words. */
  evidence: Record<string, unknown>;
  /** The same finding gets the same key, so regenerating updates it rather than adding a copy. */
  fingerprint: string;
}

const pad = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function evidenceOf(comparison: Comparison, extra: Record<string, unknown> = {}) {
  return {
    lift: Math.round(comparison.lift * 1000) / 1000,
    adjusted_p: Number(comparison.adjustedP.toPrecision(3)),
    group_size: comparison.groupSize,
    rest_size: comparison.restSize,
    group_median_rate: comparison.groupMedianRate,
    rest_median_rate: comparison.restMedianRate,
    ...extra,
  };
}

function strongest(candidates: Array<{ comparison: Comparison; label: string; key: string }>) {
  return candidates.sort((a, b) => a.comparison.adjustedP - b.comparison.adjustedP || b.comparison.lift - a.comparison.lift)[0];
}

/** Engagement rate by two-hour window of the day, in the person's own time zone (`zone`, which the posts were rated in). */
function postingTime(posts: RatedPost[], platform: InsightDraft['platform'], zone: string): InsightDraft | undefined {
  const windows = Array.from({ length: 24 }, (_, start) => start);
  const candidates = windows.flatMap((start) => {
    const inWindow = (post: RatedPost) => (post.hour - start + 24) % 24 < 2;
    const comparison = compareRates(
      posts.filter(inWindow).map((post) => post.rate),
      posts.filter((post) => !inWindow(post)).map((post) => post.rate),
      windows.length,
    );
    return isFinding(comparison, 'better') ? [{ comparison, label: `${pad(start)}–${pad(start + 2)}`, key: String(start) }] : [];
  });
  const best = strongest(candidates);
  if (!best) return undefined;
  return {
    type: 'posting_time',
    platform,
    title: `Your posts do best between ${best.label.replace('–', ' and ')}`,
    description: `Posts published ${best.label} (${zone}) had a median engagement rate of ${percent(best.comparison.groupMedianRate)}, ${times(best.comparison.lift)} that of your other posts (${best.comparison.groupSize} posts against ${best.comparison.restSize}).`,
    recommendation: `Schedule the posts that matter most between ${best.label.replace('–', ' and ')} (${zone}).`,
    priority: priorityOf(best.comparison),
    confidence: best.comparison.confidence,
    evidence: evidenceOf(best.comparison, { window: best.label, time_zone: zone }),
    fingerprint: `posting_time:${platform}:${best.key}`,
  };
}

function bestWeekday(posts: RatedPost[], platform: InsightDraft['platform'], zone: string): InsightDraft | undefined {
  const candidates = WEEKDAYS.flatMap((name, day) => {
    const comparison = compareRates(
      posts.filter((post) => post.weekday === day).map((post) => post.rate),
      posts.filter((post) => post.weekday !== day).map((post) => post.rate),
      WEEKDAYS.length,
    );
    return isFinding(comparison, 'better') ? [{ comparison, label: name, key: String(day) }] : [];
  });
  const best = strongest(candidates);
  if (!best) return undefined;
  return {
    type: 'posting_time',
    platform,
    title: `${best.label}s are your best day`,
    description: `Posts published on ${best.label}s (${zone}) had a median engagement rate of ${percent(best.comparison.groupMedianRate)}, ${times(best.comparison.lift)} that of other days (${best.comparison.groupSize} posts against ${best.comparison.restSize}).`,
    recommendation: `Plan your strongest posts for ${best.label}s.`,
    priority: priorityOf(best.comparison),
    confidence: best.comparison.confidence,
    evidence: evidenceOf(best.comparison, { weekday: best.label, time_zone: zone }),
    fingerprint: `posting_day:${platform}:${best.key}`,
  };
}

/** Groups by a feature's buckets and reports the bucket that stands out most, for better or worse. */
function bucketFinding(
  posts: RatedPost[],
  buckets: Array<{ label: string; key: string; matches: (post: RatedPost) => boolean }>,
): { comparison: Comparison; label: string; key: string } | undefined {
  const candidates = buckets.flatMap((bucket) => {
    const comparison = compareRates(
      posts.filter(bucket.matches).map((post) => post.rate),
      posts.filter((post) => !bucket.matches(post)).map((post) => post.rate),
      buckets.length,
    );
    return isFinding(comparison) ? [{ comparison, label: bucket.label, key: bucket.key }] : [];
  });
  return strongest(candidates);
}

function hashtagStrategy(posts: RatedPost[], platform: InsightDraft['platform']): InsightDraft | undefined {
  const finding = bucketFinding(posts, [
    { label: 'no hashtags', key: '0', matches: (post) => post.hashtagCount === 0 },
    { label: '1–2 hashtags', key: '1-2', matches: (post) => post.hashtagCount >= 1 && post.hashtagCount <= 2 },
    { label: '3 or more hashtags', key: '3+', matches: (post) => post.hashtagCount >= 3 },
  ]);
  if (!finding) return undefined;
  const better = finding.comparison.lift > 1;
  const change = better
    ? `${times(finding.comparison.lift)} the engagement rate of`
    : `${Math.round((1 - finding.comparison.lift) * 100)}% less engagement than`;
  return {
    type: 'hashtag_strategy',
    platform,
    title: better ? `Posts with ${finding.label} engage best` : `Posts with ${finding.label} engage less`,
    description: `Your posts with ${finding.label} get ${change} your other posts (median ${percent(finding.comparison.groupMedianRate)} against ${percent(finding.comparison.restMedianRate)}; ${finding.comparison.groupSize} posts against ${finding.comparison.restSize}).`,
    recommendation: better ? `Use ${finding.label} in your posts.` : `Use fewer hashtags: one or two well-chosen ones.`,
    priority: priorityOf(finding.comparison),
    confidence: finding.comparison.confidence,
    evidence: evidenceOf(finding.comparison, { bucket: finding.label }),
    fingerprint: `hashtags:${platform}:${finding.key}`,
  };
}

function mediaEffect(posts: RatedPost[], platform: InsightDraft['platform']): InsightDraft | undefined {
  const comparison = compareRates(
    posts.filter((post) => post.hasMedia === true).map((post) => post.rate),
    posts.filter((post) => post.hasMedia === false).map((post) => post.rate),
    1,
  );
  if (!isFinding(comparison)) return undefined;
  const better = comparison.lift > 1;
  return {
    type: 'content_optimization',
    platform,
    title: better ? 'Posts with an image engage more' : 'Posts with an image engage less',
    description: `Posts with an image had a median engagement rate of ${percent(comparison.groupMedianRate)} against ${percent(comparison.restMedianRate)} without (${times(comparison.lift)}; ${comparison.groupSize} posts with an image, ${comparison.restSize} without).`,
    recommendation: better ? 'Add an image to the posts you want seen.' : 'Try text-only posts: your audience responds to them better.',
    priority: priorityOf(comparison),
    confidence: comparison.confidence,
    evidence: evidenceOf(comparison),
    fingerprint: `media:${platform}`,
  };
}

function lengthEffect(posts: RatedPost[], platform: InsightDraft['platform']): InsightDraft | undefined {
  const finding = bucketFinding(posts, [
    { label: 'up to 40 characters', key: '40', matches: (post) => post.length <= 40 },
    { label: '41–140 characters', key: '140', matches: (post) => post.length > 40 && post.length <= 140 },
    { label: '141–280 characters', key: '280', matches: (post) => post.length > 140 && post.length <= 280 },
    { label: '281–1,200 characters', key: '1200', matches: (post) => post.length > 280 && post.length <= 1200 },
    { label: 'over 1,200 characters', key: 'long', matches: (post) => post.length > 1200 },
  ]);
  if (!finding) return undefined;
  const better = finding.comparison.lift > 1;
  return {
    type: 'content_optimization',
    platform,
    title: better ? `Posts of ${finding.label} engage best` : `Posts of ${finding.label} engage less`,
    description: `Your posts of ${finding.label} had a median engagement rate of ${percent(finding.comparison.groupMedianRate)} against ${percent(finding.comparison.restMedianRate)} for the rest (${times(finding.comparison.lift)}; ${finding.comparison.groupSize} posts against ${finding.comparison.restSize}).`,
    recommendation: better ? `Aim for ${finding.label}.` : `Avoid posts of ${finding.label}.`,
    priority: priorityOf(finding.comparison),
    confidence: finding.comparison.confidence,
    evidence: evidenceOf(finding.comparison, { bucket: finding.label }),
    fingerprint: `length:${platform}:${finding.key}`,
  };
}

function platformComparison(posts: RatedPost[]): InsightDraft | undefined {
  const comparison = compareRates(
    posts.filter((post) => post.network === 'linkedin').map((post) => post.rate),
    posts.filter((post) => post.network === 'x').map((post) => post.rate),
    1,
  );
  if (!isFinding(comparison)) return undefined;
  const [leader, other, lift] = comparison.lift > 1 ? ['LinkedIn', 'X', comparison.lift] : ['X', 'LinkedIn', 1 / comparison.lift];
  return {
    type: 'content_strategy',
    platform: 'all',
    title: `${leader} engages your audience more than ${other}`,
    description: `Your ${leader} posts had a median engagement rate ${times(lift)} that of your ${other} posts (LinkedIn ${percent(comparison.groupMedianRate)}, X ${percent(comparison.restMedianRate)}; ${comparison.groupSize} LinkedIn posts, ${comparison.restSize} X posts).`,
    recommendation: `Put your most important content on ${leader} first, and adapt it for ${other}.`,
    priority: priorityOf(comparison),
    confidence: comparison.confidence,
    evidence: evidenceOf(comparison, { leader }),
    fingerprint: 'platforms:all',
  };
}

/** Engagement rate of the last 30 days against the 30 before, with the dashboard's growth formula (docs/product.md, Dashboard · Figures). */
function growth(posts: RatedPost[], platform: InsightDraft['platform'], now: Date): InsightDraft | undefined {
  const recent = posts.filter((post) => now.getTime() - post.publishedAt.getTime() < 30 * DAY_MS);
  const previous = posts.filter((post) => {
    const age = now.getTime() - post.publishedAt.getTime();
    return age >= 30 * DAY_MS && age < 60 * DAY_MS;
  });
  if (recent.length < MIN_GROUP_SIZE || previous.length < MIN_GROUP_SIZE) return undefined;
  const current = mean(recent.map((post) => post.rate));
  const before = mean(previous.map((post) => post.rate));
  const growthPercent = before === 0 ? 0 : ((current - before) / before) * 100;
  const p = mannWhitneyP(
    recent.map((post) => post.rate),
    previous.map((post) => post.rate),
  );
  if (p >= SIGNIFICANT_P || Math.abs(growthPercent) < 10) return undefined;
  const confidence = confidenceFrom(p, Math.min(recent.length, previous.length));
  const up = growthPercent > 0;
  return {
    type: 'trend_analysis',
    platform,
    title: `Engagement is ${up ? 'up' : 'down'} ${Math.abs(Math.round(growthPercent))}% on the previous 30 days`,
    description: `Your average engagement rate over the last 30 days is ${percent(current)}, against ${percent(before)} in the 30 days before (${recent.length} and ${previous.length} ${plural(previous.length, 'post')}).`,
    recommendation: up
      ? 'Keep doing what you did this month; compare it with the month before to see what changed.'
      : 'Look at what changed this month (timing, topics, format) and go back to what worked.',
    priority: Math.abs(growthPercent) >= 30 ? 'high' : 'medium',
    confidence,
    evidence: {
      growth_percent: Math.round(growthPercent * 10) / 10,
      current_rate: current,
      previous_rate: before,
      recent_posts: recent.length,
      previous_posts: previous.length,
      p: Number(p.toPrecision(3)),
    },
    fingerprint: `growth:${platform}`,
  };
}

/** Long silences cost reach; said only when the person actually went quiet. */
function postingFrequency(posts: PostObservation[], platform: InsightDraft['platform'], now: Date): InsightDraft | undefined {
  const recent = posts
    .filter((post) => now.getTime() - post.publishedAt.getTime() < 90 * DAY_MS)
    .sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
  if (recent.length < MIN_GROUP_SIZE) return undefined;
  let longestGap = 0;
  for (let index = 1; index < recent.length; index += 1) {
    longestGap = Math.max(
      longestGap,
      (recent[index] as PostObservation).publishedAt.getTime() - (recent[index - 1] as PostObservation).publishedAt.getTime(),
    );
  }
  longestGap = Math.max(longestGap, now.getTime() - (recent.at(-1) as PostObservation).publishedAt.getTime());
  const gapDays = Math.floor(longestGap / DAY_MS);
  if (gapDays < 14) return undefined;
  const perWeek = recent.length / 13;
  return {
    type: 'audience_engagement',
    platform,
    title: `You went ${gapDays} days without posting`,
    description: `Over the last 90 days you published ${recent.length} ${plural(recent.length, 'post')} (${perWeek.toFixed(1)} a week), with a gap of ${gapDays} days at the longest.`,
    recommendation: 'Schedule a few posts ahead so your audience hears from you every week, even when you are busy.',
    priority: gapDays >= 30 ? 'medium' : 'low',
    confidence: Math.round((1 - Math.exp(-recent.length / 12)) * 1000) / 1000,
    evidence: { posts_90_days: recent.length, posts_per_week: Math.round(perWeek * 10) / 10, longest_gap_days: gapDays },
    fingerprint: `frequency:${platform}`,
  };
}

/**
 * Everything the person's own numbers say with enough confidence, strongest first. No finding is
 * invented: an analysis without a significant, meaningful effect says nothing.
 */
export function findInsights(input: {
  posts: PostObservation[];
  platform: InsightDraft['platform'];
  now: Date;
  /** The zone hours and weekdays are counted in: the asking person's (docs/decisions/145-person-time-zone.md). */
  timeZone: string;
}): InsightDraft[] {
  const scoped = input.platform === 'all' ? input.posts : input.posts.filter((post) => post.network === input.platform);
  const rated = ratePosts(scoped, input.timeZone);
  const drafts = [
    postingTime(rated, input.platform, input.timeZone),
    bestWeekday(rated, input.platform, input.timeZone),
    hashtagStrategy(rated, input.platform),
    mediaEffect(rated, input.platform),
    lengthEffect(rated, input.platform),
    input.platform === 'all' ? platformComparison(rated) : undefined,
    growth(rated, input.platform, input.now),
    postingFrequency(scoped, input.platform, input.now),
  ].filter((draft): draft is InsightDraft => draft !== undefined);
  const order = { high: 0, medium: 1, low: 2 };
  return drafts.sort((a, b) => order[a.priority] - order[b.priority] || b.confidence - a.confidence);
}
