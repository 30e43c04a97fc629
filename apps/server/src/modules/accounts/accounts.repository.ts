import type { SocialAccount } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export function createAccountsRepository(db: Queryable) {
  return {
    async listForUser(userId: string): Promise<SocialAccount[]> {
      const { rows } = await db.query<{
        id: string;
        network: 'x' | 'linkedin';
        networkUserId: string;
        username: string | null;
        displayName: string | null;
        avatarUrl: string | null;
        status: 'connected' | 'needs_reconnect';
        isSandbox: boolean;
        createdAt: Date;
        expiresAt: Date | null;
      }>(
        `SELECT id, network, network_user_id AS "networkUserId", username, display_name AS "displayName",
           avatar_url AS "avatarUrl", status, is_sandbox AS "isSandbox", created_at AS "createdAt",
           CASE WHEN refresh_token_enc IS NULL THEN access_expires_at END AS "expiresAt"
         FROM social_accounts WHERE user_id = $1 ORDER BY network, created_at`,
        [userId],
      );
      return rows.map((row) => ({
        id: row.id,
        provider: row.network,
        social_id: row.networkUserId,
        username: row.username,
        displayName: row.displayName,
        avatarURL: row.avatarUrl,
        status: row.status,
        sandbox: row.isSandbox,
        connectedAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt?.toISOString() ?? null,
      }));
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
