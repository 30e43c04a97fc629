import type { RouteResponse, SocialAccount, accountsRoutes } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { accountsQueryKey, signInMethodsQueryKey } from '../../../lib/query-keys';
import { connectedAccountsQueryKey } from './use-connected-accounts';

type AccountsAnswer = RouteResponse<typeof accountsRoutes.list>;

/**
 * DELETE /auth/social/:id, then drop the account from every list at once and check with the server.
 * Unless `keepSignIn`, the account also stops signing in (the server keeps it when it is the last way in).
 */
export function useDisconnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ account, keepSignIn }: { account: SocialAccount; keepSignIn: boolean }) => {
      const answer = await apiCall(api.accounts.disconnect, {
        params: { id: account.id },
        ...(keepSignIn ? { query: { signIn: 'keep' as const } } : {}),
      });
      if (!answer.disconnected) throw new Error(answer.message);
      return answer;
    },
    onSuccess: (_answer, { account }) => {
      // The card and the sidebar list change now, not after the refetch below.
      queryClient.setQueryData<AccountsAnswer>(connectedAccountsQueryKey, (current) =>
        current ? { socials: current.socials.filter((social) => social.id !== account.id) } : current,
      );
    },
    onSettled: () => {
      // Not awaited: the result dialog should not wait for the refetch.
      void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: signInMethodsQueryKey });
    },
  });
}
