import { describe, expect, it } from 'vitest';
import { bestHashtags } from './hashtag-performance';
import type { RatedPost } from './observations';

let day = 0;
const post = (text: string, rate: number): RatedPost => ({
  id: String(day),
  network: 'x',
  publishedAt: new Date(Date.UTC(2026, 10, 1 + day++)),
  text,
  hasMedia: false,
  impressions: 1000,
  engagements: rate * 1000,
  rate,
  hour: 9,
  weekday: 1,
  hashtagCount: 1,
  length: text.length,
});

describe('bestHashtags', () => {
  it('names the hashtags of the person’s better posts, best first, as last written, once each', () => {
    const posts = [
      post('Issue one #newsletter', 0.1),
      post('Issue two #Newsletter', 0.12),
      post('Design notes #design', 0.07),
      post('More design #Design', 0.09),
      post('Office news #Updates', 0.01),
      post('Another update #Updates', 0.02),
      post('A one-off hit #Viral', 0.5),
      post('A quiet day', 0.01),
      post('Another quiet day', 0.01),
    ];
    expect(bestHashtags(posts, 10)).toEqual(['#Newsletter', '#Design']);
    expect(bestHashtags(posts, 1)).toEqual(['#Newsletter']);
    expect(bestHashtags([], 10)).toEqual([]);
  });
});
