/**
 * Fixed windows that open on the first request and close `windowMs` later, which is how X
 * reports them (`x-rate-limit-reset` is one instant per window). Lookups are O(1) per key.
 */
export interface WindowState {
  limit: number;
  remaining: number;
  resetAt: number;
}

export interface WindowCounters {
  peek(key: string, limit: number, windowMs: number, now: number): WindowState;
  hit(key: string, limit: number, windowMs: number, now: number): WindowState;
  clear(): void;
}

export function createWindowCounters(): WindowCounters {
  const windows = new Map<string, { start: number; count: number }>();
  function current(key: string, windowMs: number, now: number) {
    const existing = windows.get(key);
    if (existing && now < existing.start + windowMs) return existing;
    return undefined;
  }
  return {
    peek(key, limit, windowMs, now) {
      const window = current(key, windowMs, now);
      return {
        limit,
        remaining: Math.max(0, limit - (window?.count ?? 0)),
        resetAt: window ? window.start + windowMs : now + windowMs,
      };
    },
    hit(key, limit, windowMs, now) {
      let window = current(key, windowMs, now);
      if (!window) {
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count++;
      return { limit, remaining: Math.max(0, limit - window.count), resetAt: window.start + windowMs };
    },
    clear() {
      windows.clear();
    },
  };
}

const DAY_MS = 86_400_000;

/** LinkedIn counts per UTC day and resets at midnight UTC (docs/networks.md, LinkedIn · Rate limits). */
export interface DailyCounters {
  peek(key: string, now: number): number;
  hit(key: string, now: number): number;
  clear(): void;
}

export function createDailyCounters(): DailyCounters {
  const counters = new Map<string, { day: number; count: number }>();
  return {
    peek(key, now) {
      const counter = counters.get(key);
      return counter && counter.day === Math.floor(now / DAY_MS) ? counter.count : 0;
    },
    hit(key, now) {
      const day = Math.floor(now / DAY_MS);
      let counter = counters.get(key);
      if (!counter || counter.day !== day) {
        counter = { day, count: 0 };
        counters.set(key, counter);
      }
      return ++counter.count;
    },
    clear() {
      counters.clear();
    },
  };
}
