import type { Network } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export interface OAuthState {
  network: Network;
  purpose: 'login' | 'connect';
  userId: string | null;
  /** Where a connected account lands. */
  workspaceId: string | null;
  codeVerifierEnc: Buffer;
  browserBinding: Buffer;
  expiresAt: Date;
}

export function createOAuthStatesRepository(db: Queryable) {
  return {
    async create(stateHash: Buffer, state: OAuthState): Promise<void> {
      await db.query(
        `INSERT INTO oauth_states (state_hash, network, purpose, user_id, workspace_id, code_verifier_enc, browser_binding, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          stateHash,
          state.network,
          state.purpose,
          state.userId,
          state.workspaceId,
          state.codeVerifierEnc,
          state.browserBinding,
          state.expiresAt,
        ],
      );
    },
    /** Removes and answers the state in one statement, so a replayed callback finds nothing. */
    async take(stateHash: Buffer): Promise<OAuthState | undefined> {
      const { rows } = await db.query<OAuthState>(
        `DELETE FROM oauth_states WHERE state_hash = $1
         RETURNING network, purpose, user_id AS "userId", workspace_id AS "workspaceId", code_verifier_enc AS "codeVerifierEnc",
           browser_binding AS "browserBinding", expires_at AS "expiresAt"`,
        [stateHash],
      );
      return rows[0];
    },
    async deleteExpired(now: Date): Promise<void> {
      await db.query('DELETE FROM oauth_states WHERE expires_at < $1', [now]);
    },
  };
}
