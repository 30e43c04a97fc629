import type { Post } from '@postflow/contract';
import type { Database, Queryable } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import type { Log } from '../../lib/logger';
import { postLabel } from '../activity/activity-labels';
import { record as recordActivity } from '../activity/activity.repository';
import type { MailService } from '../mail/mail.service';
import { workspaceMailBrand } from '../mail/workspace-brand';
import { postApprovedMail, postRejectedMail, type ApprovedCopy } from '../mail/messages/post-approval';
import { DISPATCH_CHANNEL } from '../publishing/dispatcher';
import { enqueuePublishBackstop } from '../publishing/publish-target.job';
import { createUsersRepository } from '../users/users.repository';
import { createApprovalsRepository, type CopyUnderReview } from './approvals.repository';
import { toPostDtos } from './post-dto';
import { createPostsRepository } from './posts.repository';

/** Whether a just-released target is due soon enough that the dispatcher should look right away. */
const WAKE_DISPATCHER_WITHIN_MS = 10_000;

const STATUS_WORDS: Record<string, string> = {
  scheduled: 'already approved and scheduled',
  publishing: 'being published right now',
  published: 'already published',
  failed: 'failed',
  missed: 'missed',
  needs_reconnect: 'waiting for its account to be reconnected',
  rejected: 'rejected; its author can edit it to send it for approval again',
};

/**
 * Owners' and admins' decisions on posts that wait for approval (docs/decisions/130-approvals.md).
 * Approving hands every copy to the publishing engine's own path (a `scheduled` target and its
 * backstop job, as composing does), so exactly-once sending is the engine's as for any post.
 */
export function createApprovalsService(deps: {
  db: Database;
  queue: JobQueue;
  mail: MailService;
  clock: Clock;
  log: Log;
  publicUrl: string;
  /** PUBLISH_MISSED_AFTER: an approval later than this after the post's time does not send it. */
  missedAfterMs: number;
}) {
  const { db, clock } = deps;
  const mediaUrl = (id: string) => `${deps.publicUrl}/media/${id}`;

  /** The post's copies, locked, refused unless at least one waits for approval. */
  async function pendingCopies(tx: Queryable, workspaceId: string, id: string, verb: string): Promise<CopyUnderReview[]> {
    const copies = await createApprovalsRepository(tx).lockPostOf(workspaceId, id);
    if (copies.length === 0) throw notFound('No such post.');
    const pending = copies.filter((copy) => copy.status === 'pending_approval');
    if (pending.length === 0) {
      const status = (copies.find((copy) => copy.id === id) ?? copies[0]) as CopyUnderReview;
      throw conflict(
        `This post is not waiting for approval (it is ${STATUS_WORDS[status.status] ?? status.status}), so it cannot be ${verb}.`,
      );
    }
    return pending;
  }

  async function people(tx: Queryable, authorId: string | null, deciderId: string) {
    const users = createUsersRepository(tx);
    const author = authorId ? await users.findById(authorId) : undefined;
    const decider = await users.findById(deciderId);
    return { author, deciderName: decider?.name || 'An admin of your workspace' };
  }

  async function answer(workspaceId: string, copies: CopyUnderReview[]): Promise<{ posts: Post[] }> {
    const rows = await createPostsRepository(db).findManyInWorkspace(
      workspaceId,
      copies.map((copy) => copy.id),
    );
    return { posts: await toPostDtos(db, rows, mediaUrl) };
  }

  return {
    async approve(workspaceId: string, id: string, approverId: string): Promise<{ posts: Post[] }> {
      const copies = await db.transaction(async (tx) => {
        const pending = await pendingCopies(tx, workspaceId, id, 'approved');
        const approvals = createApprovalsRepository(tx);
        const now = clock.now();
        const outcomes: ApprovedCopy[] = [];
        let wake = false;
        for (const copy of pending) {
          const late = now.getTime() - copy.scheduledAt.getTime();
          if (late > deps.missedAfterMs) {
            await approvals.miss(
              copy.id,
              `It was approved ${Math.round(late / 60_000)} minutes after its time, more than the ${Math.round(deps.missedAfterMs / 60_000)} minutes within which a late post is still sent, so it was held back rather than sent at a surprising time.`,
              now,
            );
            outcomes.push({ network: copy.network, outcome: 'missed', scheduledAt: copy.scheduledAt });
            continue;
          }
          // Its time, or now when that has passed: the publisher sends it if within PUBLISH_MISSED_AFTER of its time.
          const dueAt = late > 0 ? now : copy.scheduledAt;
          await approvals.schedule(copy.id, dueAt, now);
          await enqueuePublishBackstop(deps.queue, tx, copy.id, dueAt);
          wake ||= dueAt.getTime() - now.getTime() < WAKE_DISPATCHER_WITHIN_MS;
          outcomes.push({ network: copy.network, outcome: late > 0 ? 'now' : 'scheduled', scheduledAt: copy.scheduledAt });
        }
        if (wake) await tx.query(`SELECT pg_notify('${DISPATCH_CHANNEL}', '')`);

        const first = pending[0] as CopyUnderReview;
        await recordActivity(tx, {
          workspaceId,
          actorId: approverId,
          action: 'post.approved',
          subject: { type: 'post', id: first.postId, label: postLabel(first.text) },
          details: { networks: pending.map((copy) => copy.network) },
          at: now,
        });
        const { author, deciderName } = await people(tx, first.createdBy, approverId);
        if (author?.email) {
          const mail = postApprovedMail({
            authorName: author.name,
            approverName: deciderName,
            text: first.text,
            copies: outcomes,
            timeZone: author.timeZone,
            publicUrl: deps.publicUrl,
            brand: await workspaceMailBrand(tx, workspaceId),
          });
          await deps.mail.queue(tx, { userId: author.id, to: author.email, ...mail });
        }
        return pending;
      });
      deps.log.info({ targetId: id, copies: copies.length }, 'post approved');
      return answer(workspaceId, copies);
    },

    async reject(workspaceId: string, id: string, rejecterId: string, reason: string): Promise<{ posts: Post[] }> {
      const copies = await db.transaction(async (tx) => {
        const pending = await pendingCopies(tx, workspaceId, id, 'rejected');
        const approvals = createApprovalsRepository(tx);
        const now = clock.now();
        for (const copy of pending) await approvals.reject(copy.id, reason, now);

        const first = pending[0] as CopyUnderReview;
        await recordActivity(tx, {
          workspaceId,
          actorId: rejecterId,
          action: 'post.rejected',
          subject: { type: 'post', id: first.postId, label: postLabel(first.text) },
          details: { networks: pending.map((copy) => copy.network), reason },
          at: now,
        });
        const { author, deciderName } = await people(tx, first.createdBy, rejecterId);
        if (author?.email) {
          const mail = postRejectedMail({
            authorName: author.name,
            approverName: deciderName,
            text: first.text,
            reason,
            publicUrl: deps.publicUrl,
            brand: await workspaceMailBrand(tx, workspaceId),
          });
          await deps.mail.queue(tx, { userId: author.id, to: author.email, ...mail });
        }
        return pending;
      });
      deps.log.info({ targetId: id, copies: copies.length }, 'post rejected');
      return answer(workspaceId, copies);
    },
  };
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
