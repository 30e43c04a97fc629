import type { ReactElement } from 'react';
import { AlarmIcon, BulbIcon, CompassIcon, HashIcon, PenIcon, SearchIcon, TrendUpIcon, UsersIcon } from '../../../components/ui/icons';
import type { IconProps } from '../../../components/ui/svg-icon';
import type { Insight } from '@postflow/contract';

type InsightType = Insight['insight_type'];

export interface InsightKind {
  Icon: (props: IconProps) => ReactElement;
  label: string;
}

/**
 * docs/product.md, Analytics · Insights: each insight type has an icon from the app's set (not an emoji, which shows
 * as an empty box without a colour-emoji font); the label names it for assistive technology.
 */
const TYPES: Record<InsightType, InsightKind> = {
  posting_time: { Icon: AlarmIcon, label: 'Posting time' },
  hashtag_strategy: { Icon: HashIcon, label: 'Hashtag strategy' },
  content_optimization: { Icon: PenIcon, label: 'Content optimization' },
  audience_engagement: { Icon: UsersIcon, label: 'Audience engagement' },
  content_strategy: { Icon: CompassIcon, label: 'Content strategy' },
  competitor_analysis: { Icon: SearchIcon, label: 'Competitor analysis' },
  trend_analysis: { Icon: TrendUpIcon, label: 'Trend analysis' },
};
const OTHER_TYPE: InsightKind = { Icon: BulbIcon, label: 'Insight' };

export function insightType(type: string): InsightKind {
  return TYPES[type as InsightType] ?? OTHER_TYPE;
}

/** Red for high, orange for medium, green for low, grey otherwise. */
const PRIORITIES: Record<string, { label: string; className: string }> = {
  high: { label: 'High priority', className: 'bg-red-100 text-red-800 ring-red-200' },
  medium: { label: 'Medium priority', className: 'bg-orange-100 text-orange-800 ring-orange-200' },
  low: { label: 'Low priority', className: 'bg-green-100 text-green-800 ring-green-200' },
};

export function priorityBadge(priority: string): { label: string; className: string } {
  return PRIORITIES[priority] ?? { label: 'Priority not set', className: 'bg-slate-100 text-slate-700 ring-slate-200' };
}

/** A 0–1 confidence shown as a rounded percentage (0.876 → '88%'). */
export function confidencePercent(score: number): string {
  return `${Math.round(score * 100)}%`;
}
