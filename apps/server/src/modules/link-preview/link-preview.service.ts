import type { LinkPreview } from '@postflow/contract';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { RateLimit, RateLimiter } from '../security/rate-limiter';
import { pageFetchOptions, type LinkFetchPolicy } from './link-fetch-limits';
import { decodeHtml, readOpenGraph } from './open-graph';
import { FetchRefused, guardedFetch } from './safe-fetch';

/** How long an answer is reused: a person typing and retyping a link fetches the page once. */
const CACHE_MS = 10 * 60_000;
const CACHE_ENTRIES = 1_000;

/** Each preview is a request from our server to someone else's: enough for writing, not for crawling. */
const previewLimit: RateLimit = {
  name: 'link-preview:user',
  max: 60,
  windowMs: 10 * 60_000,
  message: 'Too many link previews in a short time.',
};

/** A refused fetch as the 400 the composer shows under the link (never a 5xx: the page, not Postflow, is at fault). */
export function previewRefusal(error: FetchRefused): AppError {
  return new AppError('validation_failed', error.message, { fields: { url: error.message } });
}

/**
 * Link previews (docs/decisions/149-link-cards.md): a page's Open Graph tags, fetched under the
 * guard, and kept briefly per address for every workspace (the page is public, the answer the same).
 */
export function createLinkPreviewService(deps: { policy: LinkFetchPolicy; rateLimiter: RateLimiter; clock: Clock }) {
  const cache = new Map<string, { at: number; preview: LinkPreview }>();

  function cached(url: string): LinkPreview | undefined {
    const entry = cache.get(url);
    if (!entry) return undefined;
    if (deps.clock.now().getTime() - entry.at > CACHE_MS) {
      cache.delete(url);
      return undefined;
    }
    return entry.preview;
  }

  function remember(url: string, preview: LinkPreview) {
    cache.set(url, { at: deps.clock.now().getTime(), preview });
    while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  }

  return {
    async preview(userId: string, url: string): Promise<LinkPreview> {
      const found = cached(url);
      if (found) return found;
      await deps.rateLimiter.consume(previewLimit, userId);
      try {
        const page = await guardedFetch(url, pageFetchOptions(deps.policy));
        const preview = readOpenGraph(decodeHtml(page.body, page.contentType), page.url);
        remember(url, preview);
        return preview;
      } catch (error) {
        if (error instanceof FetchRefused) throw previewRefusal(error);
        throw error;
      }
    },
  };
}
export type LinkPreviewService = ReturnType<typeof createLinkPreviewService>;
