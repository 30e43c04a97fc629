import type { PlanId } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export interface UserRecord {
  id: string;
  email: string | null;
  passwordHash: string | null;
  name: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  avatarUrl: string | null;
  coverUrl: string | null;
  bio: string | null;
  location: string | null;
  website: string | null;
  timeZone: string | null;
  createdAt: Date;
}

const columns = `id, email, password_hash AS "passwordHash", name, first_name AS "firstName", last_name AS "lastName",
  username, avatar_url AS "avatarUrl", cover_url AS "coverUrl", bio, location, website, time_zone AS "timeZone",
  created_at AS "createdAt"`;

export function createUsersRepository(db: Queryable) {
  return {
    /**
     * A new person and, through the users trigger (migration 0023), their personal workspace, which
     * gets `plan` (DEFAULT_PLAN) here: in code rather than in the trigger, so the database needs no
     * copy of the configuration (docs/decisions/132-plans-per-workspace.md). Call inside a transaction.
     */
    async create(user: {
      email: string | null;
      passwordHash: string | null;
      name: string;
      username?: string | null;
      avatarUrl?: string | null;
      plan: PlanId;
    }): Promise<UserRecord> {
      const { rows } = await db.query<UserRecord>(
        `INSERT INTO users (email, password_hash, name, username, avatar_url) VALUES ($1, $2, $3, $4, $5) RETURNING ${columns}`,
        [user.email, user.passwordHash, user.name, user.username ?? null, user.avatarUrl ?? null],
      );
      const created = rows[0] as UserRecord;
      await db.query('UPDATE workspaces SET plan = $2 WHERE id = $1', [created.id, user.plan]);
      return created;
    },
    async isUsernameTaken(username: string): Promise<boolean> {
      const { rowCount } = await db.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username]);
      return (rowCount ?? 0) > 0;
    },
    async findById(id: string): Promise<UserRecord | undefined> {
      const { rows } = await db.query<UserRecord>(`SELECT ${columns} FROM users WHERE id = $1`, [id]);
      return rows[0];
    },
    async findByEmail(email: string): Promise<UserRecord | undefined> {
      const { rows } = await db.query<UserRecord>(`SELECT ${columns} FROM users WHERE lower(email) = lower($1)`, [email]);
      return rows[0];
    },
    /** The zone the person's times are shown and counted in: theirs, or UTC until they choose one (docs/decisions/145-person-time-zone.md). */
    async timeZoneOf(id: string): Promise<string> {
      const { rows } = await db.query<{ timeZone: string | null }>('SELECT time_zone AS "timeZone" FROM users WHERE id = $1', [id]);
      return rows[0]?.timeZone ?? 'UTC';
    },
    async setTimeZone(id: string, timeZone: string): Promise<boolean> {
      const { rowCount } = await db.query('UPDATE users SET time_zone = $2, updated_at = now() WHERE id = $1', [id, timeZone]);
      return (rowCount ?? 0) > 0;
    },
    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
