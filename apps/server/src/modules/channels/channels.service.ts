import type { Channel } from '@postflow/contract';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Log } from '../../lib/logger';
import type { ProviderRegistry } from '../../providers/social/registry';
import { createAccountsRepository, type SocialAccountRecord } from '../accounts/accounts.repository';
import type { TokenVault } from '../accounts/token-vault';
import { createChannelsRepository, toChannelDto, type ChannelRecord } from './channels.repository';

/** How long the pages read from LinkedIn are trusted before the channel list reads them again (docs/decisions/146-channels.md). */
export const PAGES_FRESH_FOR_MS = 60 * 60 * 1000;

/** A channel a post is about to go to, with the account it goes through. */
export interface ResolvedChannel {
  channel: ChannelRecord & { accountId: string };
  account: SocialAccountRecord;
}

/**
 * Channels (docs/decisions/146-channels.md): the places a workspace's posts can go. Person channels
 * come with their accounts (migration 0034); page channels are read from LinkedIn here.
 */
export function createChannelsService(deps: { db: Database; providers: ProviderRegistry; vault: TokenVault; clock: Clock; log: Log }) {
  const { db, clock } = deps;

  /** Reads the member's pages from LinkedIn and stores them as channels; answers them. Throws the network's errors. */
  async function refreshPages(account: SocialAccountRecord): Promise<ChannelRecord[]> {
    const organizations = await deps.vault.withAccount(account.id, (ref) => deps.providers.get('linkedin').organizations(ref));
    return createChannelsRepository(db).replacePages(
      account,
      organizations.map((organization) => ({
        organizationId: organization.id,
        name: organization.name,
        handle: organization.vanityName ?? null,
        avatarUrl: organization.logoUrl ?? null,
      })),
      clock.now(),
    );
  }

  return {
    refreshPages,

    /** Every channel the workspace can post to; pages not read for an hour are read again first, best effort. */
    async list(workspaceId: string): Promise<Channel[]> {
      const channels = createChannelsRepository(db);
      const accounts = createAccountsRepository(db);
      const stale = await channels.accountsWithStalePages(workspaceId, new Date(clock.now().getTime() - PAGES_FRESH_FOR_MS));
      for (const accountId of stale) {
        const account = await accounts.findById(accountId);
        if (!account) continue;
        try {
          await refreshPages(account);
        } catch (error) {
          // The pages read last time stay offered; publishing checks the page again anyway.
          deps.log.warn({ accountId, err: error }, 'reading the LinkedIn pages of an account failed; keeping the pages read before');
        }
      }
      return (await channels.listReachable(workspaceId)).map(toChannelDto);
    },

    /**
     * The named channels with their accounts, in the order asked; refuses the whole list, naming
     * the field, when one is unknown, of another workspace, or no longer reachable.
     */
    async resolve(workspaceId: string, ids: readonly string[]): Promise<ResolvedChannel[]> {
      const found = await createChannelsRepository(db).findReachable(workspaceId, ids);
      const accounts = createAccountsRepository(db);
      const resolved: ResolvedChannel[] = [];
      for (const [index, id] of ids.entries()) {
        const channel = found.find((candidate) => candidate.id === id);
        const account = channel ? await accounts.findById(channel.accountId) : undefined;
        if (!channel || !account) {
          throw new AppError(
            'validation_failed',
            'One of the chosen channels is not connected in this workspace. Reload the page and choose again.',
            { fields: { [`channels.${index}`]: 'Unknown channel' } },
          );
        }
        resolved.push({ channel, account });
      }
      return resolved;
    },
  };
}
export type ChannelsService = ReturnType<typeof createChannelsService>;
