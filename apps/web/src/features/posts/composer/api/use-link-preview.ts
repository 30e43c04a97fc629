import { api } from '@postflow/contract/client';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LinkPreview } from '@postflow/contract';
import { apiCall, isApiError } from '../../../../lib/api-client';

/** How long the texts must rest before their links are looked up: a person typing an address is not asking yet. */
export const LINK_PREVIEW_DEBOUNCE_MS = 600;

function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** What the composer knows of a link's card: being fetched, the card, or why there is none. */
export interface LinkPreviewState {
  loading: boolean;
  preview: LinkPreview | undefined;
  error: string | null;
}

export const NO_PREVIEW: LinkPreviewState = { loading: false, preview: undefined, error: null };

/**
 * POST /api/v1/link-preview for each address once the list stops changing (docs/decisions/149-link-cards.md):
 * the post's texts may link to several (each channel's own text, docs/decisions/152-channel-picker-and-kept-attachments.md).
 * Answers are kept for the session, so going back and forth between steps asks once.
 */
export function useLinkPreviews(urls: readonly string[]): ReadonlyMap<string, LinkPreviewState> {
  // Addresses hold no whitespace (link-card.ts), so a line break joins them unambiguously.
  const settledKey = useSettled(urls.join('\n'), LINK_PREVIEW_DEBOUNCE_MS);
  const settled = settledKey ? settledKey.split('\n') : [];
  const queries = useQueries({
    queries: settled.map((url) => ({
      queryKey: ['link-preview', url],
      queryFn: ({ signal }: { signal: AbortSignal }) => apiCall(api.linkPreview.preview, { body: { url }, signal }),
      staleTime: 10 * 60_000,
      retry: false,
    })),
  });
  return new Map(
    urls.map((url): [string, LinkPreviewState] => {
      const index = settled.indexOf(url);
      const query = queries[index];
      if (index < 0 || !query) return [url, { loading: true, preview: undefined, error: null }];
      if (query.isError) {
        const error = isApiError(query.error) ? query.error.message : 'The page could not be read.';
        return [url, { loading: false, preview: undefined, error }];
      }
      return [url, { loading: query.isPending, preview: query.data, error: null }];
    }),
  );
}
