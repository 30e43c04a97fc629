import { describe, expect, it } from 'vitest';
import { aPost } from '../../../../test/post-data';
import { nextRefreshIn, POLL_FAST_MS } from './polling';

const now = Date.parse('2026-03-11T15:00:00Z');
const at = (secondsFromNow: number) => new Date(now + secondsFromNow * 1000).toISOString();

describe('nextRefreshIn', () => {
  it('does not poll when nothing waits', () => {
    expect(nextRefreshIn([], now)).toBe(false);
    expect(nextRefreshIn([aPost({ status: 'failed', scheduled_for: at(-10) })], now)).toBe(false);
  });
  it('polls every few seconds while a post is being sent or is due within a minute', () => {
    expect(nextRefreshIn([aPost({ status: 'pending' })], now)).toBe(POLL_FAST_MS);
    expect(nextRefreshIn([aPost({ status: 'scheduled', scheduled_for: at(20) })], now)).toBe(POLL_FAST_MS);
    expect(nextRefreshIn([aPost({ status: 'scheduled', scheduled_for: at(-30) })], now)).toBe(POLL_FAST_MS);
  });
  it('polls every few seconds after Publish Now until the post is out', () => {
    const post = aPost({ status: 'scheduled', scheduled_for: at(3600) });
    expect(nextRefreshIn([post], now, new Set([post.id]))).toBe(POLL_FAST_MS);
  });
  it('waits until a minute before the next post is due, at most ten minutes', () => {
    expect(nextRefreshIn([aPost({ status: 'scheduled', scheduled_for: at(300) })], now)).toBe(240_000);
    expect(nextRefreshIn([aPost({ status: 'scheduled', scheduled_for: at(86_400) })], now)).toBe(600_000);
  });
  it('stops fast polling for a post long overdue (the worker may be down)', () => {
    expect(nextRefreshIn([aPost({ status: 'scheduled', scheduled_for: at(-600) })], now)).toBe(false);
  });
});
