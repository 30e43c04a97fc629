import type { Network } from '@postflow/contract';
import type { Queryable } from '../../db/client';

/** Which Postflow user a network identity signs in as. Survives disconnecting the account. */
export function createIdentitiesRepository(db: Queryable) {
  return {
    async findUserId(network: Network, isSandbox: boolean, networkUserId: string): Promise<string | undefined> {
      const { rows } = await db.query<{ userId: string }>(
        'SELECT user_id AS "userId" FROM user_identities WHERE network = $1 AND is_sandbox = $2 AND network_user_id = $3',
        [network, isSandbox, networkUserId],
      );
      return rows[0]?.userId;
    },
    /** Links the identity to the user unless it already belongs to someone; answers its owner. */
    async link(network: Network, isSandbox: boolean, networkUserId: string, userId: string): Promise<string> {
      const { rows } = await db.query<{ userId: string }>(
        `WITH inserted AS (
           INSERT INTO user_identities (network, is_sandbox, network_user_id, user_id) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING RETURNING user_id
         )
         SELECT user_id AS "userId" FROM inserted
         UNION ALL
         SELECT user_id FROM user_identities WHERE network = $1 AND is_sandbox = $2 AND network_user_id = $3
         LIMIT 1`,
        [network, isSandbox, networkUserId, userId],
      );
      return (rows[0] as { userId: string }).userId;
    },
  };
}
