import type { Network, SocialAccount } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export interface SocialAccountRecord {
  id: string;
  workspaceId: string;
  network: Network;
  networkUserId: string;
  isSandbox: boolean;
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  accessTokenEnc: Buffer;
  refreshTokenEnc: Buffer | null;
  accessExpiresAt: Date | null;
  refreshExpiresAt: Date | null;
  scopes: string[];
  status: 'connected' | 'needs_reconnect';
  statusReason: string | null;
  createdAt: Date;
}

export interface StoredTokens {
  accessTokenEnc: Buffer;
  refreshTokenEnc: Buffer | null;
  accessExpiresAt: Date | null;
  refreshExpiresAt: Date | null;
  scopes: string[];
}

/** The record's columns as `SocialAccountRecord` names them, for statements that read an account with other work. */
export const SOCIAL_ACCOUNT_COLUMNS = `id, workspace_id AS "workspaceId", network, network_user_id AS "networkUserId", is_sandbox AS "isSandbox",
  username, display_name AS "displayName", avatar_url AS "avatarUrl", access_token_enc AS "accessTokenEnc",
  refresh_token_enc AS "refreshTokenEnc", access_expires_at AS "accessExpiresAt", refresh_expires_at AS "refreshExpiresAt",
  scopes, status, status_reason AS "statusReason", created_at AS "createdAt"`;
const columns = SOCIAL_ACCOUNT_COLUMNS;

export function toSocialAccountDto(row: SocialAccountRecord): SocialAccount {
  return {
    id: row.id,
    provider: row.network,
    social_id: row.networkUserId,
    username: row.username,
    displayName: row.displayName,
    avatarURL: row.avatarUrl,
    status: row.status,
    sandbox: row.isSandbox,
    connectedAt: row.createdAt.toISOString(),
    // Without a refresh token the grant ends with the access token (LinkedIn's 60 days).
    expiresAt: row.refreshTokenEnc ? null : (row.accessExpiresAt?.toISOString() ?? null),
  };
}

export function createAccountsRepository(db: Queryable) {
  return {
    async listInWorkspace(workspaceId: string): Promise<SocialAccountRecord[]> {
      const { rows } = await db.query<SocialAccountRecord>(
        `SELECT ${columns} FROM social_accounts WHERE workspace_id = $1 ORDER BY network, created_at`,
        [workspaceId],
      );
      return rows;
    },
    async findById(id: string): Promise<SocialAccountRecord | undefined> {
      const { rows } = await db.query<SocialAccountRecord>(`SELECT ${columns} FROM social_accounts WHERE id = $1`, [id]);
      return rows[0];
    },
    /** Locks the row until the caller's transaction ends: one token refresh per account at a time. */
    async findByIdForUpdate(id: string): Promise<SocialAccountRecord | undefined> {
      const { rows } = await db.query<SocialAccountRecord>(`SELECT ${columns} FROM social_accounts WHERE id = $1 FOR UPDATE`, [id]);
      return rows[0];
    },
    async findByNetworkIdentity(network: Network, isSandbox: boolean, networkUserId: string): Promise<SocialAccountRecord | undefined> {
      const { rows } = await db.query<SocialAccountRecord>(
        `SELECT ${columns} FROM social_accounts WHERE network = $1 AND is_sandbox = $2 AND network_user_id = $3`,
        [network, isSandbox, networkUserId],
      );
      return rows[0];
    },
    async insert(account: {
      id: string;
      workspaceId: string;
      network: Network;
      networkUserId: string;
      isSandbox: boolean;
      username: string | null;
      displayName: string | null;
      avatarUrl: string | null;
      tokens: StoredTokens;
    }): Promise<void> {
      await db.query(
        `INSERT INTO social_accounts (id, workspace_id, network, network_user_id, is_sandbox, username, display_name, avatar_url,
           access_token_enc, refresh_token_enc, access_expires_at, refresh_expires_at, scopes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          account.id,
          account.workspaceId,
          account.network,
          account.networkUserId,
          account.isSandbox,
          account.username,
          account.displayName,
          account.avatarUrl,
          account.tokens.accessTokenEnc,
          account.tokens.refreshTokenEnc,
          account.tokens.accessExpiresAt,
          account.tokens.refreshExpiresAt,
          account.tokens.scopes,
        ],
      );
    },
    /** A reconnect: fresh tokens and profile, and the account is healthy again. */
    async reconnect(
      id: string,
      profile: { username: string | null; displayName: string | null; avatarUrl: string | null },
      tokens: StoredTokens,
    ) {
      await db.query(
        `UPDATE social_accounts SET username = $2, display_name = $3, avatar_url = $4, access_token_enc = $5,
           refresh_token_enc = $6, access_expires_at = $7, refresh_expires_at = $8, scopes = $9,
           status = 'connected', status_reason = NULL, expiry_warning_days = NULL, updated_at = now()
         WHERE id = $1`,
        [
          id,
          profile.username,
          profile.displayName,
          profile.avatarUrl,
          tokens.accessTokenEnc,
          tokens.refreshTokenEnc,
          tokens.accessExpiresAt,
          tokens.refreshExpiresAt,
          tokens.scopes,
        ],
      );
    },
    async updateTokens(id: string, tokens: StoredTokens): Promise<void> {
      await db.query(
        `UPDATE social_accounts SET access_token_enc = $2, refresh_token_enc = $3, access_expires_at = $4,
           refresh_expires_at = $5, scopes = $6, updated_at = now()
         WHERE id = $1`,
        [id, tokens.accessTokenEnc, tokens.refreshTokenEnc, tokens.accessExpiresAt, tokens.refreshExpiresAt, tokens.scopes],
      );
    },
    async markNeedsReconnect(id: string, reason: string): Promise<void> {
      await db.query(`UPDATE social_accounts SET status = 'needs_reconnect', status_reason = $2, updated_at = now() WHERE id = $1`, [
        id,
        reason,
      ]);
    },
    /**
     * Accounts whose access grant ends within `horizonDays` and that cannot renew it themselves
     * (no refresh token: LinkedIn's self-serve apps), with the owner's address.
     */
    async expiringGrants(now: Date, horizonDays: number) {
      const { rows } = await db.query<{
        id: string;
        workspaceId: string;
        network: Network;
        displayName: string | null;
        username: string | null;
        accessExpiresAt: Date;
        expiryWarningDays: number | null;
        ownerId: string;
        email: string | null;
        ownerName: string;
        ownerTimeZone: string | null;
      }>(
        `SELECT a.id, a.workspace_id AS "workspaceId", a.network, a.display_name AS "displayName", a.username,
           a.access_expires_at AS "accessExpiresAt", a.expiry_warning_days AS "expiryWarningDays",
           u.id AS "ownerId", u.email, u.name AS "ownerName", u.time_zone AS "ownerTimeZone"
         -- The workspace's first owner hears of it (docs/decisions/128-workspaces.md).
         FROM social_accounts a
         JOIN LATERAL (
           SELECT o.id, o.email, o.name, o.time_zone FROM workspace_members m JOIN users o ON o.id = m.user_id
            WHERE m.workspace_id = a.workspace_id AND m.role = 'owner' ORDER BY m.created_at LIMIT 1
         ) u ON true
         WHERE a.refresh_token_enc IS NULL AND a.status = 'connected'
           AND a.access_expires_at IS NOT NULL AND a.access_expires_at <= $1::timestamptz + make_interval(days => $2)`,
        [now, horizonDays],
      );
      return rows;
    },
    /** Records a warning; answers false when another worker recorded this threshold first. */
    async recordExpiryWarning(id: string, days: number): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE social_accounts SET expiry_warning_days = $2
         WHERE id = $1 AND (expiry_warning_days IS NULL OR expiry_warning_days > $2)`,
        [id, days],
      );
      return (rowCount ?? 0) > 0;
    },
    async delete(id: string): Promise<void> {
      await db.query('DELETE FROM social_accounts WHERE id = $1', [id]);
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
