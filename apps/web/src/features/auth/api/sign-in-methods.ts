import { api } from '@postflow/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { signInMethodsQueryKey } from '../../../lib/query-keys';

/** GET /auth/sign-in-methods: the password and the network accounts the person signs in with (decision 107). */
export function useSignInMethods() {
  return useQuery({
    queryKey: signInMethodsQueryKey,
    queryFn: ({ signal }) => apiCall(api.accounts.signInMethods, { signal }),
  });
}

/** DELETE /auth/sign-in-methods/:id; the answer is the list that is left. */
export function useRemoveSignInMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; currentPassword?: string }) =>
      apiCall(api.accounts.removeSignInMethod, {
        params: { id: input.id },
        body: input.currentPassword ? { currentPassword: input.currentPassword } : {},
      }),
    onSuccess: (answer) => queryClient.setQueryData(signInMethodsQueryKey, answer),
  });
}

/** PUT /auth/password: change the password, or set a first one. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword?: string; password: string }) => apiCall(api.auth.changePassword, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signInMethodsQueryKey }),
  });
}
