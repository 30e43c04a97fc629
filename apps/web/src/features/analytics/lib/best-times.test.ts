import { describe, expect, it } from 'vitest';
import { hourWindow, topHours } from './best-times';

describe('topHours', () => {
  it('keeps the three hours with the best median rate, more posts first on a tie', () => {
    const hours = [
      { hour: 8, posts: 2, median_engagement_rate: 1.5 },
      { hour: 9, posts: 4, median_engagement_rate: 4.2 },
      { hour: 12, posts: 9, median_engagement_rate: 3 },
      { hour: 18, posts: 3, median_engagement_rate: 3 },
      { hour: 21, posts: 1, median_engagement_rate: 0.2 },
    ];
    expect(topHours(hours).map((entry) => entry.hour)).toEqual([9, 12, 18]);
  });
});

describe('hourWindow', () => {
  it('spans one hour and wraps at midnight', () => {
    const hour = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    expect(hourWindow(23)).toBe(`${hour.format(Date.UTC(2000, 0, 1, 23))} – ${hour.format(Date.UTC(2000, 0, 1, 0))}`);
  });
});
