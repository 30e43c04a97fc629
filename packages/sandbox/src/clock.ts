/**
 * The sandbox clock drives token expiry, rate-limit windows and metric growth.
 * Tests inject `now` and move it with `advance`; the admin API moves the offset.
 * The offset only grows, so metrics (which never decrease) stay monotonic.
 */
export interface SandboxClock {
  now(): number;
  advance(ms: number): void;
  readonly offsetMs: number;
  restoreOffset(ms: number): void;
}

export function createSandboxClock(base: () => number = Date.now): SandboxClock {
  let offsetMs = 0;
  return {
    now: () => base() + offsetMs,
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward');
      offsetMs += ms;
    },
    get offsetMs() {
      return offsetMs;
    },
    restoreOffset(ms: number) {
      offsetMs = Math.max(0, ms);
    },
  };
}
