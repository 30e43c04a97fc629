// HTTP load on the API with autocannon, shared by the api and mixed benchmarks.
import autocannon from 'autocannon';
import { round } from './common';

export const FEED_PATH = '/api/v1/social/feed?type=personal&limit=10&offset=0';
export const SUMMARY_PATH = '/api/v1/analytics/summary';

export interface Measured {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
  /** CPU per request (ms): the API process, PostgreSQL (embedded only) and the load generator (this process). */
  cpuMsPerRequest?: Record<string, number>;
}

/** `path` gives each request's path: one fixed, or a new one each time. */
export async function httpLoad(base: string, path: () => string, token: string, seconds: number, connections = 50): Promise<Measured> {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
    timeout: 30,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: path() }) }],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: round(result.requests.average, 0),
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
