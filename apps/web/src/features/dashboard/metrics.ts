import type { DashboardRange, DashboardStats } from '@postflow/contract';
import { formatCount, formatRate } from '../../lib/format';

export const RANGE_OPTIONS: ReadonlyArray<{ value: DashboardRange; label: string }> = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '1y', label: 'Last year' },
];

/** Progress-bar caps (docs/product.md, Dashboard · Figures): posts 100, scheduled 20, engagement 1000, accounts 25 per account up to 100. */
export const PROGRESS_CAPS = { posts: 100, scheduled: 20, engagement: 1000, accounts: 100 } as const;
export const PROGRESS_PER_ACCOUNT = 25;

/** How full a bar is, 0–100. */
export function progressPercent(value: number, cap: number): number {
  if (cap <= 0 || !Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, (value / cap) * 100));
}

/** A trend badge is positive at or above 0. */
export const isPositiveTrend = (trend: number) => trend >= 0;

export interface MetricCardModel {
  title: string;
  tooltip: string;
  value: string;
  detail?: string;
  /** Null when there is nothing before to compare with: no badge then (docs/product.md, Dashboard · Figures). */
  trend: number | null;
  /** Progress 0–100 of the bar. */
  progress: number;
}

export function metricCards(stats: DashboardStats, rangeLabel: string): MetricCardModel[] {
  const period = rangeLabel.toLowerCase();
  return [
    {
      title: 'Total Posts',
      tooltip: `Posts published in the ${period}, counting each network separately. The trend compares with the period before; the bar fills at ${PROGRESS_CAPS.posts} posts.`,
      value: formatCount(stats.totalPosts),
      trend: stats.postsTrend,
      progress: progressPercent(stats.totalPosts, PROGRESS_CAPS.posts),
    },
    {
      title: 'Scheduled Posts',
      tooltip: `Posts waiting to go out. The trend compares how many posts you scheduled ahead in the ${period} with the period before; the bar fills at ${PROGRESS_CAPS.scheduled}.`,
      value: formatCount(stats.scheduledPosts),
      trend: stats.scheduledTrend,
      progress: progressPercent(stats.scheduledPosts, PROGRESS_CAPS.scheduled),
    },
    {
      title: 'Engagement Rate',
      tooltip: `Likes, comments and shares per 100 impressions of the posts published in the ${period}, where the network reports impressions. The trend and the bar (full at ${PROGRESS_CAPS.engagement}) follow the number of engagements.`,
      value: stats.engagementRate === null ? '—' : formatRate(stats.engagementRate),
      detail: `${formatCount(stats.totalEngagement)} ${stats.totalEngagement === 1 ? 'engagement' : 'engagements'}`,
      trend: stats.engagementTrend,
      progress: progressPercent(stats.totalEngagement, PROGRESS_CAPS.engagement),
    },
    {
      title: 'Connected Accounts',
      tooltip: `X and LinkedIn accounts Postflow can post to. Each account fills a quarter of the bar.`,
      value: formatCount(stats.connectedAccounts),
      trend: null,
      progress: progressPercent(stats.connectedAccounts * PROGRESS_PER_ACCOUNT, PROGRESS_CAPS.accounts),
    },
  ];
}
