/**
 * When a failed delivery is tried again (docs/webhooks.md, Retries): after `retryBaseMs`, doubling
 * each time up to `retryMaxMs` (5 s, 10 s, 20 s … 4 h by default), the last try at the end of the
 * window (`retryWindowMs`, a day, from the window's start); undefined once the window is over, and
 * the delivery has failed for good.
 */
export function nextAttemptAt(
  failedAttempts: number,
  windowStartedAt: Date,
  now: Date,
  policy: { retryBaseMs: number; retryMaxMs: number; retryWindowMs: number },
): Date | undefined {
  const end = windowStartedAt.getTime() + policy.retryWindowMs;
  if (now.getTime() >= end) return undefined;
  const delay = Math.min(policy.retryBaseMs * 2 ** Math.max(0, failedAttempts - 1), policy.retryMaxMs);
  return new Date(Math.min(now.getTime() + delay, end));
}
