import type { Network } from '@postflow/contract';
import type { Queryable } from '../../../db/client';
import { TARGET_ENGAGEMENTS } from '../../publishing/targets.repository';
import type { PostObservation } from './observations';

/** What the insights engine and the best-times chart look at: published posts with a metrics reading. */
export function createObservationsRepository(db: Queryable) {
  return {
    /** Every published post with its latest numbers, for the insights engine; with `channelId`, that channel's only. */
    async list(workspaceId: string, network: Network | undefined, since: Date, channelId?: string): Promise<PostObservation[]> {
      const { rows } = await db.query<PostObservation>(
        `SELECT t.id, t.network, t.published_at AS "publishedAt", t.text,
           CASE WHEN t.imported THEN t.imported_has_media ELSE cardinality(t.media_ids) > 0 END AS "hasMedia", t.impressions_count AS impressions, (${TARGET_ENGAGEMENTS})::int AS engagements
         FROM post_targets t
         WHERE t.workspace_id = $1 AND t.status = 'published' AND ($2::text IS NULL OR t.network = $2)
           AND t.published_at >= $3 AND t.metrics_updated_at IS NOT NULL AND ($4::uuid IS NULL OR t.channel_id = $4)`,
        [workspaceId, network ?? null, since, channelId ?? null],
      );
      return rows;
    },
  };
}
