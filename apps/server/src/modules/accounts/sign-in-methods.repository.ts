import type { Network } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export interface IdentityRecord {
  id: string;
  network: Network;
  isSandbox: boolean;
  networkUserId: string;
  label: string | null;
}

/** The ways a person signs in: the password on the user row, and the network identities linked to them (decision 107). */
export function createSignInMethodsRepository(db: Queryable) {
  return {
    /** Whether the person has a password; in a transaction, locks them so two removals cannot both leave one method. */
    async lockUser(userId: string): Promise<{ hasPassword: boolean } | undefined> {
      const { rows } = await db.query<{ hasPassword: boolean }>(
        'SELECT password_hash IS NOT NULL AS "hasPassword" FROM users WHERE id = $1 FOR UPDATE',
        [userId],
      );
      return rows[0];
    },
    async identities(userId: string): Promise<IdentityRecord[]> {
      const { rows } = await db.query<IdentityRecord>(
        `SELECT id, network, is_sandbox AS "isSandbox", network_user_id AS "networkUserId", label
         FROM user_identities WHERE user_id = $1 ORDER BY created_at, network`,
        [userId],
      );
      return rows;
    },
    async removeIdentity(userId: string, id: string): Promise<boolean> {
      const { rowCount } = await db.query('DELETE FROM user_identities WHERE user_id = $1 AND id = $2', [userId, id]);
      return (rowCount ?? 0) > 0;
    },
    async clearPassword(userId: string): Promise<void> {
      await db.query('UPDATE users SET password_hash = NULL, updated_at = now() WHERE id = $1', [userId]);
    },
  };
}
