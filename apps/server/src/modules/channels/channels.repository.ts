import type { Channel, Network } from '@postflow/contract';
import type { Queryable } from '../../db/client';

/** A channel as stored (migration 0034): `accountId` null once nothing connected reaches it. */
export interface ChannelRecord {
  id: string;
  workspaceId: string;
  network: Network;
  kind: 'person' | 'organization';
  isSandbox: boolean;
  /** X user id or LinkedIn member id; a page's LinkedIn organization id. */
  externalId: string;
  accountId: string | null;
  name: string;
  handle: string | null;
  avatarUrl: string | null;
}

/** A page as LinkedIn names it, to store as a channel. */
export interface PageChannel {
  organizationId: string;
  name: string;
  handle: string | null;
  /** The page's logo, when LinkedIn gave one (docs/networks.md, LinkedIn · Page logos). */
  avatarUrl: string | null;
}

const columns = `c.id, c.workspace_id AS "workspaceId", c.network, c.kind, c.is_sandbox AS "isSandbox", c.external_id AS "externalId",
  c.account_id AS "accountId", c.name, c.handle, c.avatar_url AS "avatarUrl"`;

export function toChannelDto(row: ChannelRecord & { accountId: string }): Channel {
  return {
    id: row.id,
    network: row.network,
    kind: row.kind,
    name: row.name,
    handle: row.handle,
    avatarUrl: row.avatarUrl,
    accountId: row.accountId,
  };
}

export function createChannelsRepository(db: Queryable) {
  return {
    /** The channels a post can go to now: each reached through an account connected in the workspace. */
    async listReachable(workspaceId: string): Promise<Array<ChannelRecord & { accountId: string }>> {
      const { rows } = await db.query<ChannelRecord & { accountId: string }>(
        `SELECT ${columns} FROM channels c JOIN social_accounts a ON a.id = c.account_id AND a.workspace_id = c.workspace_id
          WHERE c.workspace_id = $1
          ORDER BY c.network DESC, a.created_at, c.kind DESC, lower(c.name), c.id`,
        [workspaceId],
      );
      return rows;
    },

    /** The named channels of this workspace that a post can go to now; the others are left out. */
    async findReachable(workspaceId: string, ids: readonly string[]): Promise<Array<ChannelRecord & { accountId: string }>> {
      const { rows } = await db.query<ChannelRecord & { accountId: string }>(
        `SELECT ${columns} FROM channels c JOIN social_accounts a ON a.id = c.account_id AND a.workspace_id = c.workspace_id
          WHERE c.workspace_id = $1 AND c.id = ANY($2::uuid[])`,
        [workspaceId, ids],
      );
      return rows;
    },

    /** The person channel of an account (kept by the trigger of migration 0034). */
    async personChannelOf(accountId: string): Promise<ChannelRecord | undefined> {
      const { rows } = await db.query<ChannelRecord>(`SELECT ${columns} FROM channels c WHERE c.account_id = $1 AND c.kind = 'person'`, [
        accountId,
      ]);
      return rows[0];
    },

    /**
     * Stores the pages a LinkedIn member administers as channels reached through that member's
     * account, and detaches the pages the member no longer administers; answers the pages' channels.
     */
    async replacePages(
      account: { id: string; workspaceId: string; isSandbox: boolean },
      pages: readonly PageChannel[],
      now: Date,
    ): Promise<ChannelRecord[]> {
      const ids = pages.map((page) => page.organizationId);
      await db.query(
        `UPDATE channels SET account_id = NULL, updated_at = $3
          WHERE account_id = $1 AND kind = 'organization' AND NOT (external_id = ANY($2::text[]))`,
        [account.id, ids, now],
      );
      const { rows } = await db.query<ChannelRecord>(
        `INSERT INTO channels AS c (workspace_id, network, kind, is_sandbox, external_id, account_id, name, handle, avatar_url, updated_at)
         SELECT $1, 'linkedin', 'organization', $2, p.id, $3, p.name, p.handle, p.logo, $7
           FROM unnest($4::text[], $5::text[], $6::text[], $8::text[]) AS p(id, name, handle, logo)
         ON CONFLICT (workspace_id, network, is_sandbox, kind, external_id) DO UPDATE
           -- A page two connected members administer stays with the member it was reached through.
           SET account_id = coalesce(c.account_id, EXCLUDED.account_id), name = EXCLUDED.name, handle = EXCLUDED.handle,
               -- A logo that could not be read this time keeps the one read before (docs/networks.md, LinkedIn · Page logos).
               avatar_url = coalesce(EXCLUDED.avatar_url, c.avatar_url), updated_at = EXCLUDED.updated_at
         RETURNING ${columns}`,
        [
          account.workspaceId,
          account.isSandbox,
          account.id,
          ids,
          pages.map((page) => page.name),
          pages.map((page) => page.handle),
          now,
          pages.map((page) => page.avatarUrl),
        ],
      );
      await db.query('UPDATE social_accounts SET pages_read_at = $2 WHERE id = $1', [account.id, now]);
      return rows;
    },

    /** The connected LinkedIn accounts of a workspace whose pages were not read since `before`. */
    async accountsWithStalePages(workspaceId: string, before: Date): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM social_accounts
          WHERE workspace_id = $1 AND network = 'linkedin' AND status = 'connected' AND (pages_read_at IS NULL OR pages_read_at < $2)
          ORDER BY created_at`,
        [workspaceId, before],
      );
      return rows.map((row) => row.id);
    },
  };
}
export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;
