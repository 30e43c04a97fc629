import type { Network } from '@postflow/contract';
import type { Queryable } from '../../db/client';

/**
 * Which Postflow user a network identity signs in as. It survives disconnecting the account when the
 * person chooses to keep it as a sign-in method; removed, that network account signs in as a stranger (decision 107).
 */
export function createIdentitiesRepository(db: Queryable) {
  return {
    async findUserId(network: Network, isSandbox: boolean, networkUserId: string): Promise<string | undefined> {
      const { rows } = await db.query<{ userId: string }>(
        'SELECT user_id AS "userId" FROM user_identities WHERE network = $1 AND is_sandbox = $2 AND network_user_id = $3',
        [network, isSandbox, networkUserId],
      );
      return rows[0]?.userId;
    },
    /**
     * Links the identity to the user unless it already belongs to someone; answers its owner. `label`
     * (the network account's name) is kept up to date for the owner's list of sign-in methods.
     */
    async link(network: Network, isSandbox: boolean, networkUserId: string, userId: string, label: string | null): Promise<string> {
      const { rows } = await db.query<{ userId: string }>(
        `WITH inserted AS (
           INSERT INTO user_identities (network, is_sandbox, network_user_id, user_id, label) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (network, is_sandbox, network_user_id) DO UPDATE SET label = EXCLUDED.label
             WHERE user_identities.user_id = EXCLUDED.user_id
           RETURNING user_id
         )
         SELECT user_id AS "userId" FROM inserted
         UNION ALL
         SELECT user_id FROM user_identities WHERE network = $1 AND is_sandbox = $2 AND network_user_id = $3
         LIMIT 1`,
        [network, isSandbox, networkUserId, userId, label],
      );
      return (rows[0] as { userId: string }).userId;
    },
  };
}
