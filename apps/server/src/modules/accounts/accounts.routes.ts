import { accountsRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { AccountsRepository } from './accounts.repository';

export function registerAccountsRoutes(router: Router, deps: { accounts: AccountsRepository }) {
  router.authed(accountsRoutes.list, async ({ auth }) => ({ socials: await deps.accounts.listForUser(auth.userId) }));
}
