import type { Insight } from '@postflow/contract';
import type { Queryable } from '../../../db/client';
import type { InsightDraft } from './insights-engine';

interface InsightRow {
  id: string;
  insight_type: Insight['insight_type'];
  platform: Insight['platform'];
  title: string;
  description: string;
  recommendation: string;
  priority: Insight['priority'];
  confidence_score: number;
  is_read: boolean;
  is_applied: boolean;
  evidence: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const columns = `id, insight_type, platform, title, description, recommendation, priority, confidence_score, is_read, is_applied,
  evidence, created_at, updated_at`;

export const toInsightDto = (row: InsightRow): Insight => ({
  ...row,
  confidence_score: Number(row.confidence_score),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export function createInsightsRepository(db: Queryable) {
  return {
    /**
     * Saves a generation's findings: each is inserted or refreshed by its fingerprint (a finding
     * whose wording changed counts as unread again), and earlier findings of the same scope that
     * the data no longer supports are removed, unless the person applied them.
     */
    async replace(workspaceId: string, platform: Insight['platform'], drafts: InsightDraft[], now: Date): Promise<void> {
      for (const draft of drafts) {
        await db.query(
          `INSERT INTO insights (workspace_id, platform, insight_type, title, description, recommendation, priority, confidence_score,
             evidence, fingerprint, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
           ON CONFLICT (workspace_id, fingerprint) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description,
             recommendation = EXCLUDED.recommendation, priority = EXCLUDED.priority, confidence_score = EXCLUDED.confidence_score,
             evidence = EXCLUDED.evidence, updated_at = EXCLUDED.updated_at,
             is_read = insights.is_read AND insights.title = EXCLUDED.title`,
          [
            workspaceId,
            draft.platform,
            draft.type,
            draft.title,
            draft.description,
            draft.recommendation,
            draft.priority,
            draft.confidence,
            JSON.stringify(draft.evidence),
            draft.fingerprint,
            now,
          ],
        );
      }
      await db.query(
        `DELETE FROM insights WHERE workspace_id = $1 AND platform = $2 AND NOT is_applied AND NOT (fingerprint = ANY($3::text[]))`,
        [workspaceId, platform, drafts.map((draft) => draft.fingerprint)],
      );
    },

    async list(
      workspaceId: string,
      filter: { type?: Insight['insight_type']; unread?: boolean; limit: number; platform?: Insight['platform'] },
    ): Promise<Insight[]> {
      const { rows } = await db.query<InsightRow>(
        `SELECT ${columns} FROM insights
         WHERE workspace_id = $1 AND ($2::text IS NULL OR insight_type = $2) AND ($3::boolean IS NULL OR is_read = NOT $3)
           AND ($5::text IS NULL OR platform = $5 OR $5 = 'all')
         ORDER BY CASE priority WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END, confidence_score DESC, created_at DESC
         LIMIT $4`,
        [workspaceId, filter.type ?? null, filter.unread ?? null, filter.limit, filter.platform ?? null],
      );
      return rows.map(toInsightDto);
    },

    async mark(workspaceId: string, id: string, flag: 'is_read' | 'is_applied', now: Date): Promise<Insight | undefined> {
      const { rows } = await db.query<InsightRow>(
        // Applying an insight implies having read it.
        `UPDATE insights SET ${flag === 'is_read' ? 'is_read = true' : 'is_applied = true, is_read = true'}, updated_at = $3
         WHERE id = $1 AND workspace_id = $2 RETURNING ${columns}`,
        [id, workspaceId, now],
      );
      return rows[0] ? toInsightDto(rows[0]) : undefined;
    },
  };
}
