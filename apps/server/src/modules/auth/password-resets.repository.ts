import type { Queryable } from '../../db/client';

export type ResetTokenState = 'valid' | 'unknown' | 'used' | 'expired';

export function createPasswordResetsRepository(db: Queryable) {
  return {
    async create(reset: { tokenHash: Buffer; userId: string; expiresAt: Date }): Promise<void> {
      await db.query('INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
        reset.tokenHash,
        reset.userId,
        reset.expiresAt,
      ]);
    },

    /** Marks the token used if it is still good; answers its user. A second use finds nothing. */
    async consume(tokenHash: Buffer, now: Date): Promise<string | undefined> {
      const { rows } = await db.query<{ userId: string }>(
        `UPDATE password_reset_tokens SET used_at = $2
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING user_id AS "userId"`,
        [tokenHash, now],
      );
      return rows[0]?.userId;
    },

    /** Whether a token can still be consumed at `now`, and if not why, to tell the person what to do next. Reads only. */
    async stateOf(tokenHash: Buffer, now: Date): Promise<ResetTokenState> {
      const { rows } = await db.query<{ usedAt: Date | null; expiresAt: Date }>(
        'SELECT used_at AS "usedAt", expires_at AS "expiresAt" FROM password_reset_tokens WHERE token_hash = $1',
        [tokenHash],
      );
      const row = rows[0];
      if (!row) return 'unknown';
      if (row.usedAt) return 'used';
      return row.expiresAt > now ? 'valid' : 'expired';
    },

    /** After a successful reset, every other outstanding link for that person stops working. */
    async invalidateOthers(userId: string, now: Date): Promise<void> {
      await db.query('UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
    },
  };
}
export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;
