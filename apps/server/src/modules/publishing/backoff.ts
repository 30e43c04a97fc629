/** Exponential backoff with jitter: 2 s, 4 s, 8 s … capped at 5 minutes, each between 50% and 100%. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(5 * 60_000, 2_000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}
