import { authRoutes } from '@postflow/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** POST /auth/password-reset/request: answers 202 with a message whether or not the address is known. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => apiCall(authRoutes.requestPasswordReset, { body: { email } }),
  });
}

/** POST /auth/password-reset/confirm: sets the new password with the link's token. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => apiCall(authRoutes.confirmPasswordReset, { body: input }),
  });
}
