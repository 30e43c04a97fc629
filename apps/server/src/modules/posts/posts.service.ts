import type { LinkCard, Network, Post, QueuedTarget, WorkspaceRole } from '@postflow/contract';
import { EDIT_LIMITS, networkName, uuidSchema } from '@postflow/contract';
import type { Database, Queryable } from '../../db/client';
import type { Log } from '../../lib/logger';
import { enqueuePublishBackstop } from '../publishing/publish-target.job';
import type { JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { ProviderRegistry } from '../../providers/social/registry';
import { createAccountsRepository } from '../accounts/accounts.repository';
import type { ChannelsService } from '../channels/channels.service';
import { createDestinations, type ChainChoice } from './destinations';
import { checkPartsMedia, checkThreadMedia, headMedia, holdThreadMedia, insertChain } from './thread-compose';
import { changesChain, partMedia, refuseOnceAPartWentOut, replaceChain, type ChainEdit } from './thread-edit';
import { createThreadsRepository, type ChainMember } from './threads.repository';
import type { TokenVault } from '../accounts/token-vault';
import { preparedBytes, type MediaService, type PreparedMedia } from '../media/media.service';
import type { HistoryStart, PlanLimitsService } from '../plans/plan-limits';
import { DISPATCH_CHANNEL } from '../publishing/dispatcher';
import { postLabel } from '../activity/activity-labels';
import { record as recordActivity } from '../activity/activity.repository';
import { deleteDraftOfPost } from '../drafts/drafts.service';
import { createKeyedTurns } from '../../lib/keyed-turns';
import { allocateSlot, lockQueues, type AllocatedSlot } from '../queue/slot-allocator';
import { toPostDtos } from './post-dto';
import { checkPlatformText } from './platform-limits';
import { attachedFileOf, checkAttachments, type AttachedFile } from './media-rules';
import { AWAITING_DECISION, needsApproval } from './approval-policy';
import { createPostsRepository, EDITABLE_STATUSES, partialIn, statusesFor, type TargetRow, type UnsentStatus } from './posts.repository';

export interface ComposeRequest {
  platforms: Network[];
  texts: Partial<Record<Network, string>>;
  originalText: string;
  aiEnhanced: boolean;
  /** Undefined: publish now, or with `queue` the account's next free slot. */
  scheduledAt: Date | undefined;
  /** Add to queue: each chosen account's copy takes that account's next free posting slot (decision 143). */
  queue: boolean;
  timeZone: string;
  linkedInOrgId: string;
  /** The chosen channels (docs/decisions/146-channels.md); when given, `platforms` and `linkedInOrgId` are not used. */
  channels?: string[] | undefined;
  /** A channel's own text, over its network's text in `texts`. */
  perChannel?: Record<string, string> | undefined;
  /** Files sent with the call, checked from their bytes, in the order the post shows them. */
  uploads?: ReadonlyArray<PreparedMedia & { fileName: string }>;
  /** Files already stored in this workspace (POST /api/v1/media, a draft's), in order, after any `uploads`. */
  mediaIds?: readonly string[];
  /** Alt texts in the order of the files ('' or missing for none). */
  alts?: readonly string[];
  /** A LinkedIn document post's title. */
  documentTitle?: string | undefined;
  /** The draft this post was written in: deleted in the same transaction (docs/decisions/141-drafts.md). */
  draftId?: string | undefined;
  /** LinkedIn copies go out as an article share with this card (docs/decisions/149-link-cards.md). */
  linkCard?: LinkCard | null | undefined;
  /** X threads and LinkedIn first comments, by network and by channel (docs/decisions/155-threads.md). */
  chains?: ChainChoice | undefined;
  /** A LinkedIn channel's own card (null: none), read from its own text; over `linkCard`. */
  perChannelLinkCard?: Readonly<Record<string, LinkCard | null>> | undefined;
}

/** What a caller adds to the transaction that stores a post (the bulk import remembers which row it came from). */
export interface ComposeHooks {
  onStored?: (tx: Queryable, postId: string) => Promise<void>;
}

/** The unique slot index of migration 0031 refused a second post in one slot: the lock makes this all but impossible. */
const isQueueSlotClash = (error: unknown) =>
  (error as { code?: string; constraint?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === 'post_targets_queue_slot';

/**
 * The alt texts an edit leaves: the ones it sends, one per file, or else each kept file's own, found
 * by its id so a file moved or left keeps its text (docs/decisions/152-channel-picker-and-kept-attachments.md).
 */
function altsAfterEdit(row: TargetRow, mediaIds: readonly string[], sent: ReadonlyArray<string | undefined> | undefined): string[] {
  if (sent) {
    if (sent.length !== mediaIds.length)
      throw new AppError(
        'validation_failed',
        `media gives ${sent.length} alt ${sent.length === 1 ? 'text' : 'texts'} for ${mediaIds.length} ${mediaIds.length === 1 ? 'file' : 'files'} in media_urls; send one per file, in the same order.`,
        { fields: { media: 'One per file of media_urls' } },
      );
    return sent.map((alt) => (alt ?? '').trim());
  }
  return mediaIds.map((id) => row.mediaAlts[row.mediaIds.indexOf(id)] ?? '');
}

/** Whether a just-created target is due soon enough that the dispatcher should look right away. */
const WAKE_DISPATCHER_WITHIN_MS = 10_000;

/**
 * Posts from the person's side: compose (one post, one target per chosen account), list, edit,
 * publish now and delete. The publishing engine takes it from there.
 */
export function createPostsService(deps: {
  db: Database;
  channels: ChannelsService;
  queue: JobQueue;
  media: MediaService;
  providers: ProviderRegistry;
  vault: TokenVault;
  clock: Clock;
  publicUrl: string;
  log: Log;
  planLimits: PlanLimitsService;
  historyStart: HistoryStart;
}) {
  const { db, clock } = deps;
  // Adds to one account's queue wait here, without holding a database connection, before they wait
  // at its row lock: a burst of adds cannot take the whole pool. Two at a time, so the next one
  // writes its post while the current one holds the lock (decision 143).
  const queueTurns = createKeyedTurns(2);
  const mediaUrl = (id: string) => `${deps.publicUrl}/media/${id}`;
  const toDtos = (rows: readonly TargetRow[]) => toPostDtos(db, rows, mediaUrl);
  const toDto = async (row: TargetRow) => (await toDtos([row]))[0] as Post;
  const destinations = createDestinations({ db, channels: deps.channels });
  const { accountFor, checkOrganization } = destinations;

  function checkInstant(scheduledAt: Date | undefined, message = 'Scheduled time must be in the future'): Date {
    const now = clock.now();
    if (!scheduledAt) return now;
    if (scheduledAt.getTime() <= now.getTime()) throw new AppError('validation_failed', message, { fields: { scheduleDate: message } });
    if (scheduledAt.getTime() - now.getTime() > 366 * 86_400_000) {
      throw new AppError('validation_failed', 'Posts can be scheduled up to a year ahead.', { fields: { scheduleDate: 'Too far ahead' } });
    }
    return scheduledAt;
  }

  async function loadOwned(workspaceId: string, id: string): Promise<TargetRow> {
    const row = await createPostsRepository(db).findInWorkspace(workspaceId, id);
    if (!row) throw notFound('No such post.');
    return row;
  }

  /** A thread's part or comment being sent is never changed under it (docs/decisions/155-threads.md): 409, naming it. */
  function refuseWhileAPartIsSent(members: readonly ChainMember[], action: string) {
    const sending = members.find((member) => member.kind !== 'post' && member.status === 'publishing');
    if (!sending) return;
    const which = sending.kind === 'comment' ? 'Its first comment' : `Part ${sending.position} of this thread`;
    throw conflict(`${which} is being published right now, so it cannot be ${action}. Try again once it is out.`);
  }

  const chainMembers = (workspaceId: string, id: string) => createThreadsRepository(db).lockChain(workspaceId, id);

  function refuseUnlessEditable(row: TargetRow, action: string) {
    if (row.status === 'publishing') throw conflict(`This post is being published right now, so it cannot be ${action}.`);
    if (row.status === 'published') throw conflict(`This post is already published, so it cannot be ${action}.`);
  }

  /** What a change leaves a post as: waiting for approval when it waits already or its editor's posts need one (decision 130). */
  async function statusAfterChange(workspaceId: string, row: TargetRow, role: WorkspaceRole): Promise<UnsentStatus> {
    const awaiting = (AWAITING_DECISION as readonly string[]).includes(row.status);
    return awaiting || (await needsApproval(db, workspaceId, role)) ? 'pending_approval' : 'scheduled';
  }

  /**
   * Hands a changed target back to the engine at its (new) instant, in the change's transaction, as
   * composing does: a backstop job for that instant (the old instant's, if any, finds it not due and
   * does nothing) and a wake-up when it is due soon. A target waiting for approval gets neither.
   */
  async function rearm(tx: Queryable, id: string, at: Date, status: UnsentStatus): Promise<void> {
    if (status !== 'scheduled') return;
    await enqueuePublishBackstop(deps.queue, tx, id, at);
    if (at.getTime() - clock.now().getTime() < WAKE_DISPATCHER_WITHIN_MS) await tx.query(`SELECT pg_notify('${DISPATCH_CHANNEL}', '')`);
  }

  /**
   * A target due now, in the caller's transaction: its backstop, a wake-up for the dispatchers, and
   * the change of when its post goes out in the activity log (decision 131).
   */
  async function sendNow(
    tx: Queryable,
    { workspaceId, userId }: { workspaceId: string; userId: string },
    row: TargetRow,
    targetId: string,
    now: Date,
    details: { retryFromPart?: number } = {},
  ): Promise<void> {
    await enqueuePublishBackstop(deps.queue, tx, targetId, now);
    await tx.query(`SELECT pg_notify('${DISPATCH_CHANNEL}', '')`);
    await recordActivity(tx, {
      workspaceId,
      actorId: userId,
      action: 'post.edited',
      subject: { type: 'post', id: row.postId, label: postLabel(row.text) },
      details: { networks: [row.network], publishNow: true, ...details },
      at: now,
    });
  }

  /** Whether a post (a thread's head) was out on its network when its chain was locked. */
  const headOut = (members: readonly ChainMember[]) => members.some((member) => member.kind === 'post' && member.status === 'published');

  return {
    /** A post written by `author` in `workspaceId`; an editor's waits for approval where the workspace asks for it. */
    async compose(
      { workspaceId, author, role }: { workspaceId: string; author: string; role: WorkspaceRole },
      request: ComposeRequest,
      hooks: ComposeHooks = {},
    ): Promise<{ postId: string; scheduledAt: Date; posts: Post[]; queued?: QueuedTarget[] }> {
      const scheduledAt = checkInstant(request.queue ? undefined : request.scheduledAt);
      const status: UnsentStatus = (await needsApproval(db, workspaceId, role)) ? 'pending_approval' : 'scheduled';
      const targets = await destinations.resolve(workspaceId, request);
      const networks = [...new Set(targets.map((target) => target.network))];
      const accountIds = [...new Set(targets.map((target) => target.account.id))];
      const uploads = request.uploads ?? [];
      const stored = await deps.media.findInOrder(workspaceId, request.mediaIds ?? []);
      const files: AttachedFile[] = [
        ...uploads.map((upload) => ({
          fileName: upload.fileName,
          kind: upload.kind ?? 'image',
          mimeType: upload.mimeType,
          byteSize: preparedBytes(upload),
          durationMs: 'durationMs' in upload ? upload.durationMs : undefined,
          videoCodec: 'videoCodec' in upload ? upload.videoCodec : undefined,
        })),
        ...stored.map(attachedFileOf),
      ];
      const alts = (request.alts ?? []).map((alt) => alt.trim());
      // Nothing is stored before every chosen network would take these files (docs/decisions/147-media-app.md).
      checkAttachments(networks, files, alts, request.documentTitle);
      const mediaAlts = files.map((_, index) => alts[index] ?? '');
      const mediaTitle = files[0]?.kind === 'document' ? (request.documentTitle?.trim() ?? null) : null;
      const threadMedia = await checkThreadMedia(deps.media, workspaceId, targets);

      // docs/decisions/149-link-cards.md: a LinkedIn post is pictures or a link card, never both; X makes its own card.
      // Each LinkedIn channel may carry the card of its own text (docs/decisions/152-channel-picker-and-kept-attachments.md).
      const cardOf = (target: { network: Network; channelId: string | null }): LinkCard | null => {
        if (target.network !== 'linkedin') return null;
        const own = target.channelId ? request.perChannelLinkCard?.[target.channelId] : undefined;
        return own !== undefined ? own : (request.linkCard ?? null);
      };
      if (targets.some((target) => cardOf(target)) && files.length > 0) {
        throw new AppError(
          'validation_failed',
          'A post with pictures, a video or a document cannot also carry a link card. Remove the link card or the files.',
          {
            fields: { linkCard: 'Not with pictures' },
          },
        );
      }

      const discards: Array<() => Promise<void>> = [];
      try {
        const store = () =>
          db.transaction(async (tx) => {
            await deps.planLimits.checkPostAllowed(tx, workspaceId, clock.now());
            const posts = createPostsRepository(tx);
            const mediaIds: string[] = [];
            for (const upload of uploads) {
              const saved = await deps.media.save(tx, workspaceId, upload);
              discards.push(saved.discard);
              mediaIds.push(saved.record.id);
            }
            mediaIds.push(...stored.map((record) => record.id));
            await deps.media.hold(
              tx,
              workspaceId,
              stored.map((record) => record.id),
            );
            await holdThreadMedia(deps.media, tx, workspaceId, threadMedia);
            const postId = await posts.insertPost({
              workspaceId,
              createdBy: author,
              originalText: request.originalText,
              aiEnhanced: request.aiEnhanced,
              timeZone: request.timeZone,
            });
            await hooks.onStored?.(tx, postId);
            const targetIds: string[] = [];
            const slots: AllocatedSlot[] = [];
            // Every account's queue, in one order for everyone, so two adds never wait on each other.
            if (request.queue) await lockQueues(tx, accountIds);
            for (const target of targets) {
              // The account's queue stays locked until this transaction ends (decision 143); two
              // channels through one account (a member and their page) take its next two slots.
              const slot = request.queue ? await allocateSlot(tx, target.account, clock.now()) : undefined;
              const at = slot?.at ?? scheduledAt;
              const targetId = await posts.insertTarget({
                postId,
                workspaceId,
                accountId: target.account.id,
                network: target.network,
                linkedinOrgId: target.organizationId,
                text: target.text,
                ...headMedia(target, { mediaIds, mediaAlts }),
                mediaTitle,
                scheduledAt: at,
                page: target.page,
                status,
                queued: request.queue,
                linkCard: cardOf(target),
                channelId: target.channelId,
              });
              await insertChain(posts, target, { id: targetId, postId, workspaceId, scheduledAt: at, status });
              // A post waiting for approval gets its backstop when it is approved (decision 130).
              if (status === 'scheduled') await enqueuePublishBackstop(deps.queue, tx, targetId, at);
              targetIds.push(targetId);
              if (slot) slots.push(slot);
            }
            await recordActivity(tx, {
              workspaceId,
              actorId: author,
              action: 'post.created',
              subject: { type: 'post', id: postId, label: postLabel(request.originalText) },
              details: {
                networks,
                ...(request.scheduledAt ? { scheduledAt: scheduledAt.toISOString() } : {}),
                ...(slots[0] ? { scheduledAt: slots[0].at.toISOString() } : {}),
              },
              at: clock.now(),
            });
            const earliest = slots.length ? Math.min(...slots.map((slot) => slot.at.getTime())) : scheduledAt.getTime();
            if (status === 'scheduled' && earliest - clock.now().getTime() < WAKE_DISPATCHER_WITHIN_MS)
              await tx.query(`SELECT pg_notify('${DISPATCH_CHANNEL}', '')`);
            // The draft becomes this post: both, or neither (docs/decisions/141-drafts.md).
            const draft = request.draftId ? await deleteDraftOfPost(tx, workspaceId, request.draftId) : undefined;
            const removeDraftImage = draft?.mediaIds.length ? await deps.media.forgetAllUnused(tx, workspaceId, draft.mediaIds) : undefined;
            return { postId, targetIds, slots, removeDraftImage };
          });
        const { postId, targetIds, slots, removeDraftImage } = request.queue ? await queueTurns(accountIds, store) : await store();
        // Committed: the files are the post's now, whatever happens below.
        discards.length = 0;
        await removeDraftImage?.(deps.log);
        const rows = await createPostsRepository(db).findManyInWorkspace(workspaceId, targetIds);
        const firstAt = slots.length ? new Date(Math.min(...slots.map((slot) => slot.at.getTime()))) : scheduledAt;
        deps.log.info({ postId, targets: targetIds.length, scheduledAt: firstAt, status, queued: request.queue }, 'post composed');
        const dtos = await toDtos(rows);
        if (!request.queue) return { postId, scheduledAt, posts: dtos };
        const queued = targetIds.map((id, index) => {
          const slot = slots[index] as AllocatedSlot;
          const row = rows.find((candidate) => candidate.id === id) as TargetRow;
          return {
            id,
            platform: row.network,
            accountId: row.accountId as string,
            channelId: row.channelId,
            scheduledAt: slot.at.toISOString(),
            timeZone: slot.timeZone,
            note: slot.note,
          };
        });
        return { postId, scheduledAt: firstAt, posts: dtos, queued };
      } catch (error) {
        for (const discard of discards) await discard();
        if (isQueueSlotClash(error)) throw conflict('Someone else took that posting slot at the same moment. Please try again.');
        throw error;
      }
    },

    async list(
      workspaceId: string,
      query: {
        limit: number;
        offset: number;
        status: Parameters<typeof statusesFor>[0];
        platform: 'all' | Network;
        channelId?: string | undefined;
      },
    ) {
      const rows = await createPostsRepository(db).listInWorkspace(workspaceId, {
        statuses: statusesFor(query.status),
        network: query.platform === 'all' ? undefined : query.platform,
        channelId: query.channelId,
        since: await deps.historyStart(workspaceId),
        limit: query.limit,
        offset: query.offset,
        partiallyPublished: partialIn(query.status),
      });
      return toDtos(rows);
    },

    /** An edit; by a member whose posts need approval, or of a post waiting for one, it waits for approval again. */
    async update(
      { workspaceId, userId, role }: { workspaceId: string; userId: string; role: WorkspaceRole },
      id: string,
      change: {
        text: string;
        platform: Network;
        scheduledFor: Date;
        mediaUrls: string[];
        linkedinOrgId: string;
        /** Per file of `mediaUrls`, its alt text; undefined keeps each kept file's own. */
        alts?: ReadonlyArray<string | undefined> | undefined;
        /** A document's title; undefined keeps the post's. */
        documentTitle?: string | undefined;
      } & ChainEdit,
    ): Promise<Post> {
      const row = await loadOwned(workspaceId, id);
      const members = await chainMembers(workspaceId, id);
      refuseWhileAPartIsSent(members, 'edited');
      if (changesChain(change)) refuseOnceAPartWentOut(members);
      refuseUnlessEditable(row, 'edited');
      if (change.platform !== row.network && members.some((member) => member.kind !== 'post'))
        throw new AppError(
          'validation_failed',
          `This post has ${row.network === 'x' ? 'a thread, which goes to X only' : 'a first comment, which goes to LinkedIn only'}; it cannot move to another network.`,
          { fields: { platform: 'Not with its thread or comment' } },
        );
      const limit = EDIT_LIMITS[change.platform];
      if (change.text.length > limit) {
        throw new AppError('validation_failed', `${networkName(change.platform)} posts can be up to ${limit} characters here.`, {
          fields: { text: 'Too long' },
        });
      }
      checkPlatformText(change.platform, change.text);
      const scheduledAt = checkInstant(change.scheduledFor, 'Schedule time must be in the future');
      const account =
        change.platform === row.network && row.accountId ? await createAccountsRepository(db).findById(row.accountId) : undefined;
      const target = account ?? (await accountFor(workspaceId, change.platform));
      const mediaIds = change.mediaUrls.map((url) => url.split('/').pop() ?? '').filter(Boolean);
      // An address that names no stored file is the caller's mistake, not the database's (a uuid cast).
      if (mediaIds.some((mediaId) => !uuidSchema.safeParse(mediaId).success))
        throw new AppError('validation_failed', 'One of the images is not an address of an uploaded file.', {
          fields: { media_urls: 'Not an uploaded file' },
        });
      const owned = await deps.media.findInOrder(workspaceId, mediaIds, 'media_urls');
      const mediaAlts = altsAfterEdit(row, mediaIds, change.alts);
      const files = owned.map(attachedFileOf);
      const mediaTitle = files[0]?.kind === 'document' ? (change.documentTitle ?? row.mediaTitle ?? '').trim() : null;
      // The same media rules as composing (decision 147), and no link card beside files (decision 149).
      checkAttachments([change.platform], files, mediaAlts, mediaTitle ?? undefined);
      if (owned.length > 0 && row.linkCard)
        throw new AppError('validation_failed', 'A post with a link card cannot also carry files. Remove the files.', {
          fields: { media_urls: 'Not with a link card' },
        });
      const organizationId = change.platform === 'linkedin' ? change.linkedinOrgId || row.linkedinOrgId : null;
      // The same check as composing: LinkedIn would refuse a page the person does not administer at publish time.
      const page = organizationId ? await checkOrganization(target, organizationId) : null;
      const status = await statusAfterChange(workspaceId, row, role);
      const threadMedia = change.thread ? await checkPartsMedia(deps.media, workspaceId, change.thread, 'the thread', 'thread') : [];
      // Part 1's own images, when it has some, are what the post goes out with, as when composing (decision 155).
      const head = change.thread ? headMedia({ thread: change.thread }, { mediaIds, mediaAlts }) : { mediaIds, mediaAlts };

      const removeImages = await db.transaction(async (tx) => {
        if (changesChain(change)) {
          // Under the chain's lock: no part may start going out while the parts are replaced.
          const locked = await createThreadsRepository(tx).lockChain(workspaceId, id);
          refuseWhileAPartIsSent(locked, 'edited');
          refuseOnceAPartWentOut(locked);
          await holdThreadMedia(deps.media, tx, workspaceId, threadMedia);
        }
        const ok = await createPostsRepository(tx).updateUnsent(workspaceId, id, {
          accountId: target.id,
          network: change.platform,
          text: change.text,
          ...head,
          mediaTitle,
          scheduledAt,
          linkedinOrgId: organizationId,
          page,
          status,
        });
        if (!ok) return undefined;
        const destination = {
          network: change.platform,
          account: target,
          organizationId,
          page,
          channelId: row.channelId,
          text: change.text,
          thread: null,
          firstComment: null,
        };
        await replaceChain(tx, change, destination, { id, postId: row.postId, workspaceId, scheduledAt, status });
        await createThreadsRepository(tx).rearmParts(id, status, clock.now());
        await rearm(tx, id, scheduledAt, status);
        await recordActivity(tx, {
          workspaceId,
          actorId: userId,
          action: 'post.edited',
          subject: { type: 'post', id: row.postId, label: postLabel(change.text) },
          details: { networks: [change.platform], scheduledAt: scheduledAt.toISOString() },
          at: clock.now(),
        });
        // Every file no part shows any more is forgotten, as a dropped file is (decision 110).
        const later = change.thread ? partMedia(change) : members.slice(1).flatMap((member) => member.mediaIds);
        const kept = new Set([...head.mediaIds, ...later]);
        const dropped = members.flatMap((member) => member.mediaIds).filter((mediaId) => !kept.has(mediaId));
        return deps.media.forgetAllUnused(tx, workspaceId, dropped);
      });
      // The status changed between our read and the update: it started going out.
      if (!removeImages) refuseUnlessEditable({ ...row, status: 'publishing' }, 'edited');
      await removeImages?.(deps.log);
      return toDto(await loadOwned(workspaceId, id));
    },

    /**
     * PATCH /api/v1/posts/:id: only the time of one network's copy changes. The same rules as an
     * edit (docs/decisions/142-calendar.md): never once it is being sent or sent, in the future and
     * within the scheduling horizon, and by an editor who needs approval it waits for approval again.
     */
    async reschedule(
      { workspaceId, userId, role }: { workspaceId: string; userId: string; role: WorkspaceRole },
      id: string,
      at: Date,
    ): Promise<Post> {
      const row = await loadOwned(workspaceId, id);
      refuseWhileAPartIsSent(await chainMembers(workspaceId, id), 'moved');
      refuseUnlessEditable(row, 'moved');
      const scheduledAt = checkInstant(at, 'Choose a time in the future.');
      const status = await statusAfterChange(workspaceId, row, role);
      const moved = await db.transaction(async (tx) => {
        if (!(await createPostsRepository(tx).moveUnsent(workspaceId, id, scheduledAt, status, clock.now()))) return false;
        await createThreadsRepository(tx).rearmParts(id, status, clock.now());
        await rearm(tx, id, scheduledAt, status);
        await recordActivity(tx, {
          workspaceId,
          actorId: userId,
          action: 'post.edited',
          subject: { type: 'post', id: row.postId, label: postLabel(row.text) },
          details: { networks: [row.network], scheduledAt: scheduledAt.toISOString(), rescheduledFrom: row.scheduledAt.toISOString() },
          at: clock.now(),
        });
        return true;
      });
      // It started going out between our read and the update.
      if (!moved) refuseUnlessEditable({ ...row, status: 'publishing' }, 'moved');
      deps.log.info({ targetId: id, scheduledAt, status }, 'post rescheduled');
      return toDto(await loadOwned(workspaceId, id));
    },

    /** Sends it now; a member whose posts need approval asks for it to be sent now once approved. */
    async publishNow(
      { workspaceId, userId, role }: { workspaceId: string; userId: string; role: WorkspaceRole },
      id: string,
    ): Promise<Post> {
      const row = await loadOwned(workspaceId, id);
      refuseWhileAPartIsSent(await chainMembers(workspaceId, id), 'published again');
      refuseUnlessEditable(row, 'published again');
      const status: UnsentStatus = (await needsApproval(db, workspaceId, role)) ? 'pending_approval' : 'scheduled';
      if (status === 'scheduled' && (AWAITING_DECISION as readonly string[]).includes(row.status))
        throw conflict('This post is waiting for approval; approve it to send it.');
      const now = clock.now();
      const changed = await db.transaction(async (tx) => {
        const ok = await createPostsRepository(tx).publishNow(workspaceId, id, now, status);
        if (ok) await createThreadsRepository(tx).rearmParts(id, status, now);
        if (ok && status === 'scheduled') await sendNow(tx, { workspaceId, userId }, row, id, now);
        return ok;
      });
      if (!changed) refuseUnlessEditable({ ...row, status: 'publishing' }, 'published again');
      return toDto(await loadOwned(workspaceId, id));
    },

    /**
     * Deletes a post; one already published is deleted on its network first. A thread goes part by
     * part, the last first, and a post's first comment before the post (docs/decisions/155-threads.md).
     */
    async remove({ workspaceId, userId }: { workspaceId: string; userId: string }, id: string): Promise<void> {
      const row = await loadOwned(workspaceId, id);
      const members = await db.transaction(async (tx) => {
        const found = await createThreadsRepository(tx).lockChain(workspaceId, id);
        refuseWhileAPartIsSent(found, 'deleted');
        if (found.some((member) => member.kind === 'post' && member.status === 'publishing'))
          throw conflict('This post is being published right now; delete it once it is out.');
        // Nothing still waiting may go out while the parts already out are taken down. Before the
        // head is out no part can be, so nothing is held back: were the head sent meanwhile, the
        // delete is refused below and its parts must still follow it.
        if (found.length > 1 && headOut(found)) await createThreadsRepository(tx).holdBackWaitingParts(id, clock.now());
        return found;
      });
      // As locked, not as first read: a head published in between is taken down too.
      const wasPublished = headOut(members);
      const accountId = row.accountId;
      for (const member of members.filter((candidate) => candidate.kind !== 'post').reverse()) {
        if (member.status !== 'published' || !member.networkPostId || !accountId) continue;
        const provider = deps.providers.get(row.network);
        const postId = member.networkPostId;
        await deps.vault.withAccount(accountId, (ref) =>
          member.kind === 'comment'
            ? (provider.comments?.delete(ref, {
                postId: member.parentNetworkPostId ?? '',
                commentId: postId,
                ...(row.linkedinOrgId ? { organizationId: row.linkedinOrgId } : {}),
              }) ?? Promise.resolve())
            : provider.deletePost(ref, postId),
        );
        // Gone from the network: its row goes now, so a delete that stops half way resumes where it stopped.
        await createThreadsRepository(db).deleteMember(member.id);
      }
      if (wasPublished && row.accountId) {
        const postId = (await db.query<{ id: string | null }>('SELECT network_post_id AS id FROM post_targets WHERE id = $1', [id])).rows[0]
          ?.id;
        if (postId) {
          await deps.vault.withAccount(row.accountId, (ref) => deps.providers.get(row.network).deletePost(ref, postId));
        }
      }
      const removeImages = await db.transaction(async (tx) => {
        const posts = createPostsRepository(tx);
        if (!(await posts.deleteUnlessSending(workspaceId, id, wasPublished))) return undefined;
        await posts.deleteEmptyPost(row.postId);
        await recordActivity(tx, {
          workspaceId,
          actorId: userId,
          action: 'post.deleted',
          subject: { type: 'post', id: row.postId, label: postLabel(row.text) },
          details: { networks: [row.network], status: row.status },
          at: clock.now(),
        });
        // Its image stops being served once nothing else shows it (issue 17, item 7; decision 110).
        return deps.media.forgetAllUnused(
          tx,
          workspaceId,
          members.flatMap((member) => member.mediaIds),
        );
      });
      if (!removeImages) throw conflict('This post is being published right now; delete it once it is out.');
      await removeImages(deps.log);
    },

    /**
     * "Retry from part k" (POST /api/v1/posts/:id/retry): the first part of a thread that is not out
     * (or a post's failed first comment) is due again now, looked for on the network first if it
     * was tried, and the parts after it wait for it; the parts already out are never touched
     * (docs/decisions/155-threads.md).
     */
    async retry({ workspaceId, userId }: { workspaceId: string; userId: string }, id: string, fromPart: number | undefined): Promise<Post> {
      const row = await loadOwned(workspaceId, id);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const threads = createThreadsRepository(tx);
        const members = await threads.lockChain(workspaceId, id);
        refuseWhileAPartIsSent(members, 'retried');
        if (members.some((member) => member.status === 'publishing'))
          throw conflict('This post is being published right now; there is nothing to retry yet.');
        const next = members.find((member) => member.status !== 'published');
        if (!next) throw conflict('Every part of this post is already out; there is nothing to retry.');
        const number = next.kind === 'comment' ? undefined : next.position;
        const name = number === undefined ? 'Its first comment' : `Part ${number}`;
        if (!['failed', 'missed', 'needs_reconnect', 'unsent'].includes(next.status))
          throw conflict(
            `${name} has not failed: it is ${next.status === 'scheduled' ? 'still waiting to go out' : `${next.status.replace('_', ' ')}`}.`,
          );
        if (fromPart !== undefined && number === undefined)
          throw conflict('Only its first comment is left to send; retry without fromPart.');
        if (fromPart !== undefined && number !== undefined && fromPart !== number)
          throw conflict(
            fromPart < number
              ? `Part ${fromPart} is already on ${networkName(row.network)}; retry from part ${number}.`
              : `Part ${number} has not gone out yet; retry from part ${number}.`,
          );
        await threads.resumeFrom(id, next, now);
        await sendNow(tx, { workspaceId, userId }, row, next.id, now, number === undefined ? {} : { retryFromPart: number });
      });
      deps.log.info({ targetId: id, fromPart }, 'thread resumed');
      return toDto(await loadOwned(workspaceId, id));
    },

    editableStatuses: EDITABLE_STATUSES,
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
