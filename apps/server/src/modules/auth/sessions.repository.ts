import type { Queryable } from '../../db/client';

export interface SessionTokens {
  accessTokenHash: Buffer;
  accessExpiresAt: Date;
  refreshTokenHash: Buffer;
  refreshExpiresAt: Date;
}

export interface ActiveSession {
  id: string;
  userId: string;
  accessExpiresAt: Date;
  /** When the current pair was first used; null while its answer may still be on its way (decision 126). */
  pairUsedAt: Date | null;
}

export function createSessionsRepository(db: Queryable) {
  return {
    async create(
      session: SessionTokens & { userId: string; userAgent: string | null; ip: string | null; openedAt: Date },
    ): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO sessions (user_id, access_token_hash, access_expires_at, refresh_token_hash, refresh_expires_at, user_agent, ip, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          session.userId,
          session.accessTokenHash,
          session.accessExpiresAt,
          session.refreshTokenHash,
          session.refreshExpiresAt,
          session.userAgent,
          session.ip,
          session.openedAt,
        ],
      );
      return (rows[0] as { id: string }).id;
    },

    async findActiveByAccessHash(accessTokenHash: Buffer, now: Date): Promise<ActiveSession | undefined> {
      const { rows } = await db.query<ActiveSession>(
        `SELECT id, user_id AS "userId", access_expires_at AS "accessExpiresAt", pair_used_at AS "pairUsedAt" FROM sessions
         WHERE access_token_hash = $1 AND revoked_at IS NULL AND access_expires_at > $2`,
        [accessTokenHash, now],
      );
      return rows[0];
    },

    /**
     * Swaps the session's tokens for new ones in one statement guarded by the old refresh digest,
     * so two concurrent refreshes with the same token cannot both succeed. The old digest is kept
     * as spent, so that presenting it again is recognised as reuse (decision 108), and as the
     * session's previous token, which may come back once if this answer is lost (decision 126).
     */
    async rotate(refreshTokenHash: Buffer, next: SessionTokens, now: Date): Promise<{ id: string; userId: string } | undefined> {
      const { rows } = await db.query<{ id: string; userId: string }>(
        `WITH rotated AS (
           UPDATE sessions SET access_token_hash = $2, access_expires_at = $3, refresh_token_hash = $4,
             refresh_expires_at = $5, refreshed_at = $6, previous_refresh_token_hash = $1, pair_used_at = NULL
           WHERE refresh_token_hash = $1 AND revoked_at IS NULL AND refresh_expires_at > $6
           RETURNING id, user_id, (SELECT refresh_expires_at FROM sessions WHERE refresh_token_hash = $1) AS spent_expires_at
         ), spent AS (
           INSERT INTO spent_refresh_tokens (refresh_token_hash, session_id, expires_at)
           SELECT $1, id, spent_expires_at FROM rotated
           ON CONFLICT DO NOTHING
         )
         SELECT id, user_id AS "userId" FROM rotated`,
        [refreshTokenHash, next.accessTokenHash, next.accessExpiresAt, next.refreshTokenHash, next.refreshExpiresAt, now],
      );
      return rows[0];
    },

    /**
     * The previous refresh token again, while the pair it was traded for has never been used: that
     * answer was lost on its way (a dropped connection), so the browser still holds the previous
     * token. It gets a new pair; the lost pair's refresh token is spent, so it can never be used
     * (decision 126). Once the current pair is used, this answers nothing and reuse rules apply.
     */
    async rotateAfterLostAnswer(
      previousRefreshTokenHash: Buffer,
      next: SessionTokens,
      now: Date,
    ): Promise<{ id: string; userId: string } | undefined> {
      const { rows } = await db.query<{ id: string; userId: string }>(
        `WITH lost AS (
           SELECT id, refresh_token_hash AS lost_hash, refresh_expires_at AS lost_expires_at FROM sessions
           WHERE previous_refresh_token_hash = $1 AND pair_used_at IS NULL AND revoked_at IS NULL AND refresh_expires_at > $6
           FOR UPDATE
         ), rotated AS (
           UPDATE sessions s SET access_token_hash = $2, access_expires_at = $3, refresh_token_hash = $4,
             refresh_expires_at = $5, refreshed_at = $6
           FROM lost WHERE s.id = lost.id
           RETURNING s.id, s.user_id, lost.lost_hash, lost.lost_expires_at
         ), spent AS (
           INSERT INTO spent_refresh_tokens (refresh_token_hash, session_id, expires_at)
           SELECT lost_hash, id, lost_expires_at FROM rotated
           ON CONFLICT DO NOTHING
         )
         SELECT id, user_id AS "userId" FROM rotated`,
        [previousRefreshTokenHash, next.accessTokenHash, next.accessExpiresAt, next.refreshTokenHash, next.refreshExpiresAt, now],
      );
      return rows[0];
    },

    /**
     * The pair whose access token just authenticated a call has reached its browser: from now on its
     * previous refresh token is spent for good. Fenced by that access token, not the session: a
     * renewal that rotated the session after the call was checked hands out a pair nobody has used
     * yet, and marking that one would end the session if its answer is lost (decision 140).
     */
    async markPairUsed(accessTokenHash: Buffer, now: Date): Promise<void> {
      await db.query('UPDATE sessions SET pair_used_at = $2 WHERE access_token_hash = $1 AND pair_used_at IS NULL', [accessTokenHash, now]);
    },

    /**
     * Revokes the session whose refresh token this once was; answers it (and its user) when there was
     * one. Not when it is the token the current pair was traded for and that pair was first used after
     * `receivedAt`: that is a copy of the same renewal (one the browser gave up on, then sent again)
     * that waited longer on its way through the server, not a token presented after its owner moved
     * on (decision 140).
     */
    async revokeBySpentRefreshHash(refreshTokenHash: Buffer, receivedAt: Date): Promise<{ id: string; userId: string } | undefined> {
      const { rows } = await db.query<{ id: string; userId: string }>(
        `UPDATE sessions SET revoked_at = coalesce(revoked_at, $2)
         WHERE id = (SELECT session_id FROM spent_refresh_tokens WHERE refresh_token_hash = $1)
           AND NOT (previous_refresh_token_hash IS NOT DISTINCT FROM $1 AND pair_used_at IS NOT NULL AND pair_used_at > $2)
         RETURNING id, user_id AS "userId"`,
        [refreshTokenHash, receivedAt],
      );
      return rows[0];
    },

    /** When the session was opened (a refresh keeps it): how fresh its sign-in is. */
    async openedAt(id: string): Promise<Date | undefined> {
      const { rows } = await db.query<{ createdAt: Date }>('SELECT created_at AS "createdAt" FROM sessions WHERE id = $1', [id]);
      return rows[0]?.createdAt;
    },

    async revoke(id: string, now: Date): Promise<void> {
      await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [id, now]);
    },

    async revokeAllForUserExcept(userId: string, keptSessionId: string, now: Date): Promise<void> {
      await db.query('UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL', [
        userId,
        keptSessionId,
        now,
      ]);
    },

    async revokeAllForUser(userId: string, now: Date): Promise<void> {
      await db.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, now]);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
