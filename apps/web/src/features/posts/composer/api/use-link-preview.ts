import { api } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LinkPreview } from '@postflow/contract';
import { apiCall, isApiError } from '../../../../lib/api-client';

/** How long the text must rest before its link is looked up: a person typing an address is not asking yet. */
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

/**
 * POST /api/v1/link-preview for `url` once it stops changing (docs/decisions/149-link-cards.md); null
 * asks nothing. Answers are kept for the session, so going back and forth between steps asks once.
 */
export function useLinkPreview(url: string | null): LinkPreviewState {
  const settled = useSettled(url, LINK_PREVIEW_DEBOUNCE_MS);
  const current = url !== null && settled === url;
  const query = useQuery({
    queryKey: ['link-preview', settled],
    queryFn: ({ signal }) => apiCall(api.linkPreview.preview, { body: { url: settled as string }, signal }),
    enabled: current,
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (url === null) return { loading: false, preview: undefined, error: null };
  if (!current) return { loading: true, preview: undefined, error: null };
  if (query.isError) {
    return { loading: false, preview: undefined, error: isApiError(query.error) ? query.error.message : 'The page could not be read.' };
  }
  return { loading: query.isPending, preview: query.data, error: null };
}
