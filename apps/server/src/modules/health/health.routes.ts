import { healthRoutes, type HealthResponse } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { Clock } from '../../lib/clock';
import type { HealthRepository } from './health.repository';

/** A worker reports every 10 s; three missed reports mean none is running. */
export const WORKER_SILENCE_LIMIT_MS = 30_000;

export function registerHealthRoutes(router: Router, deps: { health: HealthRepository; clock: Clock }) {
  router.open(healthRoutes.health, async ({ reply }) => {
    let db: HealthResponse['db'] = 'ok';
    let worker: HealthResponse['worker'] = 'down';
    try {
      await deps.health.ping();
      const last = await deps.health.lastWorkerHeartbeat();
      if (last && deps.clock.now().getTime() - last.getTime() < WORKER_SILENCE_LIMIT_MS) worker = 'ok';
    } catch {
      db = 'down';
    }
    const status: HealthResponse['status'] = db === 'ok' && worker === 'ok' ? 'ok' : 'degraded';
    reply.header('cache-control', 'no-store');
    // A load balancer should stop sending traffic only when the database is gone.
    if (db === 'down') reply.code(503);
    return { status, db, worker };
  });
}
