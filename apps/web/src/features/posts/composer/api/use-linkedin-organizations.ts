import { api } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { accountsQueryKey } from '../../../../lib/query-keys';

/** GET /auth/linkedin/organizations: the member and the pages they administer (docs/product.md, Composer · Content). Under `['accounts']` so a reconnect refreshes it. */
export function useLinkedInOrganizations(enabled: boolean) {
  return useQuery({
    queryKey: [...accountsQueryKey, 'linkedin-organizations'],
    queryFn: ({ signal }) => apiCall(api.accounts.linkedInOrganizations, { signal }),
    enabled,
  });
}
