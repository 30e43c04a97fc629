import { describe, expect, it } from 'vitest';
import { feedQuery, readFeedParams, timeFilterQuery, writeFeedParams } from './feed-filters';

describe('timeFilterQuery (docs/product.md, Feed · Filters)', () => {
  // 00:30 on 1 March 2026 in Tokyo is still 28 February in UTC.
  const now = new Date('2026-02-28T15:30:00.000Z');

  it('Today starts at midnight in the browser zone: a date, with the zone', () => {
    expect(timeFilterQuery('today', now, 'Asia/Tokyo')).toEqual({ start_date: '2026-03-01', tz: 'Asia/Tokyo' });
    expect(timeFilterQuery('today', now, 'America/New_York')).toEqual({ start_date: '2026-02-28', tz: 'America/New_York' });
  });

  it('This Month starts on the 1st in the browser zone', () => {
    expect(timeFilterQuery('month', now, 'Asia/Tokyo')).toEqual({ start_date: '2026-03-01', tz: 'Asia/Tokyo' });
    expect(timeFilterQuery('month', now, 'UTC')).toEqual({ start_date: '2026-02-01', tz: 'UTC' });
  });

  it('This Week is the last 7 days, as an instant', () => {
    expect(timeFilterQuery('week', now, 'Asia/Tokyo')).toEqual({ start_date: '2026-02-21T15:30:00.000Z' });
  });

  it('All Time sends no bound', () => {
    expect(timeFilterQuery('all', now, 'UTC')).toEqual({});
  });
});

describe('feedQuery', () => {
  it('asks for 10 posts a page with only the filters that are set', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(feedQuery({ platform: 'all', time: 'all', status: 'all', channel: 'all' }, 1, now, 'UTC')).toEqual({
      type: 'personal',
      limit: 10,
      offset: 0,
    });
    expect(
      feedQuery({ platform: 'x', time: 'today', status: 'scheduled', channel: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c02' }, 3, now, 'UTC'),
    ).toEqual({
      type: 'personal',
      limit: 10,
      offset: 20,
      platform: 'x',
      status: 'scheduled',
      channelId: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c02',
      start_date: '2026-03-10',
      tz: 'UTC',
    });
  });
});

describe('the filters in the address', () => {
  it('reads known values and falls back to the defaults for anything else', () => {
    expect(
      readFeedParams(
        new URLSearchParams(`platform=linkedin&time=week&status=published&channel=6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c02&page=3`),
      ),
    ).toEqual({
      platform: 'linkedin',
      time: 'week',
      status: 'published',
      channel: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c02',
      page: 3,
    });
    expect(readFeedParams(new URLSearchParams('platform=myspace&time=ever&status=draft&channel=nope&page=-2'))).toEqual({
      platform: 'all',
      time: 'all',
      status: 'all',
      channel: 'all',
      page: 1,
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(writeFeedParams({ platform: 'all', time: 'all', status: 'all', channel: 'all', page: 1 }).toString()).toBe('');
    expect(writeFeedParams({ platform: 'x', time: 'month', status: 'all', channel: 'all', page: 2 }).toString()).toBe(
      'platform=x&time=month&page=2',
    );
    expect(
      writeFeedParams({ platform: 'all', time: 'all', status: 'all', channel: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c02', page: 1 }).toString(),
    ).toBe('channel=6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c02');
  });
});
