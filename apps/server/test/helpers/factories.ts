import { randomUUID } from 'node:crypto';
import type { Network } from '@postflow/contract';
import type { AppServices } from '../../src/composition/services';
import { createAccountsRepository } from '../../src/modules/accounts/accounts.repository';
import { createUsersRepository, type UserRecord } from '../../src/modules/users/users.repository';

let counter = 0;

export async function createUser(services: AppServices, overrides: { name?: string; email?: string | null } = {}): Promise<UserRecord> {
  counter += 1;
  return createUsersRepository(services.db).create({
    name: overrides.name ?? `Person ${counter}`,
    email: overrides.email === undefined ? `person-${counter}-${randomUUID().slice(0, 6)}@example.com` : overrides.email,
    passwordHash: null,
    plan: services.config.defaultPlan,
  });
}

/** A connected account with tokens sealed as the app seals them. */
export async function createSocialAccount(
  services: AppServices,
  userId: string,
  options: {
    network?: Network;
    networkUserId?: string;
    accessToken?: string;
    refreshToken?: string;
    accessExpiresAt?: Date | null;
    isSandbox?: boolean;
    username?: string;
  } = {},
): Promise<string> {
  const id = randomUUID();
  const network = options.network ?? 'linkedin';
  await createAccountsRepository(services.db).insert({
    id,
    workspaceId: userId,
    network,
    networkUserId: options.networkUserId ?? randomUUID().slice(0, 10),
    isSandbox: options.isSandbox ?? true,
    username: options.username ?? `${network}-handle`,
    displayName: `${network} person`,
    avatarUrl: null,
    tokens: services.vault.seal(id, {
      accessToken: options.accessToken ?? `access-${id}`,
      refreshToken: options.refreshToken,
      accessExpiresAt: options.accessExpiresAt === null ? undefined : (options.accessExpiresAt ?? new Date(Date.now() + 3_600_000)),
      refreshExpiresAt: undefined,
      scopes: [],
    }),
  });
  return id;
}
