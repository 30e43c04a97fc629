import { describe, expect, it } from 'vitest';
import { findInsights, type InsightDraft } from './insights-engine';
import type { PostObservation } from './observations';
import { mannWhitneyP, normalCdf } from './statistics';

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number) {
  return Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
}

const NOW = new Date('2026-11-20T12:00:00Z');

/** Posts over 90 days at random hours; `effect` multiplies a post's engagement rate. */
function generate(options: {
  count: number;
  seed: number;
  effect?: (post: { hour: number; hashtags: number; hasMedia: boolean }) => number;
  network?: 'x' | 'linkedin';
}): PostObservation[] {
  const random = seeded(options.seed);
  return Array.from({ length: options.count }, (_, index) => {
    const publishedAt = new Date(NOW.getTime() - random() * 90 * 86_400_000);
    const hashtags = Math.floor(random() * 5);
    const hasMedia = random() < 0.4;
    const impressions = Math.round(800 * Math.exp(0.4 * gaussian(random)));
    const rate =
      0.03 * Math.exp(0.15 * gaussian(random)) * (options.effect?.({ hour: publishedAt.getUTCHours(), hashtags, hasMedia }) ?? 1);
    return {
      id: `post-${index}`,
      network: options.network ?? 'x',
      publishedAt,
      text: `Post number ${index} about our product launch ${Array.from({ length: hashtags }, (_, tag) => `#tag${tag}`).join(' ')}`,
      hasMedia,
      impressions,
      engagements: Math.round(rate * impressions),
    };
  });
}

const ofType = (insights: InsightDraft[], type: InsightDraft['type']) => insights.filter((insight) => insight.type === type);

describe('the statistics underneath', () => {
  it('has a normal distribution that matches known values', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 4);
    expect(normalCdf(-2.575829)).toBeCloseTo(0.005, 4);
  });

  it('tells a shifted group from an identical one', () => {
    expect(mannWhitneyP([1, 2, 3, 4, 5, 6, 7, 8], [9, 10, 11, 12, 13, 14, 15, 16])).toBeLessThan(0.01);
    expect(mannWhitneyP([1, 3, 5, 7, 9, 11], [2, 4, 6, 8, 10, 12])).toBeGreaterThan(0.5);
  });
});

describe('insights from a person’s own posts', () => {
  it('finds engagement planted at 1.5× between 09:00 and 11:00 and names that window', () => {
    const posts = generate({ count: 240, seed: 7, effect: ({ hour }) => (hour >= 9 && hour < 11 ? 1.5 : 1) });
    const [timing] = ofType(findInsights({ posts, platform: 'x', now: NOW, timeZone: 'UTC' }), 'posting_time');
    expect(timing?.title).toBe('Your posts do best between 09:00 and 11:00');
    expect(timing?.evidence.lift).toBeGreaterThan(1.3);
    expect(timing?.confidence).toBeGreaterThan(0.5);
    expect(timing?.confidence).toBeLessThanOrEqual(1);
  });

  it('reports nothing on pure noise, for many different random histories', () => {
    for (let seed = 1; seed <= 50; seed += 1) {
      const insights = findInsights({ posts: generate({ count: 240, seed }), platform: 'x', now: NOW, timeZone: 'UTC' });
      expect(
        insights.filter((insight) => insight.type !== 'audience_engagement'),
        `seed ${seed}`,
      ).toEqual([]);
    }
  });

  it('finds an image effect and a hashtag penalty when they are there', () => {
    const posts = generate({
      count: 240,
      seed: 11,
      effect: ({ hasMedia, hashtags }) => (hasMedia ? 1.35 : 1) * (hashtags >= 3 ? 0.75 : 1),
    });
    const insights = findInsights({ posts, platform: 'x', now: NOW, timeZone: 'UTC' });
    expect(ofType(insights, 'content_optimization').map((insight) => insight.title)).toContain('Posts with an image engage more');
    expect(ofType(insights, 'hashtag_strategy')[0]?.title).toBe('Posts with 3 or more hashtags engage less');
  });

  it('compares the networks only when asked about all of them', () => {
    const posts = [
      ...generate({ count: 80, seed: 3, network: 'x' }),
      ...generate({ count: 80, seed: 4, network: 'linkedin', effect: () => 1.6 }),
    ];
    expect(ofType(findInsights({ posts, platform: 'all', now: NOW, timeZone: 'UTC' }), 'content_strategy')[0]?.title).toBe(
      'LinkedIn engages your audience more than X',
    );
    expect(ofType(findInsights({ posts, platform: 'x', now: NOW, timeZone: 'UTC' }), 'content_strategy')).toEqual([]);
  });

  it('says nothing at all with too few posts, however striking they look', () => {
    const posts = generate({ count: 8, seed: 5, effect: ({ hour }) => (hour < 12 ? 3 : 1) });
    expect(
      findInsights({ posts, platform: 'x', now: NOW, timeZone: 'UTC' }).filter((insight) => insight.type !== 'audience_engagement'),
    ).toEqual([]);
  });

  it('ignores posts whose reach the network did not report', () => {
    const posts = generate({ count: 240, seed: 7, effect: ({ hour }) => (hour >= 9 && hour < 11 ? 1.5 : 1) }).map((post) => ({
      ...post,
      impressions: null,
    }));
    expect(ofType(findInsights({ posts, platform: 'x', now: NOW, timeZone: 'UTC' }), 'posting_time')).toEqual([]);
  });
});
