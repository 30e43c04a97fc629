/** Injected wherever time matters, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}

/** The start of the next UTC day: when daily limits such as LinkedIn's reset (docs/networks.md, LinkedIn · Rate limits). */
export const DAY_MS = 86_400_000;

export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
