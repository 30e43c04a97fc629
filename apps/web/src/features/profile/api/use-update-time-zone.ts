import { api } from '@postflow/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { storeUser } from './use-profile-details';

/**
 * PUT /auth/profile/time-zone: only the zone (docs/decisions/145-person-time-zone.md). The session's user
 * carries it, so every screen follows at once (app/person-time-zone-scope.tsx).
 */
export function useUpdateTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => apiCall(api.profile.updateTimeZone, { body: { timeZone } }),
    onSuccess: ({ user }) => storeUser(queryClient, () => user),
  });
}
