/**
 * The few outcomes of a network call that callers act on. Adapters translate every vendor
 * failure into one of these; jobs decide retries from the class, never from raw HTTP codes.
 */
export abstract class SocialProviderError extends Error {
  abstract readonly kind: 'auth_expired' | 'rate_limited' | 'rejected' | 'duplicate' | 'unavailable' | 'outcome_unknown';
  constructor(
    message: string,
    /** What the network said, for the attempt log (status and a trimmed body). */
    readonly detail: { status?: number; body?: string } = {},
  ) {
    super(message);
  }
}

/** The token is expired, revoked or invalid; refresh once, then the person must reconnect. */
export class AuthExpired extends SocialProviderError {
  readonly kind = 'auth_expired';
  override name = 'AuthExpired';
}

/** Too many calls; try again at `resetAt` (X sends it; LinkedIn's daily limits end at 00:00 UTC). */
export class RateLimited extends SocialProviderError {
  readonly kind = 'rate_limited';
  override name = 'RateLimited';
  constructor(
    message: string,
    readonly resetAt: Date,
    detail: { status?: number; body?: string } = {},
  ) {
    super(message, detail);
  }
}

/** The network refused the content or the request for good (too long, bad media, no permission). */
export class Rejected extends SocialProviderError {
  readonly kind = 'rejected';
  override name = 'Rejected';
}

/**
 * A thread part's parent is gone (deleted, or not visible to the account): no attempt can ever send
 * the part as its reply, so it fails for good (docs/networks.md, X · Threads; docs/decisions/154-thread-parts-and-first-comments-on-the-network.md).
 */
export class ParentUnavailable extends Rejected {
  override name = 'ParentUnavailable';
}

/** The same content is already on the network (X 403, LinkedIn 422 naming the existing post). */
export class Duplicate extends SocialProviderError {
  readonly kind = 'duplicate';
  override name = 'Duplicate';
  constructor(
    message: string,
    readonly existingId: string | undefined,
    detail: { status?: number; body?: string } = {},
  ) {
    super(message, detail);
  }
}

/** The network is down or failing (5xx before anything was created, connection refused); retry later. */
export class Unavailable extends SocialProviderError {
  readonly kind = 'unavailable';
  override name = 'Unavailable';
}

/**
 * The request may or may not have taken effect (timeout or cut connection after sending, 5xx on a
 * create). Never blindly retried: the next attempt reconciles with the network first.
 */
export class OutcomeUnknown extends SocialProviderError {
  readonly kind = 'outcome_unknown';
  override name = 'OutcomeUnknown';
}
