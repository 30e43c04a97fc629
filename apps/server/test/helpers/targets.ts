import type { Network } from '@postflow/contract';
import type { AppServices } from '../../src/composition/services';
import { createPostsRepository } from '../../src/modules/posts/posts.repository';
import type { TargetStatus } from '../../src/modules/publishing/targets.repository';

/** Test data only: a target in any state at any time, with counts, written as the engine would leave it. */
export interface TargetSpec {
  userId: string;
  accountId: string;
  network: Network;
  /** The feed time: `published_at` for a published target, `scheduled_at` otherwise. */
  at: Date;
  status?: TargetStatus;
  text?: string;
  createdAt?: Date;
  /** For a target planned ahead and published: when it was planned for. */
  scheduledAt?: Date;
  likes?: number;
  comments?: number;
  shares?: number;
  impressions?: number | null;
  metricsUpdatedAt?: Date | null;
  mediaIds?: string[];
  failureReason?: string;
}

export async function insertTarget(services: AppServices, spec: TargetSpec): Promise<string> {
  const posts = createPostsRepository(services.db);
  const postId = await posts.insertPost({
    workspaceId: spec.userId,
    createdBy: spec.userId,
    originalText: spec.text ?? 'A post',
    aiEnhanced: false,
    timeZone: 'UTC',
  });
  const status = spec.status ?? 'published';
  const scheduledAt = status === 'published' ? (spec.scheduledAt ?? spec.at) : spec.at;
  const id = await posts.insertTarget({
    postId,
    workspaceId: spec.userId,
    accountId: spec.accountId,
    network: spec.network,
    linkedinOrgId: null,
    text: spec.text ?? 'A post',
    mediaIds: spec.mediaIds ?? [],
    scheduledAt,
  });
  await services.db.query(
    `UPDATE post_targets SET status = $2,
       published_at = CASE WHEN $2 = 'published' THEN $3::timestamptz END,
       network_post_url = CASE WHEN $2 = 'published' THEN 'https://example.com/posts/' || id END,
       lease_owner = CASE WHEN $2 = 'publishing' THEN 'test-worker' END,
       lease_token = CASE WHEN $2 = 'publishing' THEN gen_random_uuid() END,
       lease_until = CASE WHEN $2 = 'publishing' THEN now() + interval '1 minute' END,
       failure_reason = $4, likes_count = $5, comments_count = $6, shares_count = $7, impressions_count = $8,
       metrics_updated_at = $9, created_at = coalesce($10, created_at)
     WHERE id = $1`,
    [
      id,
      status,
      spec.at,
      spec.failureReason ?? null,
      spec.likes ?? 0,
      spec.comments ?? 0,
      spec.shares ?? 0,
      spec.impressions ?? null,
      spec.metricsUpdatedAt ?? null,
      spec.createdAt ?? null,
    ],
  );
  return id;
}
