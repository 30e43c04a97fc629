// Queue benchmark (issue 20, point 4): 200 people (or tabs) adding a post to one account's queue at
// the same moment. Every add must get its own slot, and together they must fill the first 200 slots
// with none skipped; the latency of each add is reported (p99), against the same 200 posts scheduled
// at explicit, distinct times in the same run (the work without the queue's lock and slot search).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAccountsRepository } from '../../apps/server/src/modules/accounts/accounts.repository';
import { createSecretBox } from '../../apps/server/src/lib/secret-box';
import { slotInstants } from '../../apps/server/src/modules/queue/slot-rules';
import type { Slot } from '@postflow/contract';
import { distribution, log, machine, printResult, round, runMain, startApiProcess, tail, type Child } from '../lib/common';
import { startDatabase } from '../lib/database';

const ADDS = Number(process.env.BENCH_QUEUE_ADDS ?? 200);
// Mon–Fri at 09:00, 12:30 and 17:30 in Berlin: 15 slots a week, so 200 adds reach some 14 weeks ahead.
const SLOTS: Slot[] = (['mon', 'tue', 'wed', 'thu', 'fri'] as const).flatMap((day) =>
  ['09:00', '12:30', '17:30'].map((time) => ({ day, time })),
);

async function main() {
  const started = Date.now();
  const loadAtStart = os.loadavg().map((value) => round(value, 2));
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'postflow-bench-queue-'));
  const database = await startDatabase('queue');
  const secretKey = randomBytes(32).toString('hex');
  let app: Child | undefined;
  try {
    const launched = await startApiProcess({ databaseUrl: database.connectionString, workDir, secretKey });
    app = launched.app;
    const base = launched.base;
    const register = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Queue person', email: `${randomUUID().slice(0, 12)}@example.com`, password: 'a long enough password' }),
    });
    if (register.status !== 201) throw new Error(`register: ${register.status} ${await register.text()}\n${tail(app.logFile, 10)}`);
    const { token, user } = (await register.json()) as { token: string; user: { id: string } };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // An account row is all composing needs: posts weeks ahead are only stored.
    const secretBox = createSecretBox(Buffer.from(secretKey, 'hex'));
    const accountId = randomUUID();
    await createAccountsRepository(database.db).insert({
      id: accountId,
      workspaceId: user.id,
      network: 'x',
      networkUserId: 'bench-queue',
      isSandbox: true,
      username: 'queue_bench',
      displayName: 'Queue bench',
      avatarUrl: null,
      tokens: {
        accessTokenEnc: secretBox.seal('unused', `social_accounts:${accountId}:access`),
        refreshTokenEnc: null,
        accessExpiresAt: new Date(Date.now() + 86_400_000),
        refreshExpiresAt: null,
        scopes: [],
      },
    });
    const slots = await fetch(`${base}/api/v1/accounts/${accountId}/slots`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ timeZone: 'Europe/Berlin', slots: SLOTS }),
    });
    if (slots.status !== 200) throw new Error(`slots: ${slots.status} ${await slots.text()}`);

    /** `count` posts at once; answers each one's latency, status and chosen instant. */
    const burst = async (count: number, body: (index: number) => object) => {
      const results = await Promise.all(
        Array.from({ length: count }, async (_, index) => {
          const at = performance.now();
          const response = await fetch(`${base}/posts`, { method: 'POST', headers, body: JSON.stringify(body(index)) });
          const answer = (await response.json()) as { scheduleTime?: string };
          return { ms: performance.now() - at, status: response.status, instant: answer.scheduleTime };
        }),
      );
      const statuses: Record<string, number> = {};
      for (const result of results) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
      return { latency: distribution(results.map((result) => result.ms)), statuses, instants: results.map((result) => result.instant) };
    };

    // Warm-up: the first statements of each kind are planned and prepared.
    await burst(5, (index) => ({
      text: `Warm-up ${index}`,
      platforms: ['x'],
      scheduledFor: new Date(Date.now() + 86_400_000 * (400 + index)).toISOString(),
    }));
    await database.db.query('DELETE FROM post_targets');

    log(`baseline: ${ADDS} posts at explicit, distinct times, all at once`);
    const explicitStarted = performance.now();
    const explicit = await burst(ADDS, (index) => ({
      text: `Scheduled ${index}`,
      platforms: ['x'],
      scheduledFor: new Date(Date.now() + 86_400_000 * 200 + index * 60_000).toISOString(),
    }));
    const explicitSeconds = (performance.now() - explicitStarted) / 1000;
    log(`baseline: ${JSON.stringify(explicit.latency)} ${JSON.stringify(explicit.statuses)}`);
    // The baseline's posts are months after every slot the adds can reach, so they take none of them.

    log(`${ADDS} adds to one account's queue, all at once`);
    const queueStarted = performance.now();
    const queueStartedAt = new Date();
    const queued = await burst(ADDS, (index) => ({ text: `Queued ${index}`, platforms: ['x'], queue: true }));
    const queueSeconds = (performance.now() - queueStarted) / 1000;
    log(`queue: ${JSON.stringify(queued.latency)} ${JSON.stringify(queued.statuses)}`);

    const chosen = queued.instants.filter((instant): instant is string => Boolean(instant));
    const distinct = new Set(chosen).size;
    // The first ADDS slots from now, as the database holds them: the adds must be exactly those.
    const { rows } = await database.db.query<{ at: Date }>(
      `SELECT scheduled_at AS at FROM post_targets WHERE account_id = $1 AND queued ORDER BY scheduled_at`,
      [accountId],
    );
    const last = rows[rows.length - 1]?.at;
    const expected = slotInstants(SLOTS, 'Europe/Berlin', queueStartedAt, new Date(queueStartedAt.getTime() + 366 * 86_400_000))
      .slice(0, ADDS)
      .map((slot) => slot.at.getTime());
    const gapless = rows.length === ADDS && rows.every((row, index) => row.at.getTime() === expected[index]);
    const weeks = last ? round((last.getTime() - Date.now()) / (7 * 86_400_000), 1) : 0;
    printResult({
      bench: 'queue',
      postgres: `${database.version} (${database.kind})`,
      machine: machine(),
      config: { adds: ADDS, slotsPerWeek: SLOTS.length, timeZone: 'Europe/Berlin' },
      queue: {
        latency: queued.latency,
        statuses: queued.statuses,
        seconds: round(queueSeconds, 2),
        addsPerSecond: round(ADDS / queueSeconds, 0),
      },
      explicit: {
        latency: explicit.latency,
        statuses: explicit.statuses,
        seconds: round(explicitSeconds, 2),
        postsPerSecond: round(ADDS / explicitSeconds, 0),
      },
      distinctSlots: distinct,
      firstSlotsInOrder: gapless,
      weeksAhead: weeks,
      goal: `all ${ADDS} adds answered 201 with distinct slots; p99 reported`,
      met: queued.statuses['201'] === ADDS && distinct === ADDS && gapless,
      loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((value) => round(value, 2)) },
      seconds: round((Date.now() - started) / 1000, 0),
    });
  } finally {
    await app?.stop();
    await database.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

runMain(main);
