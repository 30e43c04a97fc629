import type { UpdateWorkspaceBrandingRequest } from '@postflow/contract';
import type { Queryable } from '../../db/client';

export function createWorkspaceBrandingRepository(db: Queryable) {
  return {
    /** Sets the fields the change names (null clears one) and keeps the others. */
    async update(workspaceId: string, change: UpdateWorkspaceBrandingRequest, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO workspace_branding (workspace_id, product_name, logo_url, accent_color, updated_at)
         VALUES ($1, $2, $4, $6, $8)
         ON CONFLICT (workspace_id) DO UPDATE SET
           product_name = CASE WHEN $3 THEN EXCLUDED.product_name ELSE workspace_branding.product_name END,
           logo_url = CASE WHEN $5 THEN EXCLUDED.logo_url ELSE workspace_branding.logo_url END,
           accent_color = CASE WHEN $7 THEN EXCLUDED.accent_color ELSE workspace_branding.accent_color END,
           updated_at = EXCLUDED.updated_at`,
        [
          workspaceId,
          change.productName ?? null,
          change.productName !== undefined,
          change.logoUrl ?? null,
          change.logoUrl !== undefined,
          change.accentColor ?? null,
          change.accentColor !== undefined,
          now,
        ],
      );
    },
  };
}
