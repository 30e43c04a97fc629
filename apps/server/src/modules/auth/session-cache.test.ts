import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache';

const digest = (name: string) => Buffer.from(name.padEnd(32, '.'));
const at = (ms: number) => new Date(Date.UTC(2026, 10, 24) + ms);

describe('session cache', () => {
  const session = (sessionId: string, userId = 'u1', expiresInMs = 60_000) => ({ sessionId, userId, expiresAt: at(expiresInMs) });

  it('answers a token it saw until the recheck time or the token expiry, whichever comes first', () => {
    const cache = createSessionCache({ ttlMs: 5_000, maxEntries: 10 });
    cache.set(digest('a'), session('s1'), at(0));
    cache.set(digest('b'), session('s2', 'u1', 2_000), at(0));
    expect(cache.get(digest('a'), at(4_999))).toEqual(session('s1'));
    expect(cache.get(digest('b'), at(2_000))).toBeUndefined();
    expect(cache.get(digest('a'), at(5_000))).toBeUndefined();
    expect(cache.get(digest('never'), at(0))).toBeUndefined();
  });

  it('forgets one session, or every session of a person, at once', () => {
    const cache = createSessionCache({ ttlMs: 5_000, maxEntries: 10 });
    cache.set(digest('a'), session('s1', 'ada'), at(0));
    cache.set(digest('b'), session('s2', 'ada'), at(0));
    cache.set(digest('c'), session('s3', 'grace'), at(0));
    cache.forgetSession('s1');
    expect(cache.get(digest('a'), at(1))).toBeUndefined();
    expect(cache.get(digest('b'), at(1))?.sessionId).toBe('s2');
    cache.forgetUser('ada');
    expect(cache.get(digest('b'), at(1))).toBeUndefined();
    expect(cache.get(digest('c'), at(1))?.sessionId).toBe('s3');
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = createSessionCache({ ttlMs: 5_000, maxEntries: 2 });
    cache.set(digest('a'), session('s1'), at(0));
    cache.set(digest('b'), session('s2'), at(0));
    cache.get(digest('a'), at(1));
    cache.set(digest('c'), session('s3'), at(2));
    expect(cache.get(digest('b'), at(3))).toBeUndefined();
    expect(cache.get(digest('a'), at(3))?.sessionId).toBe('s1');
    expect(cache.get(digest('c'), at(3))?.sessionId).toBe('s3');
  });
});
