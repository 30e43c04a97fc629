import { randomBytes } from 'node:crypto';
import {
  networkName,
  type CallbackErrorCode,
  type LinkedInOrganizations,
  type Network,
  type PlanId,
  type SessionResponse,
} from '@postflow/contract';
import type { Database, Queryable } from '../../db/client';
import type { Log } from '../../lib/logger';
import type { PlanLimitsService } from '../plans/plan-limits';
import { addMs, type Clock } from '../../lib/clock';
import { AppError, notFound, unauthorized } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { generateToken, hashToken } from '../../lib/tokens';
import { SocialProviderError } from '../../providers/social/errors';
import type { ProviderRegistry } from '../../providers/social/registry';
import type { NetworkProfile, TokenSet } from '../../providers/social/social-provider';
import { accountLabel } from '../activity/activity-labels';
import { record as recordActivity } from '../activity/activity.repository';
import { createAccountsRepository, type SocialAccountRecord } from './accounts.repository';
import { createIdentitiesRepository } from './identities.repository';
import type { TokenVault } from './token-vault';
import type { AuthService, ClientMeta } from '../auth/auth.service';
import { createUsersRepository } from '../users/users.repository';
import { createLoginTicketsRepository } from './login-tickets.repository';
import { createOAuthStatesRepository } from './oauth-states.repository';
import type { SignInChoice, SignInMethodsService, SignInOutcome } from './sign-in-methods.service';

const STATE_TTL_MS = 10 * 60 * 1000;
const TICKET_TTL_MS = 2 * 60 * 1000;

const connectedFlag = (network: Network) => (network === 'x' ? 'xConnected' : 'linkedInConnected');

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
}

/** Where the browser goes after the network sent it back, and the ticket it carries (as a cookie). */
export interface CallbackOutcome {
  redirect: string;
  ticket?: string;
}

/** How a network account is named in the person's list of sign-in methods. */
const identityLabel = (profile: NetworkProfile) => (profile.username ? `@${profile.username}` : profile.displayName || null);

/** A failure the person can act on: its code is worded by the web app's callback page from our catalogue. */
class CallbackFailure extends Error {
  constructor(readonly code: CallbackErrorCode) {
    super(code);
  }
}

export function createAccountsService(deps: {
  db: Database;
  providers: ProviderRegistry;
  vault: TokenVault;
  secretBox: SecretBox;
  auth: AuthService;
  clock: Clock;
  /** What follows a newly connected account (its history import), in the transaction that saves it. */
  onConnected(tx: Queryable, accountId: string): Promise<void>;
  publicUrl: string;
  log: Log;
  planLimits: PlanLimitsService;
  /** The plan the personal workspace of someone who signs up with X or LinkedIn gets (DEFAULT_PLAN). */
  defaultPlan: PlanId;
  signInMethods: SignInMethodsService;
}) {
  const { db, providers, clock } = deps;
  const verifierContext = (stateHash: Buffer) => `oauth_states:${stateHash.toString('hex')}`;

  async function saveAccount(
    tx: Queryable,
    actorId: string,
    workspaceId: string,
    network: Network,
    isSandbox: boolean,
    profile: NetworkProfile,
    tokens: TokenSet,
  ): Promise<void> {
    const accounts = createAccountsRepository(tx);
    const existing = await accounts.findByNetworkIdentity(network, isSandbox, profile.id);
    const card = { username: profile.username ?? null, displayName: profile.displayName, avatarUrl: profile.avatarUrl ?? null };
    const logConnected = (accountId: string, reconnected: boolean) =>
      recordActivity(tx, {
        workspaceId,
        actorId,
        action: 'account.connected',
        subject: { type: 'account', id: accountId, label: accountLabel(card) },
        details: { networks: [network], handle: accountLabel(card), ...(reconnected ? { reconnected } : {}) },
        at: clock.now(),
      });
    if (existing) {
      // A network account is connected in one workspace at a time (docs/decisions/128-workspaces.md).
      if (existing.workspaceId !== workspaceId) {
        throw new CallbackFailure('account_taken');
      }
      await accounts.reconnect(existing.id, card, deps.vault.seal(existing.id, tokens));
      await logConnected(existing.id, true);
      return;
    }
    await deps.planLimits.checkAccountAllowed(tx, workspaceId);
    const id = crypto.randomUUID();
    await accounts.insert({ id, workspaceId, network, networkUserId: profile.id, isSandbox, ...card, tokens: deps.vault.seal(id, tokens) });
    await logConnected(id, false);
    await deps.onConnected(tx, id);
  }

  /** Sign-in: the user this identity belongs to, or a new one made from the network profile. */
  async function userForSignIn(tx: Queryable, network: Network, isSandbox: boolean, profile: NetworkProfile): Promise<string> {
    const identities = createIdentitiesRepository(tx);
    const known = await identities.findUserId(network, isSandbox, profile.id);
    if (known) return identities.link(network, isSandbox, profile.id, known, identityLabel(profile));
    const users = createUsersRepository(tx);
    // Never attach to an existing account by email: whoever controls that network account would
    // gain the Postflow account. A taken address or username is simply left empty.
    const emailFree = profile.email && !(await users.findByEmail(profile.email));
    const usernameFree = profile.username && !(await users.isUsernameTaken(profile.username));
    const user = await users.create({
      email: emailFree ? (profile.email as string) : null,
      passwordHash: null,
      name: profile.displayName || profile.username || `${networkName(network)} user`,
      username: usernameFree ? (profile.username as string) : null,
      avatarUrl: profile.avatarUrl ?? null,
      plan: deps.defaultPlan,
    });
    return identities.link(network, isSandbox, profile.id, user.id, identityLabel(profile));
  }

  function providerFailureCode(error: unknown): CallbackErrorCode {
    if (!(error instanceof SocialProviderError)) return 'failed';
    switch (error.kind) {
      case 'auth_expired':
        return 'code_expired';
      case 'rate_limited':
        return 'rate_limited';
      case 'rejected':
        return 'refused';
      default:
        return 'unreachable';
    }
  }

  /**
   * Where the browser goes when the round trip failed: the callback page with a code and the network,
   * never text (docs/product.md, Sign-in · Network callback). A failed connect (started from the app,
   * by someone signed in) returns to the Connect Accounts page.
   */
  const failureRedirect = (network: Network, code: CallbackErrorCode, purpose?: 'login' | 'connect') =>
    `${deps.publicUrl}/auth/callback?error=${code}&network=${network}${purpose === 'connect' ? '&next=%2Fconnect-accounts' : ''}`;

  return {
    /** Opens a consent round trip; answers the network's consent page address. */
    async startAuthorization(request: {
      network: Network;
      purpose: 'login' | 'connect';
      /** Who connects, and the workspace the account joins (a connect round trip only). */
      userId?: string;
      workspaceId?: string;
      browserBinding: string;
    }): Promise<string> {
      const provider = providers.get(request.network);
      const state = randomBytes(32).toString('base64url');
      const codeVerifier = randomBytes(48).toString('base64url');
      const stateHash = hashToken(state);
      await createOAuthStatesRepository(db).create(stateHash, {
        network: request.network,
        purpose: request.purpose,
        userId: request.userId ?? null,
        workspaceId: request.workspaceId ?? null,
        codeVerifierEnc: deps.secretBox.seal(codeVerifier, verifierContext(stateHash)),
        browserBinding: hashToken(request.browserBinding),
        expiresAt: addMs(clock.now(), STATE_TTL_MS),
      });
      return provider.authorizationUrl({ state, codeVerifier });
    },

    /** The network sent the browser back: finish the round trip, whatever it brought. */
    async completeAuthorization(network: Network, query: CallbackQuery, browserBinding: string | undefined): Promise<CallbackOutcome> {
      const state = query.state ? await createOAuthStatesRepository(db).take(hashToken(query.state)) : undefined;
      try {
        if (query.error) {
          const cancelled = ['access_denied', 'user_cancelled_login', 'user_cancelled_authorize'].includes(query.error);
          if (!cancelled)
            deps.log.warn({ network, error: query.error, description: query.error_description }, 'the network ended the sign-in');
          throw new CallbackFailure(cancelled ? 'cancelled' : 'network_error');
        }
        if (!state || state.network !== network || state.expiresAt < clock.now()) throw new CallbackFailure('expired');
        if (!browserBinding || !hashToken(browserBinding).equals(state.browserBinding)) throw new CallbackFailure('other_browser');
        if (!query.code) throw new CallbackFailure('no_code');

        const provider = providers.get(network);
        const codeVerifier = deps.secretBox.open(state.codeVerifierEnc, verifierContext(hashToken(query.state as string)));
        let tokens: TokenSet;
        let profile: NetworkProfile;
        try {
          tokens = await provider.exchangeCode({ code: query.code, codeVerifier });
          profile = await provider.profile(tokens.accessToken);
        } catch (error) {
          deps.log.warn({ network, err: error }, 'OAuth code exchange failed');
          throw new CallbackFailure(providerFailureCode(error));
        }

        const ticket = generateToken('st');
        const userId = await db.transaction(async (tx) => {
          let owner: string;
          // Signing in with a network account connects it in the person's personal workspace, whose id is theirs.
          let workspaceId: string;
          if (state.purpose === 'connect') {
            owner = state.userId as string;
            workspaceId = state.workspaceId ?? owner;
            const identities = createIdentitiesRepository(tx);
            const signsInAs = await identities.findUserId(network, provider.isSandbox, profile.id);
            if (signsInAs && signsInAs !== owner) throw new CallbackFailure('account_taken');
            // A first connection also lets the person sign in with it; reconnecting an account they
            // keep does not bring back a sign-in they removed (decision 107).
            const connected = await createAccountsRepository(tx).findByNetworkIdentity(network, provider.isSandbox, profile.id);
            if (connected?.workspaceId !== workspaceId) {
              const linkedTo = await identities.link(network, provider.isSandbox, profile.id, owner, identityLabel(profile));
              if (linkedTo !== owner) throw new CallbackFailure('account_taken');
            }
          } else {
            owner = await userForSignIn(tx, network, provider.isSandbox, profile);
            workspaceId = owner;
          }
          await saveAccount(tx, owner, workspaceId, network, provider.isSandbox, profile, tokens);
          await createLoginTicketsRepository(tx).create({
            ticketHash: hashToken(ticket),
            userId: owner,
            network,
            expiresAt: addMs(clock.now(), TICKET_TTL_MS),
          });
          return owner;
        });
        deps.log.info({ network, userId, purpose: state.purpose, sandbox: provider.isSandbox }, 'social account connected');
        const next = state.purpose === 'connect' ? '&next=%2Fconnect-accounts' : '';
        return { redirect: `${deps.publicUrl}/auth/callback?${connectedFlag(network)}=true${next}`, ticket };
      } catch (error) {
        if (error instanceof CallbackFailure) return { redirect: failureRedirect(network, error.code, state?.purpose) };
        // Our own refusals on the way (the plan's account limit) keep their message in the log only.
        if (error instanceof AppError) {
          deps.log.info({ network, reason: error.message }, 'connection refused');
          return { redirect: failureRedirect(network, error.code === 'forbidden' ? 'plan_limit' : 'failed', state?.purpose) };
        }
        deps.log.error({ network, err: error }, 'OAuth callback failed');
        return { redirect: failureRedirect(network, 'failed', state?.purpose) };
      }
    },

    async redeemTicket(network: Network, ticket: string | undefined, meta: ClientMeta): Promise<SessionResponse> {
      const failed = () => unauthorized('The sign-in could not be completed (it expired or was already used). Please sign in again.');
      if (!ticket) throw failed();
      const userId = await createLoginTicketsRepository(db).redeem(hashToken(ticket), network, clock.now());
      if (!userId) throw failed();
      const user = await createUsersRepository(db).findById(userId);
      if (!user) throw failed();
      return db.transaction((tx) => deps.auth.openSession(tx, user, meta));
    },

    /** Disconnects the account and settles its sign-in (decision 107); answers the account and that outcome. */
    async disconnect(
      caller: { userId: string; workspaceId: string },
      accountId: string,
      signIn?: SignInChoice,
    ): Promise<{ account: SocialAccountRecord; signIn: SignInOutcome }> {
      const { userId, workspaceId } = caller;
      const account = await createAccountsRepository(db).findById(accountId);
      if (!account || account.workspaceId !== workspaceId) throw notFound('No such connected account.');
      const outcome = await db.transaction(async (tx) => {
        const settled = await deps.signInMethods.settleOnDisconnect(tx, userId, account, signIn);
        await createAccountsRepository(tx).delete(account.id);
        await recordActivity(tx, {
          workspaceId,
          actorId: userId,
          action: 'account.disconnected',
          subject: { type: 'account', id: account.id, label: accountLabel(account) },
          details: { networks: [account.network], handle: accountLabel(account) },
          at: clock.now(),
        });
        return settled;
      });
      // Revoking is a courtesy to the network; our copy is already deleted whatever it answers.
      try {
        await providers.get(account.network).revoke(deps.vault.openAccess(account));
      } catch (error) {
        deps.log.warn({ accountId, err: error }, 'token revocation at the network failed; our copy is deleted anyway');
      }
      deps.log.info({ accountId, network: account.network, userId, signIn: outcome }, 'social account disconnected');
      return { account, signIn: outcome };
    },

    async accountsOf(workspaceId: string): Promise<SocialAccountRecord[]> {
      return createAccountsRepository(db).listInWorkspace(workspaceId);
    },

    /**
     * The member and the pages they administer, of the named LinkedIn account, else of the workspace's first
     * (as before accounts could be chosen). Another workspace's account is 404, as an unknown one.
     */
    async linkedInOrganizations(workspaceId: string, accountId?: string): Promise<LinkedInOrganizations> {
      const accounts = createAccountsRepository(db);
      let account: SocialAccountRecord | undefined;
      if (accountId) {
        account = await accounts.findById(accountId);
        if (!account || account.workspaceId !== workspaceId) throw notFound('No such connected account in this workspace.');
        if (account.network !== 'linkedin')
          throw new AppError('validation_failed', 'That account is not a LinkedIn account: only LinkedIn members administer pages.', {
            fields: { accountId: 'Not a LinkedIn account' },
          });
      } else {
        account = (await accounts.listInWorkspace(workspaceId)).find((candidate) => candidate.network === 'linkedin');
      }
      if (!account) throw new AppError('validation_failed', 'Connect a LinkedIn account first.');
      const organizations = await deps.vault.withAccount(account.id, (ref) => providers.get('linkedin').organizations(ref));
      return {
        personal: { id: account.networkUserId, name: account.displayName ?? account.username ?? 'LinkedIn member', type: 'personal' },
        organizations: organizations.map((organization) => ({
          id: organization.id,
          name: organization.name,
          type: 'organization' as const,
          followerCount: organization.followerCount ?? null,
        })),
      };
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
