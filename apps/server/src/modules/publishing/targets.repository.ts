import type { LinkCard, Network } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import { SOCIAL_ACCOUNT_COLUMNS, type SocialAccountRecord } from '../accounts/accounts.repository';

export type TargetStatus =
  | 'scheduled'
  | 'publishing'
  | 'published'
  | 'failed'
  | 'needs_reconnect'
  | 'missed'
  /** Waiting for an owner or admin (decision 130); never claimed. */
  | 'pending_approval'
  | 'rejected'
  /** A thread part (or first comment) after one that failed for good; waits for "Retry from part k" (decision 155). */
  | 'unsent';

/** A head (a post, or a thread's first part), a thread's later part, or a LinkedIn first comment (docs/decisions/155-threads.md). */
export type TargetKind = 'post' | 'part' | 'comment';

/** A target's engagements (likes, comments and shares), as SQL over `post_targets t`; every figure counts them this way. */
export const TARGET_ENGAGEMENTS = '(t.likes_count + t.comments_count + t.shares_count)';

/** A target as the publisher needs it, with the lease it holds. */
export interface ClaimedTarget {
  id: string;
  postId: string;
  workspaceId: string;
  accountId: string | null;
  network: Network;
  linkedinOrgId: string | null;
  text: string;
  mediaIds: string[];
  /** Alt texts in the order of `mediaIds` ('' for none); may be shorter (targets from before migration 0035). */
  mediaAlts: string[];
  /** A document post's title (LinkedIn). */
  mediaTitle: string | null;
  scheduledAt: Date;
  dueAt: Date;
  attemptCount: number;
  needsReconcile: boolean;
  leaseOwner: string;
  leaseToken: string;
  leaseUntil: Date;
  /** LinkedIn: the card it goes out with as an article share (docs/decisions/149-link-cards.md). */
  linkCard: LinkCard | null;
  kind: TargetKind;
  /** A part's or comment's head (part 1, or the LinkedIn post); null for a head. */
  headTargetId: string | null;
  /** The target it answers (part k − 1) or comments on; null for a head. */
  parentTargetId: string | null;
  /** k for part k; 1 for a head and a comment. */
  position: number;
}

const claimedColumns = `id, post_id AS "postId", workspace_id AS "workspaceId", account_id AS "accountId", network,
  linkedin_org_id AS "linkedinOrgId", text, media_ids AS "mediaIds", media_alts AS "mediaAlts", media_title AS "mediaTitle",
  scheduled_at AS "scheduledAt", due_at AS "dueAt", attempt_count AS "attemptCount", needs_reconcile AS "needsReconcile", lease_owner AS "leaseOwner",
  lease_token AS "leaseToken", lease_until AS "leaseUntil", link_card AS "linkCard", kind, head_target_id AS "headTargetId",
  parent_target_id AS "parentTargetId", position`;

export interface AttemptRecord {
  outcome: string;
  providerStatus?: number | undefined;
  providerResponse?: string | undefined;
  errorClass?: string | undefined;
}

/** How an attempt ended, written by the same statement as the outcome it led to. */
export interface FinishedAttempt extends AttemptRecord {
  attemptId: number;
  finishedAt: Date;
}

/**
 * The outcome statements below close the attempt in a data-modifying CTE, so an outcome costs one
 * round trip: on this kind of machine each one is a syscall pair that costs more than the SQL. The
 * attempt travels as one JSON value so that every statement takes it in the same way; without one,
 * `jsonb_to_record(NULL)` matches no attempt.
 */
const finishAttempt = (param: number) => `finished AS (
  UPDATE publish_attempts a SET finished_at = f.finished_at, outcome = f.outcome, provider_status = f.provider_status,
    provider_response = left(f.provider_response, 2000), error_class = f.error_class
  FROM jsonb_to_record($${param}::jsonb) AS f(attempt_id bigint, finished_at timestamptz, outcome text, provider_status integer, provider_response text, error_class text)
  WHERE a.id = f.attempt_id
)`;

const attemptJson = (finished: FinishedAttempt | undefined) =>
  finished
    ? JSON.stringify({
        attempt_id: finished.attemptId,
        finished_at: finished.finishedAt.toISOString(),
        outcome: finished.outcome,
        provider_status: finished.providerStatus ?? null,
        provider_response: finished.providerResponse ?? null,
        error_class: finished.errorClass ?? null,
      })
    : null;

export function createTargetsRepository(db: Queryable) {
  return {
    /** Who wrote the post a target belongs to (null when that person has since left Postflow). */
    async authorOf(postId: string): Promise<string | null> {
      const { rows } = await db.query<{ createdBy: string | null }>('SELECT created_by AS "createdBy" FROM posts WHERE id = $1', [postId]);
      return rows[0]?.createdBy ?? null;
    },

    /**
     * Claims targets due before `horizon` (and any whose lease ran out) for `workerId`, in one
     * UPDATE guarded by their status, so no two workers ever hold the same target. Candidates are
     * ordered by due time and, within a burst, round-robin across accounts (each account's first
     * target before anyone's second), so one busy account cannot starve the others.
     */
    async claimDue(options: { workerId: string; now: Date; horizon: Date; leaseMs: number; limit: number }): Promise<ClaimedTarget[]> {
      const { rows } = await db.query<ClaimedTarget>(
        `WITH candidates AS (
           SELECT id FROM (
             SELECT id, due_at, row_number() OVER (PARTITION BY account_id ORDER BY due_at) AS turn
             FROM post_targets WHERE status = 'scheduled' AND due_at <= $3
             UNION ALL
             SELECT id, due_at, 1 FROM post_targets WHERE status = 'publishing' AND lease_until < $2
           ) due ORDER BY date_trunc('second', due_at), turn, due_at LIMIT $5
         )
         UPDATE post_targets t
         SET status = 'publishing', lease_owner = $1, lease_token = gen_random_uuid(),
             lease_until = greatest(t.due_at, $2::timestamptz) + make_interval(secs => $4::double precision / 1000),
             updated_at = $2
         FROM candidates c
         WHERE t.id = c.id
           AND ((t.status = 'scheduled' AND t.due_at <= $3) OR (t.status = 'publishing' AND t.lease_until < $2))
         RETURNING t.${claimedColumns}`,
        [options.workerId, options.now, options.horizon, options.leaseMs, options.limit],
      );
      return rows;
    },

    /** The backstop job's claim of one target that is due now (or whose lease ran out). */
    async claimOne(options: { targetId: string; workerId: string; now: Date; leaseMs: number }): Promise<ClaimedTarget | undefined> {
      const { rows } = await db.query<ClaimedTarget>(
        `UPDATE post_targets
         SET status = 'publishing', lease_owner = $2, lease_token = gen_random_uuid(), lease_until = $3::timestamptz + make_interval(secs => $4::double precision / 1000),
             updated_at = $3
         WHERE id = $1
           AND ((status = 'scheduled' AND due_at <= $3::timestamptz + interval '1 second') OR (status = 'publishing' AND lease_until < $3))
         RETURNING ${claimedColumns}`,
        [options.targetId, options.workerId, options.now, options.leaseMs],
      );
      return rows[0];
    },

    async statusOf(targetId: string): Promise<{ status: TargetStatus; dueAt: Date } | undefined> {
      const { rows } = await db.query<{ status: TargetStatus; dueAt: Date }>(
        'SELECT status, due_at AS "dueAt" FROM post_targets WHERE id = $1',
        [targetId],
      );
      return rows[0];
    },

    /** Gives a claimed but unsent target back (a worker stopping before its instant). */
    async release(targetId: string, leaseToken: string, now: Date): Promise<void> {
      await db.query(
        `UPDATE post_targets SET status = 'scheduled', lease_owner = NULL, lease_token = NULL, lease_until = NULL, updated_at = $3
         WHERE id = $1 AND lease_token = $2 AND status = 'publishing'`,
        [targetId, leaseToken, now],
      );
    },

    /**
     * Records that a call is about to leave, numbering it after every earlier attempt and counting
     * it on the target in the same statement; fenced by the lease (undefined when it was lost).
     */
    async startAttempt(attempt: {
      targetId: string;
      leaseToken: string;
      workerId: string;
      startedAt: Date;
      /** The lease is extended to cover the call, in the same statement. */
      leaseUntil: Date;
      summary: object;
    }): Promise<{ id: number; attemptNo: number } | undefined> {
      const { rows } = await db.query<{ id: number; attemptNo: number }>(
        `WITH counted AS (
           UPDATE post_targets SET attempt_count = attempt_count + 1, lease_until = $6
           WHERE id = $1 AND lease_token = $2 AND status = 'publishing'
           RETURNING attempt_count
         )
         INSERT INTO publish_attempts (target_id, attempt_no, worker_id, started_at, request_summary)
         SELECT $1, greatest(counted.attempt_count, coalesce((SELECT max(attempt_no) + 1 FROM publish_attempts WHERE target_id = $1), 1)),
           $3, $4, $5
         FROM counted
         RETURNING id, attempt_no AS "attemptNo"`,
        [attempt.targetId, attempt.leaseToken, attempt.workerId, attempt.startedAt, JSON.stringify(attempt.summary), attempt.leaseUntil],
      );
      return rows[0];
    },

    /**
     * `startAttempt` for a target with nothing to look up first (no reconcile, no image), with the
     * two reads and writes that precede it, in one round trip (the publishing hot path: on this kind
     * of machine a round trip costs more CPU than the SQL): reads the account; unless it is gone or
     * needs reconnecting, charges its rate-limit window; and only if the window has room, records
     * the attempt as `startAttempt` does. The answer says how far it got.
     */
    async beginAttempt(attempt: {
      targetId: string;
      leaseToken: string;
      accountId: string;
      limit: { key: string; windowStart: Date; cost: number; max: number };
      workerId: string;
      startedAt: Date;
      leaseUntil: Date;
      summary: object;
    }): Promise<{
      account: SocialAccountRecord | undefined;
      hits: number | undefined;
      attempt: { id: number; attemptNo: number } | undefined;
    }> {
      const { rows } = await db.query<SocialAccountRecord & { hits: number | null; attemptId: number | null; attemptNo: number | null }>(
        `WITH account AS (
           SELECT ${SOCIAL_ACCOUNT_COLUMNS} FROM social_accounts WHERE id = $7
         ),
         hit AS (
           INSERT INTO rate_limit_counters (key, window_start, hits)
           SELECT $8::text, $9::timestamptz, $10::int FROM account WHERE account.status <> 'needs_reconnect'
           ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + EXCLUDED.hits
           RETURNING hits
         ),
         counted AS (
           UPDATE post_targets SET attempt_count = attempt_count + 1, lease_until = $6
           WHERE id = $1 AND lease_token = $2 AND status = 'publishing' AND (SELECT hits FROM hit) <= $11::int
           RETURNING attempt_count
         ),
         started AS (
           INSERT INTO publish_attempts (target_id, attempt_no, worker_id, started_at, request_summary)
           SELECT $1, greatest(counted.attempt_count, coalesce((SELECT max(attempt_no) + 1 FROM publish_attempts WHERE target_id = $1), 1)),
             $3, $4, $5
           FROM counted
           RETURNING id, attempt_no
         )
         SELECT account.*, hit.hits, started.id AS "attemptId", started.attempt_no AS "attemptNo"
         FROM (SELECT 1) AS one LEFT JOIN account ON true LEFT JOIN hit ON true LEFT JOIN started ON true`,
        [
          attempt.targetId,
          attempt.leaseToken,
          attempt.workerId,
          attempt.startedAt,
          JSON.stringify(attempt.summary),
          attempt.leaseUntil,
          attempt.accountId,
          attempt.limit.key,
          attempt.limit.windowStart,
          attempt.limit.cost,
          attempt.limit.max,
        ],
      );
      const row = rows[0];
      if (!row?.id) return { account: undefined, hits: undefined, attempt: undefined };
      const { hits, attemptId, attemptNo, ...account } = row;
      return {
        account,
        hits: hits ?? undefined,
        attempt: attemptId !== null && attemptNo !== null ? { id: attemptId, attemptNo } : undefined,
      };
    },

    /**
     * What earlier attempts on this target say, in one query: `unfinished`, an attempt that started
     * and never recorded how it ended (a crash mid-call); `sent`, an attempt that ended with the
     * post on the network (published, duplicate, reconciled) although the target, being claimed
     * again, is not published: its worker lost the lease before it could record the outcome;
     * `uncertain`, an attempt whose answer was lost (the post may exist).
     */
    async earlierAttempts(targetId: string): Promise<{ unfinished: boolean; sent: boolean; uncertain: boolean }> {
      const { rows } = await db.query<{ unfinished: boolean; sent: boolean; uncertain: boolean }>(
        `SELECT coalesce(bool_or(finished_at IS NULL), false) AS unfinished,
           coalesce(bool_or(outcome IN ('published', 'duplicate', 'reconciled')), false) AS sent,
           coalesce(bool_or(outcome IN ('outcome_unknown', 'error')), false) AS uncertain
         FROM publish_attempts WHERE target_id = $1`,
        [targetId],
      );
      return rows[0] ?? { unfinished: false, sent: false, uncertain: false };
    },

    /** Which of these network posts are another of the person's targets, with when each went out. */
    async takenPostIds(
      target: { id: string; workspaceId: string; network: Network },
      postIds: string[],
    ): Promise<Map<string, Date | null>> {
      if (postIds.length === 0) return new Map();
      const { rows } = await db.query<{ postId: string; publishedAt: Date | null }>(
        `SELECT network_post_id AS "postId", published_at AS "publishedAt" FROM post_targets
         WHERE workspace_id = $1 AND network = $2 AND network_post_id = ANY($3::text[]) AND id <> $4`,
        [target.workspaceId, target.network, postIds, target.id],
      );
      return new Map(rows.map((row) => [row.postId, row.publishedAt]));
    },

    /** The zone the person planned the post in, to speak of times in it. */
    async planningZone(postId: string): Promise<string> {
      const { rows } = await db.query<{ timeZone: string }>('SELECT time_zone AS "timeZone" FROM posts WHERE id = $1', [postId]);
      return rows[0]?.timeZone ?? 'UTC';
    },

    /** Counts a failure to record an outcome, under the lease; undefined when the lease was lost. */
    async countOutcomeError(targetId: string, leaseToken: string): Promise<number | undefined> {
      const { rows } = await db.query<{ errors: number }>(
        `UPDATE post_targets SET outcome_errors = outcome_errors + 1
         WHERE id = $1 AND lease_token = $2 AND status = 'publishing' RETURNING outcome_errors AS errors`,
        [targetId, leaseToken],
      );
      return rows[0]?.errors;
    },

    /**
     * Closes attempts a crashed worker left open, so the log shows what happened to them, and
     * marks the target as needing a look on the network in the same statement: once the open
     * attempt is closed, that mark is all that tells a worker taking over from us (if we stall past
     * our lease while looking) that the post may exist.
     */
    async closeUnfinishedAttempts(targetId: string, finishedAt: Date): Promise<void> {
      await db.query(
        `WITH closed AS (
           UPDATE publish_attempts SET finished_at = $2, outcome = 'outcome_unknown', error_class = 'WorkerLost'
           WHERE target_id = $1 AND finished_at IS NULL
           RETURNING 1
         )
         UPDATE post_targets SET needs_reconcile = true WHERE id = $1 AND EXISTS (SELECT 1 FROM closed)`,
        [targetId, finishedAt],
      );
    },

    async firstAttemptStartedAt(targetId: string): Promise<Date | undefined> {
      const { rows } = await db.query<{ startedAt: Date | null }>(
        'SELECT min(started_at) AS "startedAt" FROM publish_attempts WHERE target_id = $1',
        [targetId],
      );
      return rows[0]?.startedAt ?? undefined;
    },

    /**
     * Each outcome write is fenced by the lease: a worker that lost its lease changes nothing on the
     * target (its attempt is still closed, as it did end).
     */
    async markPublished(
      targetId: string,
      leaseToken: string,
      published: { postId: string; url: string; publishedAt: Date; label: string },
      finished?: FinishedAttempt,
    ): Promise<{ owned: boolean; released: string[] }> {
      // The workspace's activity entry (Postflow published "…" on X) is written by this same
      // statement: no round trip more on the hot path, and no entry unless the status changed
      // (docs/decisions/131-activity-log.md). The handle is the account's as it is now, as
      // `accountLabel` names it.
      const { rows } = await db.query<{ released: string[] }>(
        `WITH ${finishAttempt(6)},
         done AS (
           UPDATE post_targets SET status = 'published', network_post_id = NULLIF($3, ''), network_post_url = $4, published_at = $5,
             lease_owner = NULL, lease_token = NULL, lease_until = NULL, needs_reconcile = false,
             failure_reason = NULL, failure_class = NULL, updated_at = $5
           WHERE id = $1 AND lease_token = $2 AND status = 'publishing'
           RETURNING id, workspace_id, post_id, network, account_id, kind
         ),
         -- The next part of a thread (or the post's first comment) waited with due_at 'infinity'
         -- for this one: it is due now, its time measured from here (docs/decisions/155-threads.md).
         released AS (
           UPDATE post_targets c SET due_at = $5, scheduled_at = $5, updated_at = $5
           FROM done d WHERE c.parent_target_id = d.id AND c.status = 'scheduled'
           RETURNING c.id
         ),
         logged AS (
           INSERT INTO workspace_activity (workspace_id, actor_id, action, subject_type, subject_id, summary, created_at)
           SELECT d.workspace_id, NULL, 'post.published', 'post', d.post_id,
             jsonb_strip_nulls(jsonb_build_object('label', $7::text, 'networks', jsonb_build_array(d.network), 'url', NULLIF($4::text, ''),
               'handle', coalesce('@' || a.username, a.display_name))),
             $5
           FROM done d LEFT JOIN social_accounts a ON a.id = d.account_id
           -- A thread is one entry: its later parts and comment go out without one of their own.
           WHERE d.kind = 'post'
         )
         SELECT coalesce((SELECT array_agg(id) FROM released), '{}') AS released FROM done`,
        [targetId, leaseToken, published.postId, published.url, published.publishedAt, attemptJson(finished), published.label],
      );
      const row = rows[0];
      return { owned: Boolean(row), released: row?.released ?? [] };
    },

    async reschedule(
      targetId: string,
      leaseToken: string,
      next: { dueAt: Date; needsReconcile: boolean; reason: string; failureClass: string; now: Date },
      finished?: FinishedAttempt,
    ): Promise<boolean> {
      const { rowCount } = await db.query(
        `WITH ${finishAttempt(8)}
         UPDATE post_targets SET status = 'scheduled', due_at = $3, needs_reconcile = $4,
           failure_reason = $5, failure_class = $6, lease_owner = NULL, lease_token = NULL, lease_until = NULL, updated_at = $7
         WHERE id = $1 AND lease_token = $2 AND status = 'publishing'`,
        [targetId, leaseToken, next.dueAt, next.needsReconcile, next.reason, next.failureClass, next.now, attemptJson(finished)],
      );
      return (rowCount ?? 0) > 0;
    },

    async markFinalFailure(
      targetId: string,
      leaseToken: string,
      failure: { status: 'failed' | 'needs_reconnect' | 'missed'; reason: string; failureClass: string; now: Date },
      finished?: FinishedAttempt,
    ): Promise<boolean> {
      const { rowCount } = await db.query(
        `WITH ${finishAttempt(7)}
         UPDATE post_targets SET status = $3, failure_reason = $4, failure_class = $5,
           lease_owner = NULL, lease_token = NULL, lease_until = NULL, needs_reconcile = false, updated_at = $6
         WHERE id = $1 AND lease_token = $2 AND status = 'publishing'`,
        [targetId, leaseToken, failure.status, failure.reason, failure.failureClass, failure.now, attemptJson(finished)],
      );
      return (rowCount ?? 0) > 0;
    },
  };
}
export type TargetsRepository = ReturnType<typeof createTargetsRepository>;
