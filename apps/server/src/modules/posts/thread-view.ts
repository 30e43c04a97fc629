import type { FirstCommentView, PostStatus, ThreadPartView } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import type { TargetKind, TargetStatus } from '../publishing/targets.repository';
import { partStatusOnTheWire, statusOnTheWire } from './wire-status';

/**
 * A thread (or a post with a first comment) as every list shows it: one item, its parts and comment
 * inside it (docs/decisions/155-threads.md). Lists page through heads only; this reads the parts of
 * a page's heads in one query and folds them in.
 */

/** What a list already read about a head: its own part's facts. */
export interface ChainHead {
  id: string;
  status: TargetStatus;
  partiallyPublished: boolean;
  text: string;
  mediaIds: string[];
  /** Per file of `mediaIds`, its alt text; lists that do not read them show none. */
  mediaAlts?: string[];
  networkPostUrl: string | null;
  publishedAt: Date | null;
  failureReason: string | null;
  likesCount: number;
  commentsCount: number;
  sharesCount: number;
  impressionsCount: number | null;
}

interface ChainRow extends Omit<ChainHead, 'partiallyPublished'> {
  headId: string;
  kind: Exclude<TargetKind, 'post'>;
  position: number;
}

export type Chains = Map<string, ChainRow[]>;

/** The parts and comments of these heads, in order. */
export async function loadChains(db: Queryable, headIds: readonly string[]): Promise<Chains> {
  const chains: Chains = new Map();
  if (headIds.length === 0) return chains;
  const { rows } = await db.query<ChainRow>(
    `SELECT id, head_target_id AS "headId", kind, position, status, text, media_ids AS "mediaIds", media_alts AS "mediaAlts",
       network_post_url AS "networkPostUrl",
       published_at AS "publishedAt", failure_reason AS "failureReason", likes_count AS "likesCount", comments_count AS "commentsCount",
       shares_count AS "sharesCount", impressions_count AS "impressionsCount"
     FROM post_targets WHERE head_target_id = ANY($1::uuid[]) ORDER BY head_target_id, kind, position`,
    [headIds],
  );
  for (const row of rows) chains.set(row.headId, [...(chains.get(row.headId) ?? []), row]);
  return chains;
}

const partView = (row: Omit<ChainHead, 'partiallyPublished'>, position: number, mediaUrl: (id: string) => string): ThreadPartView => ({
  id: row.id,
  position,
  text: row.text,
  status: partStatusOnTheWire[row.status],
  media_urls: row.mediaIds.map(mediaUrl),
  media_alts: row.mediaIds.map((_, index) => row.mediaAlts?.[index] ?? ''),
  platform_url: row.networkPostUrl,
  published_at: row.publishedAt?.toISOString() ?? null,
  failure_reason: row.failureReason,
  likes_count: row.likesCount,
  comments_count: row.commentsCount,
  shares_count: row.sharesCount,
  impressions_count: row.impressionsCount,
});

export interface ChainView {
  /** The item's status: the thread's ('partially_published'; 'pending' while later parts go out). */
  status: PostStatus;
  /** The item's counts: every part's, summed. */
  likes: number;
  comments: number;
  shares: number;
  impressions: number | null;
  fields: { thread?: ThreadPartView[]; first_comment?: FirstCommentView };
}

/** A head as one item: its thread (part 1 first) or first comment, the thread's status and the parts' counts summed. */
export function chainView(head: ChainHead, chain: readonly ChainRow[] | undefined, mediaUrl: (id: string) => string): ChainView {
  const parts = (chain ?? []).filter((row) => row.kind === 'part');
  const comment = chain?.find((row) => row.kind === 'comment');
  const all = [head, ...parts];
  const stillGoing = head.status === 'published' && parts.some((part) => part.status === 'scheduled' || part.status === 'publishing');
  const sum = (pick: (row: Omit<ChainHead, 'partiallyPublished'>) => number) => all.reduce((total, row) => total + pick(row), 0);
  const measured = all.filter((row) => row.impressionsCount !== null);
  return {
    status: head.partiallyPublished ? 'partially_published' : stillGoing ? 'pending' : statusOnTheWire[head.status],
    likes: sum((row) => row.likesCount),
    comments: sum((row) => row.commentsCount),
    shares: sum((row) => row.sharesCount),
    impressions: measured.length ? measured.reduce((total, row) => total + (row.impressionsCount ?? 0), 0) : null,
    fields: {
      ...(parts.length ? { thread: [partView(head, 1, mediaUrl), ...parts.map((part) => partView(part, part.position, mediaUrl))] } : {}),
      ...(comment
        ? {
            first_comment: {
              id: comment.id,
              text: comment.text,
              status: partStatusOnTheWire[comment.status],
              platform_url: comment.networkPostUrl,
              published_at: comment.publishedAt?.toISOString() ?? null,
              failure_reason: comment.failureReason,
            },
          }
        : {}),
    },
  };
}
