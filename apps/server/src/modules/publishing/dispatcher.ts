import pg from 'pg';
import type { Database } from '../../db/client';
import type { Log } from '../../lib/logger';
import type { Clock } from '../../lib/clock';
import type { Publisher } from './publisher';
import { createTargetsRepository, type ClaimedTarget } from './targets.repository';

export const DISPATCH_CHANNEL = 'postflow_dispatch';
/** How often the dispatcher claims what is due when no NOTIFY woke it. */
export const DISPATCH_POLL_MS = 500;

/**
 * Targets due at the same instant, interleaved across accounts (one of each account's, then the
 * next of each), so timers that fire together serve every account before any account twice.
 */
export function fairOrder(targets: ClaimedTarget[]): ClaimedTarget[] {
  const byInstant = new Map<number, Map<string, ClaimedTarget[]>>();
  for (const target of targets) {
    const instant = target.dueAt.getTime();
    const accounts = byInstant.get(instant) ?? new Map<string, ClaimedTarget[]>();
    const queue = accounts.get(target.accountId ?? target.id) ?? [];
    queue.push(target);
    accounts.set(target.accountId ?? target.id, queue);
    byInstant.set(instant, accounts);
  }
  const ordered: ClaimedTarget[] = [];
  for (const instant of [...byInstant.keys()].sort((a, b) => a - b)) {
    const queues = [...(byInstant.get(instant) as Map<string, ClaimedTarget[]>).values()];
    for (let turn = 0; queues.some((queue) => queue.length > turn); turn += 1) {
      for (const queue of queues) if (queue[turn]) ordered.push(queue[turn] as ClaimedTarget);
    }
  }
  return ordered;
}

export interface DispatcherOptions {
  workerId: string;
  /** Claim targets this long before their instant, so they leave on a timer, not a poll. */
  lookaheadMs?: number;
  pollMs?: number;
  /** How long past its instant a claimed target stays ours if we go silent (crash). */
  leaseMs?: number;
  /** Targets claimed and waiting for their instant, at most. */
  maxPending?: number;
  /** Publishes in flight at once, at most. */
  maxInFlight?: number;
}

/**
 * pg-boss polls at best every 0.5 s, so alone it sends up to half a second late. The dispatcher
 * claims what is due in the next few seconds (with a lease), holds each target on an in-process
 * timer and sends it at its instant. It wakes on NOTIFY when a post is created or moved, and polls
 * every half second otherwise. pg-boss's `publish-target` job remains the backstop for anything
 * a dead worker left behind.
 */
export function createDispatcher(deps: {
  db: Database;
  connectionString: string;
  publisher: Publisher;
  clock: Clock;
  log: Log;
  options: DispatcherOptions;
}) {
  const options = {
    lookaheadMs: 3_000,
    pollMs: DISPATCH_POLL_MS,
    leaseMs: 30_000,
    maxPending: 2_000,
    maxInFlight: 100,
    ...deps.options,
  };
  const targets = createTargetsRepository(deps.db);
  const pending = new Map<string, { target: ClaimedTarget; timer: NodeJS.Timeout }>();
  const waiting: ClaimedTarget[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let poller: NodeJS.Timeout | undefined;
  let listener: pg.Client | undefined;
  let claiming = false;
  let again = false;
  let stopped = false;

  function send(target: ClaimedTarget) {
    const run = deps.publisher
      .run(target)
      .catch((error: unknown) =>
        deps.log.error({ targetId: target.id, err: error }, 'publishing failed unexpectedly; the lease will expire and it will be retried'),
      )
      .finally(() => {
        inFlight.delete(run);
        const next = waiting.shift();
        if (next && !stopped) send(next);
      });
    inFlight.add(run);
  }

  function fire(target: ClaimedTarget) {
    pending.delete(target.id);
    if (inFlight.size >= options.maxInFlight) waiting.push(target);
    else send(target);
  }

  async function tick(): Promise<void> {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    try {
      do {
        again = false;
        const room = options.maxPending - pending.size - waiting.length;
        if (room <= 0) break;
        const now = deps.clock.now();
        const limit = Math.min(room, 250);
        const claimed = await targets.claimDue({
          workerId: deps.options.workerId,
          now,
          horizon: new Date(now.getTime() + options.lookaheadMs),
          leaseMs: options.leaseMs,
          limit,
        });
        for (const target of fairOrder(claimed)) {
          const delay = Math.max(0, target.dueAt.getTime() - deps.clock.now().getTime());
          pending.set(target.id, { target, timer: setTimeout(() => fire(target), delay) });
        }
        // A full batch means more is due: claim again at once (bursts at round minutes).
        if (claimed.length === limit) again = true;
      } while (again && !stopped);
    } catch (error) {
      deps.log.warn({ err: error }, 'dispatcher could not claim targets; retrying');
    } finally {
      claiming = false;
    }
  }

  let listenFailures = 0;
  let relisten: NodeJS.Timeout | undefined;

  /** Listen again after a loss, waiting longer each time it fails (1 s up to 30 s); polling covers the gap. */
  function scheduleListen() {
    if (stopped || relisten) return;
    const delayMs = Math.min(1_000 * 2 ** listenFailures, 30_000);
    listenFailures += 1;
    relisten = setTimeout(() => {
      relisten = undefined;
      void listen();
    }, delayMs);
    relisten.unref();
  }

  async function listen(): Promise<void> {
    if (stopped) return;
    const client = new pg.Client({
      connectionString: deps.connectionString,
      application_name: 'postflow-dispatcher',
      connectionTimeoutMillis: 5_000,
    });
    client.on('notification', () => void tick());
    client.on('error', (error) => {
      // The database went away (restart): polling carries on; listen again shortly.
      deps.log.warn({ err: error }, 'dispatcher lost its LISTEN connection; listening again shortly');
      if (listener === client) listener = undefined;
      client.end().catch(() => {});
      scheduleListen();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${DISPATCH_CHANNEL}`);
      if (stopped) {
        await client.end().catch(() => {});
        return;
      }
      const relistened = listenFailures > 0;
      listener = client;
      listenFailures = 0;
      // Whatever was announced while no one listened is claimed now rather than at the next poll.
      if (relistened) void tick();
    } catch (error) {
      deps.log.warn({ err: error }, 'dispatcher could not LISTEN; retrying');
      client.end().catch(() => {});
      scheduleListen();
    }
  }

  return {
    async start(): Promise<void> {
      await listen();
      poller = setInterval(() => void tick(), options.pollMs);
      await tick();
    },

    /** Stops claiming, hands back what waits for its instant, and lets in-flight sends finish. */
    async stop(timeoutMs = 25_000): Promise<void> {
      stopped = true;
      if (poller) clearInterval(poller);
      if (relisten) clearTimeout(relisten);
      await listener?.end().catch(() => {});
      const handBack = [...[...pending.values()].map((entry) => entry.target), ...waiting.splice(0)];
      for (const entry of pending.values()) clearTimeout(entry.timer);
      pending.clear();
      const now = deps.clock.now();
      await Promise.all(handBack.map((target) => targets.release(target.id, target.leaseToken, now).catch(() => {})));
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
    },

    /** Claim now (tests, and after a post is created in this very process). */
    poke: () => tick(),
    stats: () => ({ pending: pending.size, waiting: waiting.length, inFlight: inFlight.size }),
  };
}
export type Dispatcher = ReturnType<typeof createDispatcher>;
