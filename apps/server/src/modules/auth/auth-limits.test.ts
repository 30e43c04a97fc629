import { describe, expect, it } from 'vitest';
import { loginSlowdownMs, SLOWDOWN_MAX_MS } from './auth-limits';

describe('loginSlowdownMs', () => {
  it('waits nothing up to ten failures, then doubles from 250 ms up to 5 s', () => {
    expect([0, 5, 10, 11, 12, 13, 14, 15, 16, 1_000].map(loginSlowdownMs)).toEqual([
      0,
      0,
      0,
      250,
      500,
      1000,
      2000,
      4000,
      5000,
      SLOWDOWN_MAX_MS,
    ]);
  });
});
