import type { Database } from '../../../db/client';
import type { Log } from '../../../lib/logger';
import type { ProviderRegistry } from '../../../providers/social/registry';
import { createAccountsRepository } from '../../accounts/accounts.repository';
import type { TokenVault } from '../../accounts/token-vault';
import { createUsersRepository } from '../../users/users.repository';
import { createHistoryRepository } from './history.repository';

/** How many of an account's latest posts are imported when it is connected. */
export const IMPORT_LIMIT = 400;

/**
 * Brings an account's recent posts on the network into Postflow as published posts (marked
 * imported), so analytics and insights work from the day the account is connected. Posts already
 * known (published through Postflow, or imported before) are skipped.
 */
export function createHistoryImport(deps: { db: Database; providers: ProviderRegistry; vault: TokenVault; log: Log }) {
  return async (accountId: string): Promise<number> => {
    const account = await createAccountsRepository(deps.db).findById(accountId);
    if (!account || account.status !== 'connected') return 0;
    const provider = deps.providers.get(account.network);
    let recent;
    try {
      recent = await deps.vault.withAccount(account.id, (ref) => provider.recentPosts(ref, { limit: IMPORT_LIMIT }));
    } catch (error) {
      // Self-serve LinkedIn apps may not read posts: there is simply no history to import.
      deps.log.info({ accountId, err: error }, 'no post history could be read for this account');
      return 0;
    }
    const owner = await createUsersRepository(deps.db).findById(account.workspaceId);
    const timeZone = owner?.timeZone ?? 'UTC';
    let imported = 0;
    for (const post of recent) {
      if (!post.createdAt) continue;
      // One transaction per post: a post row never exists without its target.
      const created = await deps.db.transaction((tx) =>
        createHistoryRepository(tx).insertImported({
          workspaceId: account.workspaceId,
          accountId: account.id,
          network: account.network,
          networkPostId: post.id,
          url: post.url,
          text: post.text,
          publishedAt: post.createdAt as Date,
          timeZone,
          hasMedia: post.hasMedia,
        }),
      );
      if (created) imported += 1;
    }
    deps.log.info({ accountId, imported }, 'post history imported');
    return imported;
  };
}
