// The part of autocannon 9's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    timeout?: number;
    /** Each request in turn; `setupRequest` may change it just before it is sent. */
    requests?: Array<{ method?: string; path?: string; setupRequest?: (request: Request) => Request }>;
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
  }
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p1: number;
    p2_5: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
    total: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    '2xx': number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
