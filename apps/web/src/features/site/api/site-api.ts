import type { ContactRequest } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const siteInfoQueryKey = ['site', 'info'] as const;

/** The operator's support address (`GET /api/site/info`); it changes only when the server restarts. */
export function useSiteInfo() {
  return useQuery({
    queryKey: siteInfoQueryKey,
    queryFn: ({ signal }) => apiCall(api.site.info, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** docs/product.md, Public site · Contact: POST /api/contact/ without a session. */
export function useSendContact() {
  return useMutation({ mutationFn: (body: ContactRequest) => apiCall(api.site.contact, { body }) });
}
