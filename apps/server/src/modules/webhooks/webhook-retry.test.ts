import { describe, expect, it } from 'vitest';
import { nextAttemptAt } from './webhook-retry';

const policy = { retryBaseMs: 5_000, retryMaxMs: 4 * 3_600_000, retryWindowMs: 86_400_000 };
const start = new Date('2026-11-27T00:00:00Z');
const after = (ms: number) => new Date(start.getTime() + ms);

describe('when a failed webhook delivery is tried again', () => {
  it('waits 5 s, then twice as long each time, up to 4 hours', () => {
    expect(nextAttemptAt(1, start, start, policy)).toEqual(after(5_000));
    expect(nextAttemptAt(2, start, after(5_000), policy)).toEqual(after(15_000));
    expect(nextAttemptAt(3, start, after(15_000), policy)).toEqual(after(35_000));
    expect(nextAttemptAt(20, start, after(3_600_000), policy)).toEqual(after(5 * 3_600_000));
  });

  it('makes the last try at the end of the day, and none after it', () => {
    expect(nextAttemptAt(15, start, after(23 * 3_600_000), policy)).toEqual(after(86_400_000));
    expect(nextAttemptAt(16, start, after(86_400_000), policy)).toBeUndefined();
  });
});
