import type { AccountQueue, Post, Slot, SlotsResponse } from '@postflow/contract';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { DAY_MS, type Clock } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/errors';
import { createChannelsRepository } from '../channels/channels.repository';
import { createAccountsRepository, type SocialAccountRecord } from '../accounts/accounts.repository';
import { postLabel } from '../activity/activity-labels';
import { record as recordActivity } from '../activity/activity.repository';
import { createObservationsRepository } from '../analytics/insights/observations.repository';
import { toPostDtos } from '../posts/post-dto';
import { createPostsRepository } from '../posts/posts.repository';
import { enqueuePublishBackstop } from '../publishing/publish-target.job';
import { DISPATCH_CHANNEL } from '../publishing/dispatcher';
import { createUsersRepository } from '../users/users.repository';
import { createQueueRepository, type AccountQueueRow } from './queue.repository';
import { normalizeSlots, slotInstants } from './slot-rules';
import { suggestSlots } from './slot-suggestions';

/** How far back the suggestions look, as the best-times analysis does. */
const SUGGESTION_HISTORY_MS = 365 * DAY_MS;

/**
 * Posting slots per account and the queue they make (docs/product.md, Queue; decision 143). Adding
 * to the queue itself goes through the posts service (`ComposeRequest.queue`), so approvals and plan
 * limits apply to it as to any post.
 */
export function createQueueService(deps: { db: Database; queue: JobQueue; clock: Clock; publicUrl: string }) {
  const { db, clock } = deps;
  const mediaUrl = (id: string) => `${deps.publicUrl}/media/${id}`;

  async function accountInWorkspace(workspaceId: string, accountId: string): Promise<SocialAccountRecord> {
    const account = await createAccountsRepository(db).findById(accountId);
    if (!account || account.workspaceId !== workspaceId) throw notFound('No such connected account in this workspace.');
    return account;
  }

  /** The person's zone until they set posting times in another (decision 143). */
  async function personZone(userId: string): Promise<string> {
    return (await createUsersRepository(db).findById(userId))?.timeZone ?? 'UTC';
  }

  const withDefaults = (account: SocialAccountRecord, row: AccountQueueRow | undefined, zone: string): AccountQueueRow =>
    row ?? { accountId: account.id, workspaceId: account.workspaceId, timeZone: zone, slots: [], paused: false };

  const toSlotsResponse = (row: AccountQueueRow, merged: string[] = []): SlotsResponse => ({
    accountId: row.accountId,
    timeZone: row.timeZone,
    slots: row.slots,
    paused: row.paused,
    merged,
  });

  return {
    async getSlots(auth: { workspaceId: string; userId: string }, accountId: string): Promise<SlotsResponse> {
      const account = await accountInWorkspace(auth.workspaceId, accountId);
      const row = await createQueueRepository(db).find(account.id);
      return toSlotsResponse(withDefaults(account, row, row ? row.timeZone : await personZone(auth.userId)));
    },

    async putSlots(
      auth: { workspaceId: string },
      accountId: string,
      change: { timeZone: string; slots: Slot[]; paused?: boolean | undefined },
    ): Promise<SlotsResponse> {
      const account = await accountInWorkspace(auth.workspaceId, accountId);
      const { slots, merged } = normalizeSlots(change.slots);
      const saved = await db.transaction(async (tx) => {
        const queues = createQueueRepository(tx);
        // Taken under the same lock as adds, so an add never reads half a change.
        const current = await queues.lock(account.id);
        return queues.save({
          accountId: account.id,
          workspaceId: account.workspaceId,
          timeZone: change.timeZone,
          slots,
          paused: change.paused ?? current?.paused ?? false,
        });
      });
      return toSlotsResponse(saved, merged);
    },

    async suggestions(auth: { workspaceId: string; userId: string }, accountId: string) {
      const account = await accountInWorkspace(auth.workspaceId, accountId);
      const row = await createQueueRepository(db).find(account.id);
      const timeZone = row?.timeZone ?? (await personZone(auth.userId));
      const posts = await createObservationsRepository(db).list(
        auth.workspaceId,
        account.network,
        new Date(clock.now().getTime() - SUGGESTION_HISTORY_MS),
      );
      return { accountId: account.id, timeZone, ...suggestSlots(posts, account.network, timeZone) };
    },

    /** Each account's slots from now for `days` days, free or holding a post. */
    async list(
      auth: { workspaceId: string; userId: string },
      days: number,
      channelId?: string,
    ): Promise<{ days: number; accounts: AccountQueue[] }> {
      const now = clock.now();
      const until = new Date(now.getTime() + days * DAY_MS);
      const all = await createAccountsRepository(db).listInWorkspace(auth.workspaceId);
      // One channel: its account's queue (docs/decisions/146-channels.md); an unknown channel has none.
      const through = channelId ? (await createChannelsRepository(db).findReachable(auth.workspaceId, [channelId]))[0] : undefined;
      const accounts = channelId ? all.filter((account) => account.id === through?.accountId) : all;
      const queues = new Map((await createQueueRepository(db).listInWorkspace(auth.workspaceId)).map((row) => [row.accountId, row]));
      const zone = accounts.every((account) => queues.has(account.id)) ? 'UTC' : await personZone(auth.userId);
      const views = await Promise.all(
        accounts.map(async (account) => {
          const row = withDefaults(account, queues.get(account.id), zone);
          const instants = slotInstants(row.slots, row.timeZone, now, until);
          const holders = await createQueueRepository(db).targetsBetween(account.id, now, until);
          const holderAt = new Map<number, string>();
          for (const holder of holders) if (!holderAt.has(holder.at.getTime())) holderAt.set(holder.at.getTime(), holder.id);
          const ids = instants.map((instant) => holderAt.get(instant.at.getTime())).filter((id): id is string => Boolean(id));
          const posts = new Map(
            (await toPostDtos(db, await createPostsRepository(db).findManyInWorkspace(auth.workspaceId, ids), mediaUrl)).map((post) => [
              post.id,
              post,
            ]),
          );
          return {
            accountId: account.id,
            platform: account.network,
            username: account.username,
            displayName: account.displayName,
            timeZone: row.timeZone,
            paused: row.paused,
            slots: row.slots,
            entries: instants.map((instant) => {
              const id = holderAt.get(instant.at.getTime());
              return {
                at: instant.at.toISOString(),
                day: instant.day,
                time: instant.time,
                note: instant.note,
                post: (id && posts.get(id)) || null,
              };
            }),
          };
        }),
      );
      return { days, accounts: views };
    },

    /**
     * Moves a waiting post to another slot of its account; a waiting post already there takes its
     * old slot, in the same transaction, under the account's queue lock.
     */
    async move(auth: { workspaceId: string; userId: string }, targetId: string, to: Date): Promise<{ posts: Post[] }> {
      const now = clock.now();
      const moved = await db.transaction(async (tx) => {
        const posts = createPostsRepository(tx);
        const queues = createQueueRepository(tx);
        const target = await posts.findInWorkspace(auth.workspaceId, targetId);
        if (!target || !target.accountId) throw notFound('No such post.');
        const queue = await queues.lock(target.accountId);
        if (!queue || !slotInstants(queue.slots, queue.timeZone, to, new Date(to.getTime() + 1)).length)
          throw new AppError('validation_failed', "That time is not one of this account's posting slots.", {
            fields: { to: 'Not a slot' },
          });
        if (to.getTime() <= now.getTime())
          throw new AppError('validation_failed', 'That slot has passed.', { fields: { to: 'In the past' } });
        if (target.status !== 'scheduled' && target.status !== 'pending_approval')
          throw conflict('Only posts waiting to go out can be moved.');
        const from = target.scheduledAt;
        if (from.getTime() === to.getTime()) return [target];
        const [holder] = await queues.targetsBetween(target.accountId, to, new Date(to.getTime() + 1));
        const other = holder ? await posts.findInWorkspace(auth.workspaceId, holder.id) : undefined;
        if (other && other.status !== 'scheduled' && other.status !== 'pending_approval')
          throw conflict('The post in that slot is being sent or already went out, so it cannot move.');
        await queues.park(target.id);
        if (other) await queues.park(other.id);
        const changes: Array<[typeof target, Date]> = [[target, to], ...(other ? [[other, from] as [typeof target, Date]] : [])];
        for (const [row, at] of changes) {
          if (!(await queues.moveTarget(auth.workspaceId, row.id, at))) throw conflict('That post started going out; nothing was moved.');
          if (row.status === 'scheduled') await enqueuePublishBackstop(deps.queue, tx, row.id, at);
          await recordActivity(tx, {
            workspaceId: auth.workspaceId,
            actorId: auth.userId,
            action: 'post.edited',
            subject: { type: 'post', id: row.postId, label: postLabel(row.text) },
            details: { networks: [row.network], scheduledAt: at.toISOString() },
            at: now,
          });
        }
        if (Math.min(to.getTime(), from.getTime()) - now.getTime() < 10_000) await tx.query(`SELECT pg_notify('${DISPATCH_CHANNEL}', '')`);
        return changes.map(([row]) => row);
      });
      const rows = await createPostsRepository(db).findManyInWorkspace(
        auth.workspaceId,
        moved.map((row) => row.id),
      );
      return { posts: await toPostDtos(db, rows, mediaUrl) };
    },
  };
}
export type QueueService = ReturnType<typeof createQueueService>;
