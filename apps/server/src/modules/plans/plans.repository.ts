import type { PlanId } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export function createPlansRepository(db: Queryable) {
  return {
    async planOf(userId: string): Promise<PlanId> {
      const { rows } = await db.query<{ plan: PlanId }>('SELECT plan FROM users WHERE id = $1', [userId]);
      return rows[0]?.plan ?? 'free';
    },
    async postsSince(userId: string, since: Date): Promise<number> {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts WHERE user_id = $1 AND created_at >= $2', [
        userId,
        since,
      ]);
      return rows[0]?.n ?? 0;
    },
    async connectedAccounts(userId: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM social_accounts WHERE user_id = $1', [userId]);
      return rows[0]?.n ?? 0;
    },
  };
}
