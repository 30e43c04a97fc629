import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Queryable } from '../../apps/server/src/db/client';
import { generateToken, hashToken } from '../../apps/server/src/lib/tokens';
import { cpuMs, percentile, postmasterPid, round, treeCpuMs } from './common';
import type { Measured } from './http-load';

/** Measures the CPU the API process, the embedded PostgreSQL and this process use during `work`. */
export async function withCpu(
  apiPid: number | undefined,
  clusterDir: string | undefined,
  work: () => Promise<Measured>,
): Promise<Measured> {
  const postgres = () => {
    const master = clusterDir ? postmasterPid(clusterDir) : undefined;
    return master ? treeCpuMs(master) : NaN;
  };
  const own = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  const before = { api: apiPid ? cpuMs(apiPid) : NaN, postgres: postgres(), client: own() };
  const result = await work();
  const per = (value: number) => round(value / Math.max(1, result.requests), 2);
  const cpu: Record<string, number> = { client: per(own() - before.client) };
  if (apiPid) cpu.api = per(cpuMs(apiPid) - before.api);
  if (clusterDir) cpu.postgres = per(postgres() - before.postgres);
  return { ...result, cpuMsPerRequest: cpu };
}

/** `connections` clients, each running `operation` back to back for `seconds`: the raw SQL the API is compared with. */
export async function sqlLoad(operation: () => Promise<unknown>, seconds: number, connections: number): Promise<Measured> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const at = performance.now();
        try {
          await operation();
          latencies.push(performance.now() - at);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
    rps: round(latencies.length / elapsed, 0),
    requests: latencies.length,
    errors,
  };
}

/** A day-long session for `userId`, written straight into the database: the API calls measured carry its token. */
export async function benchSession(db: Queryable, userId: string): Promise<string> {
  const token = generateToken('at');
  await db.query(
    `INSERT INTO sessions (user_id, access_token_hash, access_expires_at, refresh_token_hash, refresh_expires_at)
     VALUES ($1, $2, now() + interval '1 day', $3, now() + interval '30 days')`,
    [userId, hashToken(token), randomBytes(32)],
  );
  return token;
}
