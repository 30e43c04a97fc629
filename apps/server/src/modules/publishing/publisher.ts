import { networkName } from '@postflow/contract';
import type { Database, Queryable } from '../../db/client';
import type { Log } from '../../lib/logger';
import type { Clock } from '../../lib/clock';
import { SocialProviderError } from '../../providers/social/errors';
import { enqueuePublishBackstop } from './publish-target.job';
import { createBackstopSweeper } from './backstop-sweeper';
import { publishLimit } from '../../providers/social/account-limits';
import type { JobQueue } from '../../jobs/queue';
import type { ProviderRegistry } from '../../providers/social/registry';
import type { ArticleShare, NetworkPost, PublishedPost } from '../../providers/social/social-provider';
import { createAccountsRepository, type SocialAccountRecord } from '../accounts/accounts.repository';
import type { TokenVault } from '../accounts/token-vault';
import type { MailService } from '../mail/mail.service';
import type { MediaService } from '../media/media.service';
import { largeFileBytes, loadAttachments, type Attachments } from './attachments';
import type { RateLimitRepository } from '../security/rate-limit.repository';
import { createUsersRepository } from '../users/users.repository';
import { publishFailureMail } from '../mail/messages/publish-failure';
import { accountLabel, postLabel } from '../activity/activity-labels';
import { record as recordActivity } from '../activity/activity.repository';
import { workspaceMailBrand } from '../mail/workspace-brand';
import { backoffMs } from './backoff';
import { judgeDuplicate } from './duplicate-refusal';
import { decideAfterFailure, toPublishFailure } from './publish-decision';
import { findSentPost } from './reconcile';
import { fetchCardThumbnail } from '../link-preview/card-thumbnail';
import type { LinkFetchPolicy } from '../link-preview/link-fetch-limits';
import { createTargetsRepository, type AttemptRecord, type ClaimedTarget, type FinishedAttempt } from './targets.repository';
import { createChainRepository } from './chain.repository';
import { recentCandidates, sendTarget, stoppedReason, type ParentPost } from './chain-calls';

export type PublishOutcome =
  | {
      kind: 'published';
      via: 'sent' | 'reconciled' | 'duplicate';
      postId: string | null;
      url: string;
      /** The thread's next part (or the post's first comment), due now that this one is out (decision 155). */
      released?: string[];
    }
  | { kind: 'rescheduled'; dueAt: Date; reason: string }
  | { kind: 'final'; status: 'failed' | 'needs_reconnect' | 'missed'; reason: string }
  /** Our lease was taken over (we were too slow); the other worker owns the outcome. */
  | { kind: 'lost_lease' };

export interface PublisherOptions {
  workerId: string;
  /** A target this late is `missed` rather than sent at a surprising time (PUBLISH_MISSED_AFTER). */
  missedAfterMs: number;
  /** Attempts for transient failures (5xx, network) before giving up. */
  maxAttempts?: number;
  /** The adapters' per-call timeout (NETWORK_TIMEOUT): the lease an attempt takes is sized from it. */
  networkTimeoutMs?: number;
  /** How long one attempt may hold the lease while it calls the network; by default sized from the timeout. */
  callBudgetMs?: number;
  random?: () => number;
  /** LINKEDIN_DAILY_CALLS: the per-member daily budget publishing and syncs share. */
  linkedInDailyCalls?: number | undefined;
}

const DEFAULT_MAX_ATTEMPTS = 8;
/** Failures to record an outcome before a target fails for good rather than being tried again. */
export const MAX_OUTCOME_ERRORS = 3;
/** Image uploads get a longer timeout than other calls (the adapters' upload timeout). */
const UPLOAD_TIMEOUT_MS = 60_000;
/** The lease a worker takes on a thread's next part, claimed the moment its parent is out (as the dispatcher's claim). */
const CHAIN_CLAIM_LEASE_MS = 30_000;
/** A video or document goes up in parts of about this size, each within the upload timeout (docs/networks.md, media uploads). */
const UPLOAD_PART_BYTES = 4 * 1024 * 1024;
/** How long a network may take to process an uploaded video or document before the post is created. */
const PROCESSING_ALLOWANCE_MS = 10 * 60_000;

/**
 * How long an attempt may hold its lease: a token refresh, the publish and one retry after a
 * refused token (three calls), plus each image's upload, plus for a video or document of
 * `largeBytes` each part's upload and the network's processing. A worker that dies mid-call
 * blocks its post only this long before another worker reconciles it.
 */
export function callBudgetFor(networkTimeoutMs: number, mediaCount: number, largeBytes = 0): number {
  const large = largeBytes > 0 ? Math.ceil(largeBytes / UPLOAD_PART_BYTES) * UPLOAD_TIMEOUT_MS + PROCESSING_ALLOWANCE_MS : 0;
  return 3 * networkTimeoutMs + mediaCount * UPLOAD_TIMEOUT_MS + large;
}

/**
 * Sends one claimed target, exactly once. Before any call it records the attempt; after the call it
 * records the outcome and the network's post id in the same transaction as the status change. An
 * attempt whose outcome is unknown (timeout, cut connection, 5xx on create, crash mid-call) is never
 * blindly repeated: the next attempt first looks for the post on the network. Every final failure
 * is mailed to its owner, saying why and what to do.
 */
export function createPublisher(deps: {
  db: Database;
  providers: ProviderRegistry;
  vault: TokenVault;
  media: MediaService;
  rateLimits: RateLimitRepository;
  mail: MailService;
  queue: JobQueue;
  clock: Clock;
  log: Log;
  publicUrl: string;
  /** How a link card's picture is fetched (docs/decisions/149-link-cards.md). */
  linkFetch: LinkFetchPolicy;
  options: PublisherOptions;
}) {
  const { db, clock, log, options } = deps;
  const random = options.random ?? Math.random;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const callBudget = (mediaCount: number, largeBytes = 0) =>
    options.callBudgetMs ?? callBudgetFor(options.networkTimeoutMs ?? 15_000, mediaCount, largeBytes);
  const targets = createTargetsRepository(db);

  const finishing = (attempt: { id: number; record: AttemptRecord } | undefined): FinishedAttempt | undefined =>
    attempt && { ...attempt.record, attemptId: attempt.id, finishedAt: clock.now() };

  /**
   * Deletes the backstop job of a target that is finished, after its outcome, not with it: a
   * backstop that stays behind (a crash, a failed delete) finds the target finished and does
   * nothing, while a failed delete inside the outcome would undo it. Deletes are batched.
   */
  const backstops = createBackstopSweeper({ queue: deps.queue, db, log });
  const spareBackstop = (target: ClaimedTarget) => backstops.spare(target.id, target.dueAt);

  async function notifyOwner(tx: Queryable, target: ClaimedTarget, status: 'failed' | 'needs_reconnect' | 'missed', reason: string) {
    // The post's author hears of it; in a shared workspace that is not the workspace's owner.
    const authorId = await createTargetsRepository(tx).authorOf(target.postId);
    const owner = authorId ? await createUsersRepository(tx).findById(authorId) : undefined;
    if (!owner?.email) return;
    const mail = publishFailureMail({
      ownerName: owner.name,
      network: target.network,
      text: target.text,
      status,
      reason,
      scheduledAt: target.scheduledAt,
      timeZone: owner.timeZone,
      publicUrl: deps.publicUrl,
      brand: await workspaceMailBrand(tx, target.workspaceId),
    });
    await deps.mail.queue(tx, { userId: owner.id, to: owner.email, ...mail });
  }

  /** The workspace's activity entry for a post that did not go out; Postflow is its actor (decision 131). */
  async function logFailure(tx: Queryable, target: ClaimedTarget, status: 'failed' | 'needs_reconnect' | 'missed', reason: string) {
    const account = target.accountId ? await createAccountsRepository(tx).findById(target.accountId) : undefined;
    await recordActivity(tx, {
      workspaceId: target.workspaceId,
      actorId: null,
      action: 'post.failed',
      subject: { type: 'post', id: target.postId, label: postLabel(target.text) },
      details: { networks: [target.network], status, reason, ...(account ? { handle: accountLabel(account) } : {}) },
      at: clock.now(),
    });
  }

  async function finalFailure(
    target: ClaimedTarget,
    status: 'failed' | 'needs_reconnect' | 'missed',
    reason: string,
    failureClass: string,
    attempt?: { id: number; record: AttemptRecord },
  ): Promise<PublishOutcome> {
    // The mail is written with the status change, so it exists if and only if the status changed.
    const owned = await db.transaction(async (tx) => {
      const repository = createTargetsRepository(tx);
      const changed = await repository.markFinalFailure(
        target.id,
        target.leaseToken,
        { status, reason, failureClass, now: clock.now() },
        finishing(attempt),
      );
      if (changed) {
        // The thread's later parts (or the post's comment) will not go out: they say why (decision 155).
        await createChainRepository(tx).stopAfter(target, stoppedReason(target, reason), clock.now());
        await notifyOwner(tx, target, status, reason);
        await logFailure(tx, target, status, reason);
      }
      return changed;
    });
    if (!owned) return { kind: 'lost_lease' };
    spareBackstop(target);
    log.warn({ targetId: target.id, status, failureClass }, 'post not published');
    return { kind: 'final', status, reason };
  }

  /**
   * Where people open the post: the adapter's address for it, with the handle it went out under
   * (docs/networks.md, X · Post addresses); a first comment's is its post's.
   */
  function addressOf(target: ClaimedTarget, account: SocialAccountRecord, postId: string, parent?: ParentPost): string {
    if (target.kind === 'comment' && parent) return parent.url ?? deps.providers.get(target.network).postUrl(parent.networkPostId);
    return deps.providers.get(target.network).postUrl(postId, account.username);
  }

  async function published(
    target: ClaimedTarget,
    post: { id: string | null; url: string },
    via: 'sent' | 'reconciled' | 'duplicate',
    attempt?: { id: number; status?: number },
  ): Promise<PublishOutcome> {
    // One statement, no transaction: the hot path's round trips are what a publish costs here.
    const { owned, released } = await targets.markPublished(
      target.id,
      target.leaseToken,
      { postId: post.id ?? '', url: post.url, publishedAt: clock.now(), label: postLabel(target.text) },
      finishing(attempt && { id: attempt.id, record: { outcome: via === 'sent' ? 'published' : via, providerStatus: attempt.status } }),
    );
    if (!owned) {
      log.error({ targetId: target.id }, 'published after our lease was taken over; the next attempt will reconcile');
      return { kind: 'lost_lease' };
    }
    spareBackstop(target);
    return { kind: 'published', via, postId: post.id, url: post.url, ...(released.length ? { released } : {}) };
  }

  async function reschedule(
    target: ClaimedTarget,
    dueAt: Date,
    reason: string,
    failureClass: string,
    needsReconcile: boolean,
    attempt?: { id: number; record: AttemptRecord },
  ): Promise<PublishOutcome> {
    if (dueAt.getTime() - target.scheduledAt.getTime() > options.missedAfterMs && !needsReconcile) {
      return finalFailure(
        target,
        'missed',
        `It could not be sent within ${Math.round(options.missedAfterMs / 60_000)} minutes of its time (${reason}), so it was held back rather than sent late.`,
        failureClass,
        attempt,
      );
    }
    const owned = await db.transaction(async (tx) => {
      const repository = createTargetsRepository(tx);
      const changed = await repository.reschedule(
        target.id,
        target.leaseToken,
        { dueAt, needsReconcile, reason, failureClass, now: clock.now() },
        finishing(attempt),
      );
      if (changed) await enqueuePublishBackstop(deps.queue, tx, target.id, dueAt);
      return changed;
    });
    if (!owned) return { kind: 'lost_lease' };
    return { kind: 'rescheduled', dueAt, reason };
  }

  /**
   * The account's newest posts (or the page's) that could be this target, when the network lets us
   * read them: a part's among the answers to its parent, a comment's among the post's comments.
   */
  async function readRecent(
    target: ClaimedTarget,
    account: SocialAccountRecord,
    parent: ParentPost | undefined,
  ): Promise<NetworkPost[] | undefined> {
    const provider = deps.providers.get(target.network);
    try {
      return await deps.vault.withAccount(account.id, (ref) => recentCandidates(provider, ref, target, parent));
    } catch (error) {
      // Some apps may not read posts (LinkedIn self-serve). Sending again is then safe: the
      // network refuses a duplicate and names the existing post.
      log.warn({ targetId: target.id, err: error }, 'could not read recent posts to reconcile');
      return undefined;
    }
  }

  /** Looks for this target's text among the account's newest posts that no other target is. */
  async function lookForSentPost(
    target: ClaimedTarget,
    account: SocialAccountRecord,
    parent: ParentPost | undefined,
  ): Promise<{ id: string; url: string } | undefined> {
    const recent = await readRecent(target, account, parent);
    if (!recent) return undefined;
    const taken = await targets.takenPostIds(
      target,
      recent.map((post) => post.id),
    );
    const since = await targets.firstAttemptStartedAt(target.id);
    const found = findSentPost(
      target.text,
      recent.filter((post) => !taken.has(post.id)),
      since,
    );
    return found ? { id: found.id, url: addressOf(target, account, found.id, parent) } : undefined;
  }

  /** The network says the text is already there: published if that post is this target's own, else failed with why. */
  async function settleDuplicate(
    target: ClaimedTarget,
    account: SocialAccountRecord,
    refusal: { namedId: string | undefined; mightHaveSent: boolean },
    attempt: { id: number; record: AttemptRecord },
    parent: ParentPost | undefined,
  ): Promise<PublishOutcome> {
    const recent = await readRecent(target, account, parent);
    const verdict = judgeDuplicate({
      network: target.network,
      text: target.text,
      ...refusal,
      firstAttemptAt: await targets.firstAttemptStartedAt(target.id),
      recent,
      takenBy: await targets.takenPostIds(target, [
        ...(refusal.namedId ? [refusal.namedId] : []),
        ...(recent ?? []).map((post) => post.id),
      ]),
      timeZone: await targets.planningZone(target.postId),
      now: clock.now(),
    });
    if (verdict.own) {
      return published(target, { id: verdict.id, url: addressOf(target, account, verdict.id, parent) }, 'duplicate', {
        id: attempt.id,
        ...(attempt.record.providerStatus !== undefined ? { status: attempt.record.providerStatus } : {}),
      });
    }
    return finalFailure(target, 'failed', verdict.reason, verdict.failureClass, {
      id: attempt.id,
      record: { ...attempt.record, outcome: 'rejected', errorClass: verdict.failureClass },
    });
  }

  /**
   * Something failed while sending or recording (a database refusal, a bug): counted on the
   * target, tried again after a pause with a look on the network first, and failed for good after
   * MAX_OUTCOME_ERRORS, so no target is retried for ever.
   */
  async function outcomeNotRecorded(target: ClaimedTarget, error: unknown, attemptId: number | undefined): Promise<PublishOutcome> {
    log.error({ targetId: target.id, err: error }, 'could not record what happened to a post');
    const errors = await targets.countOutcomeError(target.id, target.leaseToken);
    if (errors === undefined) return { kind: 'lost_lease' };
    const message = error instanceof Error ? error.message : String(error);
    const attempt =
      attemptId === undefined
        ? undefined
        : { id: attemptId, record: { outcome: 'error', providerResponse: message, errorClass: 'OutcomeNotRecorded' } };
    const name = networkName(target.network);
    if (errors >= MAX_OUTCOME_ERRORS) {
      return finalFailure(
        target,
        'failed',
        `Postflow could not record what happened when sending it, ${errors} times, and stopped trying. Look at your ${name} profile: if the post is not there, schedule it again.`,
        'OutcomeNotRecorded',
        attempt,
      );
    }
    return reschedule(
      target,
      new Date(clock.now().getTime() + backoffMs(errors, random)),
      `Postflow could not record what happened when sending it; checking ${name} and trying again.`,
      'OutcomeNotRecorded',
      true,
      attempt,
    );
  }

  function summarise(target: ClaimedTarget, attachments: Attachments, reconciled: boolean) {
    const files = [
      ...attachments.media,
      ...(attachments.video ? [attachments.video] : []),
      ...(attachments.document ? [attachments.document] : []),
    ];
    return {
      network: target.network,
      textLength: target.text.length,
      media: files.map((item) => ({ type: item.mimeType, bytes: item.bytes.length })),
      organization: Boolean(target.linkedinOrgId),
      afterReconcile: reconciled,
      ...(target.kind === 'post' ? {} : { kind: target.kind, position: target.position }),
    };
  }

  const accountGone = (target: ClaimedTarget) =>
    finalFailure(
      target,
      'failed',
      `The ${networkName(target.network)} account it was for is no longer connected. Connect it again, then reschedule the post.`,
      'AccountGone',
    );
  const accountNeedsReconnect = (target: ClaimedTarget, account: SocialAccountRecord) =>
    finalFailure(
      target,
      'needs_reconnect',
      `${networkName(target.network)} no longer accepts Postflow's access to ${account.username ?? account.displayName ?? 'this account'}. Reconnect the account.`,
      'AuthExpired',
    );
  const waitForLimit = (target: ClaimedTarget, limit: { windowEnd: Date; description: string }, mustReconcile: boolean) =>
    reschedule(
      target,
      new Date(limit.windowEnd.getTime() + random() * 2_000),
      `Waiting for ${limit.description}.`,
      'AccountLimit',
      mustReconcile,
    );

  type Began = { account: SocialAccountRecord; media: Attachments; article?: ArticleShare; attempt: { id: number; attemptNo: number } };

  /** The LinkedIn article share of a target with a link card, its picture fetched afresh (docs/decisions/149-link-cards.md). */
  async function articleOf(target: ClaimedTarget): Promise<ArticleShare | undefined> {
    const card = target.network === 'linkedin' ? target.linkCard : null;
    if (!card) return undefined;
    const thumbnail = card.imageUrl ? await fetchCardThumbnail(deps.linkFetch, card.imageUrl, log) : undefined;
    return { url: card.url, title: card.title, description: card.description, ...(thumbnail ? { thumbnail } : {}) };
  }

  /**
   * The usual case (a text post, nothing to look for on the network, on time): the account, its
   * rate-limit window and the attempt in one statement, with the same outcomes, in the same order,
   * as `beginStepByStep`.
   */
  async function beginAtOnce(target: ClaimedTarget, accountId: string, startedAt: Date): Promise<Began | PublishOutcome> {
    const limit = publishLimit(target.network, accountId, 0, startedAt, options.linkedInDailyCalls);
    const began = await targets.beginAttempt({
      targetId: target.id,
      leaseToken: target.leaseToken,
      accountId,
      limit,
      workerId: options.workerId,
      startedAt: clock.now(),
      leaseUntil: new Date(clock.now().getTime() + callBudget(0)),
      summary: summarise(target, { media: [] }, false),
    });
    if (!began.account) return accountGone(target);
    if (began.account.status === 'needs_reconnect') return accountNeedsReconnect(target, began.account);
    if ((began.hits ?? 0) > limit.max) return waitForLimit(target, limit, false);
    if (!began.attempt) return { kind: 'lost_lease' };
    return { account: began.account, media: { media: [] }, attempt: began.attempt };
  }

  /** Every other case: the account, a look on the network if needed, the checks, the images, then the attempt. */
  async function beginStepByStep(
    target: ClaimedTarget,
    startedAt: Date,
    mustReconcile: boolean,
    missed: boolean,
    parent: ParentPost | undefined,
  ): Promise<Began | PublishOutcome> {
    const account = target.accountId ? await createAccountsRepository(db).findById(target.accountId) : undefined;
    if (!account) return accountGone(target);
    if (account.status === 'needs_reconnect') return accountNeedsReconnect(target, account);

    if (mustReconcile) {
      const found = await lookForSentPost(target, account, parent);
      if (found) return published(target, found, 'reconciled');
    }

    if (missed) {
      return finalFailure(
        target,
        'missed',
        `It was due at ${target.scheduledAt.toISOString().replace('T', ' ').slice(0, 16)} UTC and could not be sent within ${Math.round(options.missedAfterMs / 60_000)} minutes, so it was held back rather than sent at a surprising time.`,
        'Missed',
      );
    }

    const article = await articleOf(target);
    const pictures = target.mediaIds.length + (article?.thumbnail ? 1 : 0);
    const limit = publishLimit(target.network, account.id, pictures, startedAt, options.linkedInDailyCalls);
    const used = await deps.rateLimits.hit(limit.key, limit.windowStart, limit.cost);
    if (used > limit.max) return waitForLimit(target, limit, mustReconcile);

    const media = await loadAttachments(deps.media, target);
    if (!media)
      return finalFailure(
        target,
        'failed',
        'One of its files is missing from storage. Edit the post and attach the file again.',
        'MediaMissing',
      );

    // Recorded before the call, with a lease that outlasts it; if the lease is no longer ours,
    // someone else owns the target now.
    const attempt = await targets.startAttempt({
      targetId: target.id,
      leaseToken: target.leaseToken,
      workerId: options.workerId,
      startedAt: clock.now(),
      leaseUntil: new Date(clock.now().getTime() + callBudget(pictures, largeFileBytes(media))),
      summary: summarise(target, media, mustReconcile),
    });
    if (!attempt) return { kind: 'lost_lease' };
    return { account, media, ...(article ? { article } : {}), attempt };
  }

  /**
   * The published post a part answers or a comment goes under. The claim never takes a part before
   * its parent is out (its due_at stays 'infinity' until then); one found otherwise waits again.
   */
  async function parentOf(target: ClaimedTarget): Promise<ParentPost | PublishOutcome | undefined> {
    if (target.kind === 'post') return undefined;
    const parent = await createChainRepository(db).parentOf(target.id);
    if (parent?.status === 'published' && parent.networkPostId) return { networkPostId: parent.networkPostId, url: parent.url };
    const waiting = await createChainRepository(db).waitForParent(target.id, target.leaseToken, clock.now());
    return waiting ? { kind: 'rescheduled', dueAt: new Date(8.64e15), reason: 'Waiting for the part before it.' } : { kind: 'lost_lease' };
  }

  /** One attempt at a claimed target; `opened` learns the attempt it records, for the error path. */
  async function attemptTarget(target: ClaimedTarget, opened: { attemptId?: number }): Promise<PublishOutcome> {
    const startedAt = clock.now();
    const parent = await parentOf(target);
    if (parent && 'kind' in parent) return parent;

    let mustReconcile = target.needsReconcile;
    // Whether a post already on the network may be one an earlier attempt sent.
    let mightHaveSent = target.needsReconcile;
    // Attempts are counted as they start, so a target never attempted has none to look at.
    if (target.attemptCount > 0) {
      const earlier = await targets.earlierAttempts(target.id);
      mightHaveSent ||= earlier.unfinished || earlier.sent || earlier.uncertain;
      if (earlier.unfinished) {
        // A worker died between sending and recording: the post may exist.
        await targets.closeUnfinishedAttempts(target.id, startedAt);
        mustReconcile = true;
      }
      // A worker sent it but lost its lease before recording that (its attempt is closed, the
      // target is not published): the post exists, so look for it rather than send it again.
      if (earlier.sent) mustReconcile = true;
    }

    const missed = startedAt.getTime() - target.scheduledAt.getTime() > options.missedAfterMs;
    const prepared =
      !mustReconcile && !missed && target.accountId && target.mediaIds.length === 0 && !target.linkCard
        ? await beginAtOnce(target, target.accountId, startedAt)
        : await beginStepByStep(target, startedAt, mustReconcile, missed, parent);
    if ('kind' in prepared) return prepared;
    const { account, media, article, attempt } = prepared;
    const attemptId = attempt.id;
    opened.attemptId = attemptId;

    const provider = deps.providers.get(target.network);
    let sent: PublishedPost;
    try {
      sent = await deps.vault.withAccount(account, (ref) =>
        sendTarget(
          provider,
          ref,
          target,
          {
            text: target.text,
            ...media,
            ...(article ? { article } : {}),
            ...(target.linkedinOrgId ? { organizationId: target.linkedinOrgId } : {}),
          },
          parent,
        ),
      );
    } catch (error) {
      const detail = error instanceof SocialProviderError ? error.detail : {};
      const record = (outcome: string) => ({
        outcome,
        providerStatus: detail.status,
        providerResponse: detail.body,
        errorClass: error instanceof Error ? error.name : 'Error',
      });

      const step = decideAfterFailure(toPublishFailure(error), {
        network: target.network,
        attemptNo: attempt.attemptNo,
        maxAttempts,
        now: clock.now(),
        random,
      });
      switch (step.action) {
        case 'record_duplicate':
          return settleDuplicate(
            target,
            account,
            { namedId: step.existingId, mightHaveSent },
            { id: attemptId, record: record('duplicate') },
            parent,
          );
        case 'fail':
          return finalFailure(target, step.status, step.reason, step.failureClass, { id: attemptId, record: record(step.outcome) });
        case 'reschedule':
          if (step.needsReconcile) log.warn({ targetId: target.id, err: error }, 'publish outcome unknown; will reconcile');
          return reschedule(target, step.dueAt, step.reason, step.failureClass, step.needsReconcile, {
            id: attemptId,
            record: record(step.outcome),
          });
      }
    }
    return published(target, { id: sent.id, url: addressOf(target, account, sent.id, parent) }, 'sent', { id: attemptId, status: 201 });
  }

  async function runOne(target: ClaimedTarget): Promise<PublishOutcome> {
    const opened: { attemptId?: number } = {};
    try {
      return await attemptTarget(target, opened);
    } catch (error) {
      return outcomeNotRecorded(target, error, opened.attemptId);
    }
  }

  /**
   * A thread's next part goes out the moment its parent is out, from this worker, rather than at
   * the next poll (docs/decisions/155-threads.md). Another worker's poll may claim it first; either
   * way one claim wins, and the part is sent once.
   */
  async function runChain(target: ClaimedTarget): Promise<PublishOutcome> {
    const outcome = await runOne(target);
    if (outcome.kind !== 'published' || !outcome.released) return outcome;
    for (const id of outcome.released) {
      try {
        const next = await targets.claimOne({ targetId: id, workerId: options.workerId, now: clock.now(), leaseMs: CHAIN_CLAIM_LEASE_MS });
        if (next) await runChain(next);
      } catch (error) {
        log.warn({ targetId: id, err: error }, 'could not send the next part at once; the dispatcher will');
      }
    }
    return outcome;
  }

  return {
    /** Removes the backstops of targets finished so far now rather than with the next batch (a worker stopping). */
    settle: () => backstops.sweep(),
    run: runChain,
  };
}
export type Publisher = ReturnType<typeof createPublisher>;
