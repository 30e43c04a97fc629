import type { Insight } from '@postflow/contract';

type InsightType = Insight['insight_type'];

/** docs/product.md, Analytics · Insights: insight types are shown with emoji icons; the label names the icon for assistive technology. */
const TYPES: Record<InsightType, { emoji: string; label: string }> = {
  posting_time: { emoji: '⏰', label: 'Posting time' },
  hashtag_strategy: { emoji: '#️⃣', label: 'Hashtag strategy' },
  content_optimization: { emoji: '✍️', label: 'Content optimization' },
  audience_engagement: { emoji: '👥', label: 'Audience engagement' },
  content_strategy: { emoji: '🧭', label: 'Content strategy' },
  competitor_analysis: { emoji: '🔍', label: 'Competitor analysis' },
  trend_analysis: { emoji: '📈', label: 'Trend analysis' },
};
const OTHER_TYPE = { emoji: '💡', label: 'Insight' };

export function insightType(type: string): { emoji: string; label: string } {
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
