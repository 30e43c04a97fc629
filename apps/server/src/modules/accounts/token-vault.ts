import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { AuthExpired } from '../../providers/social/errors';
import type { ProviderRegistry } from '../../providers/social/registry';
import type { AccountRef, TokenSet } from '../../providers/social/social-provider';
import { createAccountsRepository, type SocialAccountRecord, type StoredTokens } from './accounts.repository';

/** Refresh a little before expiry, so a token never lapses between our check and the network's. */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;

/**
 * The only code that sees the networks' tokens in clear. Tokens are sealed per account
 * (AES-256-GCM bound to the account id and purpose). Refreshes happen under a row lock on the
 * account and the rotated pair is saved in the same transaction, so an account is never refreshed
 * twice at once: X's refresh tokens are single use, and a second refresh would spend the new one.
 */
export function createTokenVault(deps: { db: Database; secretBox: SecretBox; providers: ProviderRegistry; clock: Clock }) {
  const { db, secretBox, clock } = deps;
  const context = (accountId: string, kind: 'access' | 'refresh') => `social_accounts:${accountId}:${kind}`;

  function seal(accountId: string, tokens: TokenSet): StoredTokens {
    return {
      accessTokenEnc: secretBox.seal(tokens.accessToken, context(accountId, 'access')),
      refreshTokenEnc: tokens.refreshToken ? secretBox.seal(tokens.refreshToken, context(accountId, 'refresh')) : null,
      accessExpiresAt: tokens.accessExpiresAt ?? null,
      refreshExpiresAt: tokens.refreshExpiresAt ?? null,
      scopes: tokens.scopes,
    };
  }

  const openAccess = (account: SocialAccountRecord) => secretBox.open(account.accessTokenEnc, context(account.id, 'access'));
  const openRefresh = (account: SocialAccountRecord) =>
    account.refreshTokenEnc ? secretBox.open(account.refreshTokenEnc, context(account.id, 'refresh')) : undefined;

  const expiresSoon = (account: SocialAccountRecord) =>
    account.accessExpiresAt !== null && account.accessExpiresAt.getTime() - clock.now().getTime() < REFRESH_MARGIN_MS;

  async function markNeedsReconnect(accountId: string, reason: string) {
    await createAccountsRepository(db).markNeedsReconnect(accountId, reason);
  }

  /**
   * Refreshes the account's tokens unless someone else already did while we waited for the lock
   * (the stored access token is no longer `staleToken`, or no longer about to expire).
   */
  async function refresh(accountId: string, staleToken: string | undefined): Promise<AccountRef> {
    const outcome = await db.transaction(async (tx) => {
      const accounts = createAccountsRepository(tx);
      const account = await accounts.findByIdForUpdate(accountId);
      if (!account) throw notFound('This account is no longer connected.');
      const current = openAccess(account);
      const alreadyFresh = staleToken !== undefined ? current !== staleToken : !expiresSoon(account);
      if (alreadyFresh) return { ref: { networkUserId: account.networkUserId, accessToken: current, scopes: account.scopes } };
      const refreshToken = openRefresh(account);
      if (!refreshToken) return { expired: 'The access grant ended; connect the account again.' };
      try {
        const tokens = await deps.providers.get(account.network).refresh(refreshToken);
        await accounts.updateTokens(account.id, seal(account.id, { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken }));
        return { ref: { networkUserId: account.networkUserId, accessToken: tokens.accessToken, scopes: tokens.scopes } };
      } catch (error) {
        if (error instanceof AuthExpired) return { expired: error.message };
        throw error;
      }
    });
    if ('expired' in outcome) {
      await markNeedsReconnect(accountId, outcome.expired as string);
      throw new AuthExpired(outcome.expired as string);
    }
    return outcome.ref as AccountRef;
  }

  async function currentRef(accountOrId: string | SocialAccountRecord): Promise<AccountRef> {
    const account = typeof accountOrId === 'string' ? await createAccountsRepository(db).findById(accountOrId) : accountOrId;
    if (!account) throw notFound('This account is no longer connected.');
    const accountId = account.id;
    if (account.status === 'needs_reconnect') throw new AuthExpired(account.statusReason ?? 'Connect the account again.');
    if (expiresSoon(account)) return refresh(accountId, undefined);
    return { networkUserId: account.networkUserId, accessToken: openAccess(account), scopes: account.scopes };
  }

  return {
    seal,
    openAccess,
    openRefresh,
    /**
     * Runs `call` with a valid token for the account. If the network answers that the token is no
     * longer good, refreshes once and runs it again (a refused token means nothing happened); if
     * that fails too, the account is marked "needs reconnect" and AuthExpired propagates. A caller
     * that has just read the account may pass the record to save reading it again.
     */
    async withAccount<T>(accountOrId: string | SocialAccountRecord, call: (account: AccountRef) => Promise<T>): Promise<T> {
      const accountId = typeof accountOrId === 'string' ? accountOrId : accountOrId.id;
      const ref = await currentRef(accountOrId);
      try {
        return await call(ref);
      } catch (error) {
        if (!(error instanceof AuthExpired)) throw error;
        const renewed = await refresh(accountId, ref.accessToken);
        try {
          return await call(renewed);
        } catch (retryError) {
          if (retryError instanceof AuthExpired) await markNeedsReconnect(accountId, retryError.message);
          throw retryError;
        }
      }
    },
  };
}
export type TokenVault = ReturnType<typeof createTokenVault>;
