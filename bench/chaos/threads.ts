// The chaos run's threads (docs/decisions/155-threads.md): X threads of 3 to 8 parts under the
// same kills, faults and database restart as single posts. Every thread must end with each part on
// the sandbox exactly once, answering the part before it, or as a partially published thread whose
// unsent parts say why.
import { randomBytes, randomUUID } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import type { Database } from '../../apps/server/src/db/client';
import { BACKSTOP_DELAY_MS, publishTargetJob } from '../../apps/server/src/modules/publishing/publish-target.job';
import { stableUuid } from '../../apps/server/src/lib/stable-id';
import type { Account, SandboxProcess } from '../lib/fleet';

export interface PlannedThread {
  /** The head's id (part 1); parts follow in `partIds`. */
  partIds: string[];
  texts: string[];
  account: Account;
  at: Date;
}

/** A chaos thread's length: 3 to 8 parts. */
const threeToEight = () => 3 + Math.floor(Math.random() * 6);

/** `count` threads (of 3 to 8 parts unless `partsOf` says), round-robin over the accounts, with texts that say which thread and part they are. */
export function planThreads(accounts: Account[], instants: Date[], tag: string, partsOf: () => number = threeToEight): PlannedThread[] {
  return instants.map((at, i) => {
    const length = partsOf();
    const nonce = randomBytes(3).toString('hex');
    return {
      partIds: Array.from({ length }, () => randomUUID()),
      texts: Array.from({ length }, (_, k) => `Postflow thread ${tag} t${i} ${nonce} ${k + 1}/${length}`),
      account: accounts[i % accounts.length] as Account,
      at,
    };
  });
}

/**
 * Stores each thread as composing does (posts.service.ts, thread-compose.ts): the head scheduled
 * at its instant with its backstop job, each later part answering the one before and waiting
 * (due_at 'infinity') until it is out.
 */
export async function insertThreads(db: Database, boss: PgBoss, threads: PlannedThread[]): Promise<void> {
  const rows = threads.flatMap((thread) => {
    const postId = randomUUID();
    return thread.partIds.map((id, k) => ({
      id,
      postId,
      workspaceId: thread.account.userId,
      accountId: thread.account.accountId,
      text: thread.texts[k] as string,
      at: thread.at,
      kind: k === 0 ? 'post' : 'part',
      head: k === 0 ? null : thread.partIds[0],
      parent: k === 0 ? null : thread.partIds[k - 1],
      position: k + 1,
    }));
  });
  const heads = rows.filter((row) => row.kind === 'post');
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO posts (id, workspace_id, original_text, time_zone) SELECT id, workspace_id, text, 'UTC' FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS p(id, workspace_id, text)`,
      [heads.map((row) => row.postId), heads.map((row) => row.workspaceId), heads.map((row) => row.text)],
    );
    // In part order, so each part's parent exists when it is written.
    await tx.query(
      `INSERT INTO post_targets (id, post_id, workspace_id, account_id, network, text, scheduled_at, due_at, status, kind, head_target_id, parent_target_id, position)
       SELECT id, post_id, workspace_id, account_id, 'x', text, at, CASE WHEN kind = 'post' THEN at ELSE 'infinity' END, 'scheduled', kind, head, parent, position
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::timestamptz[], $7::text[], $8::uuid[], $9::uuid[], $10::int[])
         WITH ORDINALITY AS t(id, post_id, workspace_id, account_id, text, at, kind, head, parent, position, n)
       ORDER BY position, n`,
      [
        rows.map((row) => row.id),
        rows.map((row) => row.postId),
        rows.map((row) => row.workspaceId),
        rows.map((row) => row.accountId),
        rows.map((row) => row.text),
        rows.map((row) => row.at),
        rows.map((row) => row.kind),
        rows.map((row) => row.head),
        rows.map((row) => row.parent),
        rows.map((row) => row.position),
      ],
    );
  });
  await boss.insert(
    publishTargetJob.name,
    heads.map((row) => ({
      id: stableUuid('publish-target', row.id, row.at.toISOString()),
      data: { targetId: row.id },
      startAfter: new Date(row.at.getTime() + BACKSTOP_DELAY_MS),
    })),
  );
}

/** Where a part may rest: out, failed for good, or unsent after an earlier part failed. */
export const THREAD_FINAL_STATUSES = ['published', 'failed', 'needs_reconnect', 'missed', 'unsent'];

interface PartRow {
  id: string;
  status: string;
  networkPostId: string | null;
  failureReason: string | null;
  partiallyPublished: boolean;
}

interface SandboxReply {
  id: string;
  text: string;
  replyToId: string | null;
  receivedAt: string;
  deleted: boolean;
}

/**
 * What the run found: `duplicatedParts` (a part on the sandbox more than once) and `brokenChains`
 * (a thread with a part out whose parent is not the part before it, a part out while the part
 * before it is not, or a part marked published that the sandbox does not have) must both be 0.
 */
export async function checkThreads(db: Database, sandbox: SandboxProcess, threads: PlannedThread[]) {
  const ids = threads.flatMap((thread) => thread.partIds);
  const { rows } = await db.query<PartRow & { id: string }>(
    `SELECT id, status, network_post_id AS "networkPostId", failure_reason AS "failureReason", partially_published AS "partiallyPublished"
     FROM post_targets WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const posts = (await sandbox.admin<{ posts: SandboxReply[] }>('GET', '/_sandbox/x/posts')).posts.filter((post) => !post.deleted);
  const byText = new Map<string, SandboxReply[]>();
  for (const post of posts) byText.set(post.text, [...(byText.get(post.text) ?? []), post]);

  const tally = {
    threads: threads.length,
    parts: ids.length,
    complete: 0,
    partiallyPublished: 0,
    partiallyPublishedWithReasons: 0,
    failedBeforeAnyPart: 0,
    duplicatedParts: 0,
    brokenChains: 0,
    notSettled: 0,
    unsentWithoutReason: 0,
    failedButPosted: 0,
  };
  const problems: string[] = [];
  for (const thread of threads) {
    const parts = thread.partIds.map((id) => byId.get(id));
    const onNetwork = thread.texts.map((text) => byText.get(text) ?? []);
    let broken = false;
    for (const [k, found] of onNetwork.entries()) {
      if (found.length <= 1) continue;
      tally.duplicatedParts += 1;
      const { rows: attempts } = await db.query<{ n: number; worker: string; started: Date; outcome: string | null; summary: object }>(
        `SELECT attempt_no AS n, worker_id AS worker, started_at AS started, outcome, request_summary AS summary
         FROM publish_attempts WHERE target_id = $1 ORDER BY attempt_no`,
        [thread.partIds[k]],
      );
      problems.push(
        `duplicated part: ${thread.partIds[k]} (${thread.texts[k]}) is on the sandbox ${found.length} times: ${JSON.stringify(
          found.map((post) => [post.id, post.replyToId, post.receivedAt]),
        )}; recorded ${byId.get(thread.partIds[k] as string)?.networkPostId}; attempts ${JSON.stringify(attempts)}`,
      );
    }
    if (parts.some((part) => !part || !THREAD_FINAL_STATUSES.includes(part.status))) {
      tally.notSettled += 1;
      problems.push(`thread ${thread.partIds[0]} did not settle: ${parts.map((part) => part?.status ?? 'missing').join(', ')}`);
      continue;
    }
    parts.forEach((part, k) => {
      const found = onNetwork[k] as SandboxReply[];
      // The part before it, as recorded: what this one must answer.
      const parentId = k === 0 ? null : (parts[k - 1]?.networkPostId ?? undefined);
      if (part?.status === 'published') {
        const mine = found.find((post) => post.id === part.networkPostId);
        if (!mine) broken = true;
        else if ((mine.replyToId ?? null) !== parentId) broken = true;
        if (k > 0 && parts[k - 1]?.status !== 'published') broken = true;
      } else if (found.length > 0) {
        tally.failedButPosted += 1;
        problems.push(`part ${thread.partIds[k]} is ${part?.status} but on the sandbox`);
      }
      if (part?.status === 'unsent' && !part.failureReason) tally.unsentWithoutReason += 1;
    });
    if (broken) {
      tally.brokenChains += 1;
      problems.push(`broken chain: thread ${thread.partIds[0]}`);
    }
    const out = parts.filter((part) => part?.status === 'published').length;
    if (out === parts.length) tally.complete += 1;
    else if (out === 0) tally.failedBeforeAnyPart += 1;
    else {
      tally.partiallyPublished += 1;
      const head = parts[0] as PartRow;
      const unsent = parts.filter((part) => part?.status === 'unsent');
      if (head.partiallyPublished && unsent.every((part) => part?.failureReason?.startsWith('Not sent: part ')))
        tally.partiallyPublishedWithReasons += 1;
      else problems.push(`partially published without reasons: thread ${thread.partIds[0]}`);
    }
  }
  const ok =
    tally.duplicatedParts === 0 &&
    tally.brokenChains === 0 &&
    tally.notSettled === 0 &&
    tally.unsentWithoutReason === 0 &&
    tally.failedButPosted === 0 &&
    tally.partiallyPublishedWithReasons === tally.partiallyPublished;
  return { ok, tally, problems };
}
