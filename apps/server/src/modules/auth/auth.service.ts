import type { PlanId, SessionResponse, User } from '@postflow/contract';
import type { Database, Queryable } from '../../db/client';
import { addMs, type Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { generateToken, hashToken } from '../../lib/tokens';
import type { AuthContext } from '../../http/request-context';
import { requireSession } from '../../http/route';
import type { MailService } from '../mail/mail.service';
import { createPlansRepository } from '../plans/plans.repository';
import { passwordResetMail } from '../mail/messages/password-reset';
import type { RateLimiter } from '../security/rate-limiter';
import { toUserDto } from '../users/user-dto';
import { createUsersRepository, type UserRecord } from '../users/users.repository';
import { authLimits, loginSlowdownMs } from './auth-limits';
import { createPasswordResetsRepository, type ResetTokenState } from './password-resets.repository';

const RESET_LINK_PROBLEM: Record<Exclude<ResetTokenState, 'valid'>, string> = {
  used: 'This reset link has already been used. Request a new one if you still need it.',
  expired: 'This reset link has expired (links work for one hour). Request a new one.',
  unknown: 'This reset link is not valid. Check that you opened the whole link, or request a new one.',
};
import { createSessionCache, type CachedSession } from './session-cache';
import { createSessionsRepository } from './sessions.repository';

const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** How long another process may go on accepting a token this one has not seen ended (decision 093). */
const SESSION_RECHECK_MS = 5_000;
const UNIQUE_VIOLATION = '23505';
/** How recent a sign-in must be to stand in for the current password of an account without one (decision 108). */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;
const LOGIN_REFUSED = 'The email or password is incorrect.';

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

export interface AuthServiceDeps {
  db: Database;
  clock: Clock;
  rateLimiter: RateLimiter;
  mail: MailService;
  publicUrl: string;
  sessionTtlMs: number;
  refreshTtlMs: number;
  /** The plan new personal workspaces get (DEFAULT_PLAN). */
  defaultPlan: PlanId;
  /** True when there is no SMTP server: reset links are printed to the log so a self-hoster can use them. */
  printResetLinks: boolean;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  /** Waits before a password check on an account under attack; tests may pass their own. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock } = deps;
  const recentSessions = createSessionCache({ ttlMs: SESSION_RECHECK_MS, maxEntries: 10_000 });

  function newTokens(now: Date) {
    const token = generateToken('at');
    const refreshToken = generateToken('rt');
    return {
      token,
      refreshToken,
      stored: {
        accessTokenHash: hashToken(token),
        accessExpiresAt: addMs(now, deps.sessionTtlMs),
        refreshTokenHash: hashToken(refreshToken),
        refreshExpiresAt: addMs(now, deps.refreshTtlMs),
      },
    };
  }

  async function openSession(tx: Queryable, user: UserRecord, meta: ClientMeta): Promise<SessionResponse> {
    const tokens = newTokens(clock.now());
    await createSessionsRepository(tx).create({
      ...tokens.stored,
      userId: user.id,
      userAgent: meta.userAgent,
      ip: meta.ip,
      openedAt: clock.now(),
    });
    return {
      token: tokens.token,
      refreshToken: tokens.refreshToken,
      expiresIn: Math.floor(deps.sessionTtlMs / 1000),
      user: toUserDto(user),
    };
  }

  const emailTaken = () =>
    conflict('An account with this email already exists. Sign in instead, or reset your password.', {
      email: 'An account with this email already exists',
    });

  /**
   * Proves the caller is the owner before a change that could take the account over (email,
   * password, sign-in methods): the current password, or for an account without one a session
   * opened within the last 10 minutes. Refusals name the `currentPassword` field.
   */
  async function confirmOwner(caller: AuthContext, currentPassword: string | undefined): Promise<void> {
    const user = await createUsersRepository(db).findById(caller.userId);
    if (!user) throw notFound('This account no longer exists.');
    if (!user.passwordHash) {
      const openedAt = await createSessionsRepository(db).openedAt(requireSession(caller).sessionId);
      if (openedAt && clock.now().getTime() - openedAt.getTime() <= FRESH_SIGN_IN_MS) return;
      const message = 'To confirm it is you, sign out and sign in again with X or LinkedIn, then make this change within 10 minutes.';
      throw new AppError('forbidden', message, { fields: { currentPassword: message } });
    }
    if (!currentPassword)
      throw badRequest('Enter your current password to make this change.', { currentPassword: 'Enter your current password' });
    await deps.rateLimiter.consume(authLimits.reauthPerUser, user.id);
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw badRequest('The current password is incorrect.', { currentPassword: 'The current password is incorrect' });
    }
  }

  return {
    openSession,
    confirmOwner,

    /** A plan chosen on the pricing page other than the default is stored as a request for the operator (admin page). */
    async register(
      input: { name: string; email: string; password: string; plan?: PlanId | undefined },
      meta: ClientMeta,
    ): Promise<SessionResponse> {
      await deps.rateLimiter.consume(authLimits.registerPerIp, meta.ip);
      const users = createUsersRepository(db);
      if (await users.findByEmail(input.email)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const user = await createUsersRepository(tx).create({
            email: input.email,
            passwordHash,
            name: input.name,
            plan: deps.defaultPlan,
          });
          // The personal workspace has the person's id (docs/decisions/128-workspaces.md).
          if (input.plan && input.plan !== deps.defaultPlan) await createPlansRepository(tx).addRequest(user.id, user.id, input.plan);
          return openSession(tx, user, meta);
        });
      } catch (error) {
        // Two sign-ups with one address at the same moment: the unique index decides.
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw emailTaken();
        throw error;
      }
    },

    async login(input: { email: string; password: string }, meta: ClientMeta): Promise<SessionResponse> {
      const account = input.email.toLowerCase();
      await deps.rateLimiter.consume(authLimits.loginPerIp, meta.ip);
      await deps.rateLimiter.consume(authLimits.loginPerIpAndAccount, `${meta.ip}:${account}`);
      const slowdown = loginSlowdownMs(await deps.rateLimiter.count(authLimits.loginFailuresPerAccount, account));
      if (slowdown > 0) await (deps.sleep ?? realSleep)(slowdown);
      const user = await createUsersRepository(db).findByEmail(input.email);
      // One answer, after one hash check, for an unknown address, a wrong password and an account
      // without a password, so the form cannot tell who has an account or how they sign in.
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) {
        await deps.rateLimiter.record(authLimits.loginFailuresPerAccount, account);
        throw new AppError('unauthorized', LOGIN_REFUSED);
      }
      return db.transaction((tx) => openSession(tx, user, meta));
    },

    async refresh(refreshToken: string): Promise<SessionResponse> {
      const now = clock.now();
      const tokens = newTokens(now);
      const sessions = createSessionsRepository(db);
      const refreshHash = hashToken(refreshToken);
      const rotated =
        (await sessions.rotate(refreshHash, tokens.stored, now)) ?? (await sessions.rotateAfterLostAnswer(refreshHash, tokens.stored, now));
      if (!rotated) {
        // A refresh token that was already rotated away has been copied: end the whole session,
        // the copy's newer pair and the owner's alike (OAuth 2.0 Security BCP; decision 108). `now`
        // is when this call began: a copy of the renewal that was answered meanwhile is not one.
        const reused = await sessions.revokeBySpentRefreshHash(refreshHash, now);
        if (reused) {
          recentSessions.forgetSession(reused.id);
          deps.log.warn({ sessionId: reused.id, userId: reused.userId }, 'a spent refresh token was presented again; session revoked');
        }
        throw unauthorized('Your session has ended. Please sign in again.');
      }
      recentSessions.forgetSession(rotated.id);
      const user = await createUsersRepository(db).findById(rotated.userId);
      if (!user) throw unauthorized('Your session has ended. Please sign in again.');
      return {
        token: tokens.token,
        refreshToken: tokens.refreshToken,
        expiresIn: Math.floor(deps.sessionTtlMs / 1000),
        user: toUserDto(user),
      };
    },

    /** Sets a new password (or a first one); every other session of the person is signed out. */
    async changePassword(caller: AuthContext, input: { currentPassword?: string | undefined; password: string }): Promise<void> {
      await confirmOwner(caller, input.currentPassword);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await createUsersRepository(tx).setPasswordHash(caller.userId, passwordHash);
        await createSessionsRepository(tx).revokeAllForUserExcept(caller.userId, requireSession(caller).sessionId, clock.now());
      });
      recentSessions.forgetUser(caller.userId);
    },

    async authenticate(accessToken: string): Promise<CachedSession> {
      const accessHash = hashToken(accessToken);
      const now = clock.now();
      const recent = recentSessions.get(accessHash, now);
      if (recent) return recent;
      const session = await createSessionsRepository(db).findActiveByAccessHash(accessHash, now);
      if (!session) throw unauthorized('Your session has expired. Please sign in again.');
      // Once per pair and process: the pair has arrived, so the refresh token before it is spent for good.
      if (!session.pairUsedAt) await createSessionsRepository(db).markPairUsed(accessHash, now);
      const active = { userId: session.userId, sessionId: session.id, expiresAt: session.accessExpiresAt };
      recentSessions.set(accessHash, active, now);
      return active;
    },

    async logout(sessionId: string): Promise<void> {
      await createSessionsRepository(db).revoke(sessionId, clock.now());
      recentSessions.forgetSession(sessionId);
    },

    async profile(userId: string): Promise<User> {
      const user = await createUsersRepository(db).findById(userId);
      if (!user) throw notFound('This account no longer exists.');
      return toUserDto(user);
    },

    async requestPasswordReset(email: string, meta: ClientMeta): Promise<void> {
      await deps.rateLimiter.consume(authLimits.resetPerIp, meta.ip);
      await deps.rateLimiter.consume(authLimits.resetPerEmail, email);
      const user = await createUsersRepository(db).findByEmail(email);
      // The answer is the same either way, so the form cannot be used to find out who has an account.
      if (!user?.email) return;
      const token = generateToken('pr');
      const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await db.transaction(async (tx) => {
        await createPasswordResetsRepository(tx).create({
          tokenHash: hashToken(token),
          userId: user.id,
          expiresAt: addMs(clock.now(), RESET_LINK_TTL_MS),
        });
        await deps.mail.queue(tx, { userId: user.id, to: user.email as string, ...passwordResetMail({ name: user.name, link }) });
      });
      if (deps.printResetLinks) {
        deps.log.warn({ email: user.email }, `Password reset link (no SMTP_URL set, so it is printed here): ${link}`);
      }
    },

    async confirmPasswordReset(input: { token: string; password: string }): Promise<void> {
      const tokenHash = hashToken(input.token);
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      const changedFor = await db.transaction(async (tx) => {
        const resets = createPasswordResetsRepository(tx);
        const userId = await resets.consume(tokenHash, now);
        if (!userId) return undefined;
        await createUsersRepository(tx).setPasswordHash(userId, passwordHash);
        await resets.invalidateOthers(userId, now);
        await createSessionsRepository(tx).revokeAllForUser(userId, now);
        return userId;
      });
      if (changedFor) {
        recentSessions.forgetUser(changedFor);
        return;
      }
      const state = await createPasswordResetsRepository(db).stateOf(tokenHash, clock.now());
      if (state === 'used' || state === 'valid') throw new AppError('gone', RESET_LINK_PROBLEM.used);
      if (state === 'expired') throw new AppError('gone', RESET_LINK_PROBLEM.expired);
      throw new AppError('validation_failed', RESET_LINK_PROBLEM.unknown);
    },

    /** What the reset page asks when it opens, so a spent link says so before anyone types a password. */
    async checkPasswordReset(token: string): Promise<{ state: ResetTokenState; message: string | null }> {
      const state = await createPasswordResetsRepository(db).stateOf(hashToken(token), clock.now());
      return { state, message: state === 'valid' ? null : RESET_LINK_PROBLEM[state] };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
