import type { Network, SignInMethod } from '@postflow/contract';
import type { Database, Queryable } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import type { AuthContext } from '../../http/request-context';
import type { AuthService } from '../auth/auth.service';
import { createSignInMethodsRepository, type IdentityRecord } from './sign-in-methods.repository';

export type SignInChoice = 'keep' | 'remove';
/** What became of a disconnected account's sign-in. */
export type SignInOutcome = 'kept' | 'removed' | 'none';

const lastMethod = () =>
  conflict('This is your only way to sign in. Set a password or add another sign-in method first.', {
    signIn: 'This is your only way to sign in',
  });

function toMethods(hasPassword: boolean, identities: IdentityRecord[]): SignInMethod[] {
  return [
    ...(hasPassword ? [{ id: 'password', kind: 'password' as const, label: null, sandbox: false }] : []),
    ...identities.map((identity) => ({ id: identity.id, kind: identity.network, label: identity.label, sandbox: identity.isSandbox })),
  ];
}

/**
 * The ways a person signs in, made explicit (decision 107): listed, removable one by one, and never
 * all gone. Removing the password is an account-takeover step, so it needs the current one.
 */
export function createSignInMethodsService(deps: { db: Database; auth: Pick<AuthService, 'confirmOwner'> }) {
  const { db } = deps;

  return {
    async list(userId: string): Promise<SignInMethod[]> {
      const repository = createSignInMethodsRepository(db);
      const [user, identities] = await Promise.all([repository.lockUser(userId), repository.identities(userId)]);
      if (!user) throw notFound('This account no longer exists.');
      return toMethods(user.hasPassword, identities);
    },

    async remove(caller: AuthContext, id: string, currentPassword: string | undefined): Promise<SignInMethod[]> {
      if (id === 'password') await deps.auth.confirmOwner(caller, currentPassword);
      return db.transaction(async (tx) => {
        const repository = createSignInMethodsRepository(tx);
        const user = await repository.lockUser(caller.userId);
        if (!user) throw notFound('This account no longer exists.');
        const identities = await repository.identities(caller.userId);
        const exists = id === 'password' ? user.hasPassword : identities.some((identity) => identity.id === id);
        if (!exists) throw notFound('No such sign-in method. Reload the page to see your current ones.');
        if ((user.hasPassword ? 1 : 0) + identities.length <= 1) throw lastMethod();
        if (id === 'password') await repository.clearPassword(caller.userId);
        else await repository.removeIdentity(caller.userId, id);
        return toMethods(
          user.hasPassword && id !== 'password',
          identities.filter((identity) => identity.id !== id),
        );
      });
    },

    /**
     * In the transaction that disconnects a network account: keeps or removes its sign-in. Without a
     * choice it stops signing in, unless it is the person's last way in; `remove` then answers 409.
     */
    async settleOnDisconnect(
      tx: Queryable,
      userId: string,
      account: { network: Network; isSandbox: boolean; networkUserId: string },
      choice: SignInChoice | undefined,
    ): Promise<SignInOutcome> {
      const repository = createSignInMethodsRepository(tx);
      const user = await repository.lockUser(userId);
      const identities = await repository.identities(userId);
      const identity = identities.find(
        (candidate) =>
          candidate.network === account.network &&
          candidate.isSandbox === account.isSandbox &&
          candidate.networkUserId === account.networkUserId,
      );
      if (!identity) return 'none';
      if (choice === 'keep') return 'kept';
      const last = (user?.hasPassword ? 1 : 0) + identities.length <= 1;
      if (last && choice === 'remove') throw lastMethod();
      if (last) return 'kept';
      await repository.removeIdentity(userId, identity.id);
      return 'removed';
    },
  };
}
export type SignInMethodsService = ReturnType<typeof createSignInMethodsService>;
