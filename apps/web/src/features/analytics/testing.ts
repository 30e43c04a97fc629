import type { analyticsRoutes, Insight, RouteResponse } from '@postflow/contract';

type Summary = RouteResponse<typeof analyticsRoutes.summary>;
type PostItem = Summary['post_analytics'][number];

let sequence = 0;
/** A fresh UUID-shaped id for fixtures. */
function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

export function anInsight(overrides: Partial<Insight> = {}): Insight {
  return {
    id: nextId(),
    insight_type: 'posting_time',
    platform: 'x',
    title: 'Mornings work best',
    description: 'Posts published between 8 and 10 AM get twice the engagement.',
    recommendation: 'Schedule your next posts for 9 AM.',
    priority: 'high',
    confidence_score: 0.876,
    is_read: false,
    is_applied: false,
    evidence: {},
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function aPostItem(overrides: Partial<PostItem> = {}): PostItem {
  return {
    id: nextId(),
    platform: 'x',
    text: 'A post about shipping small changes often.',
    published_at: '2026-03-01T10:00:00.000Z',
    platform_url: 'https://x.example.com/ada/status/1',
    engagement_rate: 3.256,
    impressions: 1_234,
    likes: 30,
    comments: 5,
    shares: 4,
    clicks: null,
    metrics_updated_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** One point per day from `start`, `days` long. */
export function aTrend(start: string, days: number, value: (index: number) => number = (index) => index): Summary['engagement_trend'] {
  return Array.from({ length: days }, (_, index) => ({
    date: new Date(Date.parse(`${start}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
    value: value(index),
  }));
}

export function aSummary(overrides: Partial<Summary> = {}, figures: Partial<Summary['summary']> = {}): Summary {
  return {
    platform: 'all',
    start_date: '2026-02-09',
    end_date: '2026-03-10',
    summary: {
      total_posts: 12,
      total_impressions: 45_678,
      avg_engagement_rate: 3.256,
      total_engagements: 1_487,
      best_performing_post: null,
      ...figures,
    },
    ai_insights: [],
    post_analytics: [aPostItem()],
    engagement_trend: aTrend('2026-02-09', 30),
    audience_breakdown: [],
    last_refreshed_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}
