import type { RouteResponse, accountsRoutes } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { accountsQueryKey } from '../../../lib/query-keys';

export type Connections = RouteResponse<typeof accountsRoutes.connections>;
export type ConnectionStatus = Connections['x'];

export const connectionsQueryKey = [...accountsQueryKey, 'connections'] as const;

/**
 * GET /api/connections: per network, whether this server can connect it at all (`available`) and
 * whether it talks to the offline sandbox. It only adds badges and notes to the cards, so a failure
 * is not retried and not shown: the cards then look as if every network were available.
 */
export function useConnections() {
  return useQuery({
    queryKey: connectionsQueryKey,
    queryFn: ({ signal }) => apiCall(api.accounts.connections, { signal }),
    retry: false,
  });
}
