import type { GuardedFetchOptions } from './safe-fetch';

/** How a link card's page and picture are fetched (docs/decisions/149-link-cards.md). */
export interface LinkFetchPolicy {
  allowPrivate: boolean;
  trustedOrigins: readonly string[];
  /** Tests answer names themselves. */
  resolve?: GuardedFetchOptions['resolve'];
  /** Tests shorten the deadline. */
  timeoutMs?: number;
}

/** One deadline for the page, redirects included. */
export const PAGE_TIMEOUT_MS = 5_000;
/** A page's tags are in its head: the first 512 KB is plenty, and the rest is never read. */
export const PAGE_MAX_BYTES = 512 * 1024;
/** The card's picture: LinkedIn's thumbnails are small, and our image check takes up to 10 MB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 3;

export function pageFetchOptions(policy: LinkFetchPolicy): GuardedFetchOptions {
  return {
    allowPrivate: policy.allowPrivate,
    trustedOrigins: policy.trustedOrigins,
    timeoutMs: policy.timeoutMs ?? PAGE_TIMEOUT_MS,
    maxBytes: PAGE_MAX_BYTES,
    overLimit: 'truncate',
    maxRedirects: MAX_REDIRECTS,
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
    contentTypes: ['text/html', 'application/xhtml+xml'],
    ...(policy.resolve ? { resolve: policy.resolve } : {}),
  };
}

export function imageFetchOptions(policy: LinkFetchPolicy): GuardedFetchOptions {
  return {
    ...pageFetchOptions(policy),
    timeoutMs: policy.timeoutMs ?? IMAGE_TIMEOUT_MS,
    maxBytes: IMAGE_MAX_BYTES,
    overLimit: 'refuse',
    accept: 'image/jpeg,image/png,image/gif;q=0.9,image/*;q=0.5',
    contentTypes: ['image/'],
  };
}
