import type { Network } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export interface ProfileFields {
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  username: string;
  /** `undefined` leaves the stored value alone; `null` clears it. */
  bio: string | null | undefined;
  location: string | null | undefined;
  website: string | null | undefined;
  /** `undefined` leaves the stored zone alone. */
  timeZone: string | undefined;
}

export interface AccountFollowers {
  id: string;
  network: Network;
  username: string | null;
  displayName: string | null;
  followers: number | null;
}

export type ImageColumn = 'avatar_url' | 'cover_url';

export function createProfileRepository(db: Queryable) {
  return {
    /** Another person (compared case-insensitively, as the unique indexes do) already uses this name or address. */
    async isUsernameTakenByOther(userId: string, username: string): Promise<boolean> {
      const { rowCount } = await db.query('SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> $2', [username, userId]);
      return (rowCount ?? 0) > 0;
    },
    async isEmailTakenByOther(userId: string, email: string): Promise<boolean> {
      const { rowCount } = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [email, userId]);
      return (rowCount ?? 0) > 0;
    },

    /**
     * Saves the fields and answers the address and name the person had before (undefined: no such person).
     * The old row is read locked, so two saves at once each see the address the other left.
     */
    async update(userId: string, fields: ProfileFields): Promise<{ previousEmail: string | null; previousName: string } | undefined> {
      // A missing optional field keeps its value (COALESCE of a NULL parameter); the service sends '' → NULL explicitly.
      const { rows } = await db.query<{ previousEmail: string | null; previousName: string }>(
        `UPDATE users u
            SET first_name = $2, last_name = $3, name = $4, email = $5, username = $6,
                bio      = CASE WHEN $7::boolean THEN $8 ELSE u.bio END,
                location = CASE WHEN $9::boolean THEN $10 ELSE u.location END,
                website  = CASE WHEN $11::boolean THEN $12 ELSE u.website END,
                time_zone = COALESCE($13, u.time_zone),
                updated_at = now()
           FROM (SELECT id, email, name FROM users WHERE id = $1 FOR UPDATE) old
          WHERE u.id = old.id
        RETURNING old.email AS "previousEmail", old.name AS "previousName"`,
        [
          userId,
          fields.firstName,
          fields.lastName,
          fields.name,
          fields.email,
          fields.username,
          fields.bio !== undefined,
          fields.bio ?? null,
          fields.location !== undefined,
          fields.location ?? null,
          fields.website !== undefined,
          fields.website ?? null,
          fields.timeZone ?? null,
        ],
      );
      return rows[0];
    },

    /**
     * Locks the person's row for the rest of the transaction. Taken before anything else: inserting
     * a media row holds a key-share lock on the same user row, and two uploads that each held one
     * while waiting for the other's row lock deadlocked (issue 17, item 10).
     */
    async lockUser(userId: string): Promise<void> {
      await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    },

    /** Points the avatar or cover at `url` and answers the address it had before (locked, as in `update`). */
    async setImage(userId: string, column: ImageColumn, url: string): Promise<string | null> {
      // `column` is one of two literals, never input.
      const { rows } = await db.query<{ previous: string | null }>(
        `UPDATE users u SET ${column} = $2, updated_at = now()
           FROM (SELECT id, ${column} AS previous FROM users WHERE id = $1 FOR UPDATE) old
          WHERE u.id = old.id
        RETURNING old.previous`,
        [userId, url],
      );
      return rows[0]?.previous ?? null;
    },

    /** Targets waiting to go out: scheduled, or being published. */
    async waitingCount(workspaceId: string, channelId?: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM post_targets
          WHERE workspace_id = $1 AND status IN ('scheduled', 'publishing') AND ($2::uuid IS NULL OR channel_id = $2)`,
        [workspaceId, channelId ?? null],
      );
      return rows[0]?.n ?? 0;
    },

    /** Connected accounts with the latest count of the member's own followers (not an organisation's). */
    async accountsWithFollowers(workspaceId: string): Promise<AccountFollowers[]> {
      const { rows } = await db.query<AccountFollowers>(
        `SELECT a.id, a.network, a.username, a.display_name AS "displayName", latest.followers
           FROM social_accounts a
           LEFT JOIN LATERAL (
             SELECT s.followers FROM follower_snapshots s
              WHERE s.account_id = a.id AND s.organization_id = ''
              ORDER BY s.day DESC, s.captured_at DESC
              LIMIT 1
           ) latest ON true
          WHERE a.workspace_id = $1
          ORDER BY a.network, a.created_at`,
        [workspaceId],
      );
      return rows;
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
