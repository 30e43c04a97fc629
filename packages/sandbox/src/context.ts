import type { RegisteredApp } from './apps';
import type { AudienceModel } from './audience-model';
import type { SandboxClock } from './clock';
import type { FaultInjector } from './faults';
import type { IdGenerator } from './ids';
import type { MetricsEngine } from './metrics';
import type { ResolvedOptions } from './options';
import type { RateLimitConfig } from './rate-limit-config';
import type { DailyCounters, WindowCounters } from './rate-limiter';
import type { SandboxState } from './state';
import type { RequestStats } from './stats';

/** Shared by every route: passed in explicitly, never a module-level singleton. */
export interface SandboxContext {
  options: ResolvedOptions;
  clock: SandboxClock;
  state: SandboxState;
  model: AudienceModel;
  metrics: MetricsEngine;
  faults: FaultInjector;
  stats: RequestStats;
  rateLimits: RateLimitConfig;
  initialRateLimits: RateLimitConfig;
  windows: WindowCounters;
  daily: DailyCounters;
  ids: { x: IdGenerator; linkedin: IdGenerator };
  configuredApps: RegisteredApp[];
  markDirty(): void;
  /** Timers holding connections open (timeout_after_create); cleared on close. */
  heldConnections: Set<NodeJS.Timeout>;
}
