import type { RouteResponse, SocialAccount, accountsRoutes } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { accountsQueryKey } from '../../../lib/query-keys';
import { connectedAccountsQueryKey } from './use-connected-accounts';

type AccountsAnswer = RouteResponse<typeof accountsRoutes.list>;

/** DELETE /auth/social/:id, then drop the account from every list at once and check with the server. */
export function useDisconnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (account: SocialAccount) => {
      const answer = await apiCall(api.accounts.disconnect, { params: { id: account.id } });
      if (!answer.disconnected) throw new Error(answer.message);
      return answer;
    },
    onSuccess: (_answer, account) => {
      // The card and the sidebar list change now, not after the refetch below.
      queryClient.setQueryData<AccountsAnswer>(connectedAccountsQueryKey, (current) =>
        current ? { socials: current.socials.filter((social) => social.id !== account.id) } : current,
      );
    },
    onSettled: () => {
      // Not awaited: the result dialog should not wait for the refetch.
      void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
    },
  });
}
