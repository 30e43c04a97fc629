import type { UpdateProfileRequest } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { storeUser } from './use-profile-details';

/** PUT /auth/profile (docs/product.md, Profile · Edit profile). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => apiCall(api.profile.update, { body }),
    onSuccess: ({ user }) => storeUser(queryClient, () => user),
  });
}
