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
    async create(user: {
      email: string | null;
      passwordHash: string | null;
      name: string;
      username?: string | null;
      avatarUrl?: string | null;
    }): Promise<UserRecord> {
      const { rows } = await db.query<UserRecord>(
        `INSERT INTO users (email, password_hash, name, username, avatar_url) VALUES ($1, $2, $3, $4, $5) RETURNING ${columns}`,
        [user.email, user.passwordHash, user.name, user.username ?? null, user.avatarUrl ?? null],
      );
      return rows[0] as UserRecord;
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
    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
