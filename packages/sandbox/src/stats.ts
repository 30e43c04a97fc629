export interface EndpointStats {
  requests: number;
  byStatus: Record<string, number>;
  faults: Record<string, number>;
}

export interface RequestStats {
  count(endpoint: string): void;
  status(endpoint: string, status: number): void;
  fault(endpoint: string, kind: string): void;
  snapshot(): { total: number; endpoints: Record<string, EndpointStats> };
  clear(): void;
}

export function createRequestStats(): RequestStats {
  const endpoints = new Map<string, EndpointStats>();
  let total = 0;
  const entry = (endpoint: string) => {
    let stats = endpoints.get(endpoint);
    if (!stats) {
      stats = { requests: 0, byStatus: {}, faults: {} };
      endpoints.set(endpoint, stats);
    }
    return stats;
  };
  return {
    count(endpoint) {
      total++;
      entry(endpoint).requests++;
    },
    status(endpoint, status) {
      const stats = entry(endpoint);
      stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
    },
    fault(endpoint, kind) {
      const stats = entry(endpoint);
      stats.faults[kind] = (stats.faults[kind] ?? 0) + 1;
    },
    snapshot() {
      return { total, endpoints: Object.fromEntries([...endpoints].sort(([a], [b]) => a.localeCompare(b))) };
    },
    clear() {
      endpoints.clear();
      total = 0;
    },
  };
}
