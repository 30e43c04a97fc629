import { LINKEDIN_COMMENT_MAX_LENGTH } from '@postflow/contract/client';
import type { AppInput } from './apps';
import type { AudienceModelInput } from './audience-model';
import type { RateLimitOptions } from './rate-limit-config';

export interface SandboxOptions {
  /** Our app's public URL; the default apps' redirect URIs hang off it. Default http://localhost:8080. */
  appUrl?: string;
  /** Registered in addition to the two default apps (or instead of them with `defaultApps: false`). */
  apps?: AppInput[];
  defaultApps?: boolean;
  /** Base time source; the admin clock advance adds an offset on top. Default Date.now. */
  now?: () => number;
  /** Seeds persona ids, follower bases, metrics and (when given) fault randomness. */
  seed?: string | number;
  /** Audience model object, or path to a JSON file. Default: the package's audience-model.json. */
  audienceModel?: AudienceModelInput | string;
  /** JSON file to load at start and save (debounced, atomically) after changes. */
  stateFile?: string;
  /** Added to every X/LinkedIn request (not admin). A number or [min, max]. Default 0. */
  latencyMs?: number | [number, number];
  /** `false` disables rate limiting; otherwise overrides on top of the real defaults. */
  rateLimits?: RateLimitOptions | false;
  x?: {
    /** Same text by the same account within this window is a duplicate (403). Default 24 h. */
    duplicateWindowMs?: number;
    /** Default 280 (twitter-text weighted length). */
    maxWeightedLength?: number;
    /** Reusing a spent refresh token also revokes its whole token family. Default false (docs/networks.md, X · Token refresh: UNCERTAIN). */
    revokeFamilyOnRefreshReuse?: boolean;
  };
  linkedin?: {
    /** Versions accepted on /rest/*; others answer 426. Default: the last 12 monthly versions (rolling with the clock). */
    activeVersions?: { oldest: string; newest: string };
    /** `error` sent when the member presses Cancel. Default access_denied (issue 3); LinkedIn documents user_cancelled_authorize. */
    cancelError?: 'access_denied' | 'user_cancelled_authorize';
    /** Same commentary by the same author within this window is a duplicate (422). Default 10 minutes (docs/networks.md, LinkedIn · Post errors). */
    duplicateWindowMs?: number;
    /** Default 3000 (docs/networks.md, LinkedIn · Post text). */
    maxCommentaryLength?: number;
    /** A comment's `message.text` limit. Default 1,250 (docs/networks.md, LinkedIn · Comments). */
    maxCommentLength?: number;
    /** Size of each video upload part. Default 4 MiB (docs/networks.md, LinkedIn · Video upload); tests make it small to get several parts. */
    videoPartBytes?: number;
  };
  /** Fastify request logging. Default false (benchmarks run 100+ requests a second). */
  logger?: boolean;
  /** Debounce for state-file saves. Default 250 ms. */
  persistDebounceMs?: number;
}

export interface ResolvedOptions {
  appUrl: string;
  seed: string;
  faultSeed: string | undefined;
  latencyMs: [number, number];
  x: { duplicateWindowMs: number; maxWeightedLength: number; revokeFamilyOnRefreshReuse: boolean };
  linkedin: {
    activeVersions?: { oldest: string; newest: string };
    cancelError: 'access_denied' | 'user_cancelled_authorize';
    duplicateWindowMs: number;
    maxCommentaryLength: number;
    maxCommentLength: number;
    videoPartBytes: number;
  };
}

export function resolveOptions(options: SandboxOptions): ResolvedOptions {
  const latency = options.latencyMs ?? 0;
  return {
    appUrl: options.appUrl ?? 'http://localhost:8080',
    seed: options.seed === undefined ? 'postflow-sandbox' : String(options.seed),
    faultSeed: options.seed === undefined ? undefined : String(options.seed),
    latencyMs: Array.isArray(latency) ? latency : [latency, latency],
    x: {
      duplicateWindowMs: options.x?.duplicateWindowMs ?? 24 * 3_600_000,
      maxWeightedLength: options.x?.maxWeightedLength ?? 280,
      revokeFamilyOnRefreshReuse: options.x?.revokeFamilyOnRefreshReuse ?? false,
    },
    linkedin: {
      ...(options.linkedin?.activeVersions ? { activeVersions: options.linkedin.activeVersions } : {}),
      cancelError: options.linkedin?.cancelError ?? 'access_denied',
      duplicateWindowMs: options.linkedin?.duplicateWindowMs ?? 10 * 60_000,
      maxCommentaryLength: options.linkedin?.maxCommentaryLength ?? 3000,
      maxCommentLength: options.linkedin?.maxCommentLength ?? LINKEDIN_COMMENT_MAX_LENGTH,
      videoPartBytes: options.linkedin?.videoPartBytes ?? 4 * 1024 * 1024,
    },
  };
}
