import { api } from '@postflow/contract/client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** POST /auth/password-reset/request: answers 202 with a message whether or not the address is known. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => apiCall(api.auth.requestPasswordReset, { body: { email } }),
  });
}

/** POST /auth/password-reset/confirm: sets the new password with the link's token. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => apiCall(api.auth.confirmPasswordReset, { body: input }),
  });
}

/**
 * POST /auth/password-reset/check: whether the link's token can still set a password, asked when
 * the page opens (asking does not use the link up). Never retried: the answer does not change.
 */
export function useResetLinkState(token: string) {
  return useQuery({
    queryKey: ['password-reset-check', token],
    queryFn: () => apiCall(api.auth.checkPasswordReset, { body: { token } }),
    retry: false,
    staleTime: Infinity,
  });
}
