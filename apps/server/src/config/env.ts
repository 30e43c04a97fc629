import { existsSync } from 'node:fs';
import path from 'node:path';
import { planIds, type PlanId } from '@postflow/contract';
import { z } from 'zod';

/**
 * The only module that reads `process.env`. Everything else receives a parsed `Config`, so a
 * wrong value fails at start with a message that names the variable, not later mid-request.
 */

/**
 * LinkedIn's calls per member per application per day for a self-serve app (docs/networks.md,
 * rate limits); a Community Management development tier allows 100. LINKEDIN_DAILY_CALLS overrides it.
 */
export const LINKEDIN_SELF_SERVE_DAILY_CALLS = 150;
/**
 * Calls a day LinkedIn metrics syncs leave to publishing. A publish costs 1 call plus 2 per image,
 * so 30 covers e.g. three four-image posts and a few text posts; numbers can wait for tomorrow, a
 * scheduled post cannot.
 */
export const LINKEDIN_PUBLISHING_RESERVE = 30;
/** The smallest daily budget that leaves syncs some calls once publishing's reserve is kept. */
const LINKEDIN_MIN_DAILY_CALLS = LINKEDIN_PUBLISHING_RESERVE + 10;

const booleanFlag = (defaultValue: 'on' | 'off') =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'], { error: "use 'on' or 'off'" })
    .default(defaultValue)
    .transform((value) => value === 'on' || value === 'true' || value === '1');

const port = (defaultValue: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(defaultValue);

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
  .transform((value) => value.replace(/\/+$/, ''));

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const durationPattern = /^(\d+)\s*(ms|s|m|h|d)$/;
const durationUnits = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const duration = (defaultValue: string) =>
  z
    .string()
    .default(defaultValue)
    .refine((value) => durationPattern.test(value.trim()), "must be a duration like '90s', '30m' or '2h'")
    .transform((value) => {
      const [, amount, unit] = durationPattern.exec(value.trim()) as RegExpExecArray;
      return Number(amount) * durationUnits[unit as keyof typeof durationUnits];
    });

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  ROLE: z.enum(['all', 'api', 'worker'], { error: "must be 'all', 'api' or 'worker'" }).default('all'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port(8080),
  PUBLIC_URL: httpUrl.optional(),
  TRUST_PROXY: booleanFlag('off'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_WAIT: duration('2m'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2, 'must be at least 2').max(500).default(10),
  SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (generate one with: openssl rand -hex 32)')
      .optional(),
  ),

  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// address')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Postflow <no-reply@postflow.local>'),
  FEEDBACK_EMAIL: optionalString.pipe(z.email({ error: 'must be an email address, like team@example.com' }).optional()),
  SUPPORT_EMAIL: optionalString.pipe(z.email({ error: 'must be an email address, like support@example.com' }).optional()),

  WEB_API_BASE_URL: z.union([z.literal(''), httpUrl]).default(''),
  WEB_DIST_DIR: optionalString,

  SESSION_TTL: duration('1h'),
  REFRESH_TTL: duration('30d'),
  PUBLISH_MISSED_AFTER: duration('2h'),
  NETWORK_TIMEOUT: duration('15s'),
  // The largest upload (a video) the server takes: the largest network's video limit by default (docs/networks.md, media limits).
  MEDIA_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes, e.g. 536870912 for 512 MiB' })
    .int('must be a whole number of bytes')
    .min(10 * 1024 * 1024, 'must be at least 10485760 (10 MiB, the largest image)')
    .default(512 * 1024 * 1024),
  HTTP_HEADERS_TIMEOUT: duration('15s'),
  HTTP_REQUEST_TIMEOUT: duration('120s'),
  HTTP_IDLE_TIMEOUT: duration('30s'),
  PLAN_LIMITS: booleanFlag('off'),
  // Calls a minute one API key may make (docs/decisions/162-api-keys.md).
  API_KEY_RATE_LIMIT: z.coerce
    .number({ error: 'must be a number of calls a minute, e.g. 120' })
    .int('must be a whole number of calls a minute')
    .min(1, 'must be at least 1 call a minute')
    .max(1_000_000, 'must be at most 1000000 calls a minute')
    .default(120),
  DEFAULT_PLAN: z.enum(planIds, { error: `must be one of ${planIds.join(', ')}` }).default('free'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be email addresses separated by commas, like ops@example.com,me@example.com' }))),

  ALLOW_PRIVATE_FETCH: booleanFlag('off'),
  WEBHOOK_ALLOW_PRIVATE: booleanFlag('off'),
  WEBHOOK_TIMEOUT: duration('10s'),
  WEBHOOK_RETRY_BASE: duration('5s'),
  WEBHOOK_RETRY_MAX: duration('4h'),
  WEBHOOK_RETRY_WINDOW: duration('24h'),

  SANDBOX: booleanFlag('on'),
  SANDBOX_PORT: port(8081),
  SANDBOX_URL: httpUrl.optional(),

  X_CLIENT_ID: optionalString,
  X_CLIENT_SECRET: optionalString,
  X_API_BASE_URL: httpUrl.optional(),
  X_AUTH_BASE_URL: httpUrl.optional(),
  LINKEDIN_CLIENT_ID: optionalString,
  LINKEDIN_CLIENT_SECRET: optionalString,
  LINKEDIN_API_BASE_URL: httpUrl.optional(),
  LINKEDIN_AUTH_BASE_URL: httpUrl.optional(),
  LINKEDIN_VERSION: z
    .string()
    .regex(/^\d{6}$/, "must be a version like '202610' (YYYYMM)")
    .default('202610'),
  LINKEDIN_SCOPES: optionalString,
  LINKEDIN_DAILY_CALLS: z.coerce
    .number()
    .int()
    .min(LINKEDIN_MIN_DAILY_CALLS, `must be at least ${LINKEDIN_MIN_DAILY_CALLS} (${LINKEDIN_PUBLISHING_RESERVE} are kept for publishing)`)
    .max(1_000_000)
    .default(LINKEDIN_SELF_SERVE_DAILY_CALLS),

  AI_BASE_URL: httpUrl.optional(),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_TIMEOUT: duration('20s'),
});

/** The sandbox's built-in apps (packages/sandbox registers them with these ids on start). */
export const SANDBOX_APPS = {
  x: { clientId: 'postflow-sandbox-x', clientSecret: 'postflow-sandbox-x-secret' },
  linkedin: { clientId: 'postflow-sandbox-linkedin', clientSecret: 'postflow-sandbox-linkedin-secret' },
} as const;

export interface NetworkConfig {
  clientId: string;
  clientSecret: string | undefined;
  apiBaseUrl: string;
  authBaseUrl: string;
  /** True when no client id is configured and the network is played by the sandbox. */
  isSandbox: boolean;
}

export interface LinkedInConfig extends NetworkConfig {
  version: string;
  scopes: string[] | undefined;
  /** LinkedIn's calls per member per day for this app (docs/networks.md, LinkedIn · Rate limits): 150 self-serve, 100 on a Community Management development tier. */
  dailyCalls: number;
}

export type Role = 'all' | 'api' | 'worker';

export interface Config {
  env: 'production' | 'development' | 'test';
  role: Role;
  host: string;
  port: number;
  publicUrl: string;
  trustProxy: boolean;
  logLevel: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** How long a starting process waits for an unreachable database before it gives up. */
  databaseWaitMs: number;
  /** 32 bytes; undefined means "generate one into DATA_DIR" (embedded default only). */
  secretKey: Buffer | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where feedback and PRO requests are mailed; undefined keeps them in the `feedback` table only. */
  feedbackEmail: string | undefined;
  /** Where contact-form messages are mailed; unset means they are only stored (contact_messages). */
  supportEmail: string | undefined;
  webApiBaseUrl: string;
  webDistDir: string | undefined;
  sessionTtlMs: number;
  refreshTtlMs: number;
  /** A target this late is `missed` instead of going out at a surprising time. */
  publishMissedAfterMs: number;
  /** How long one call to X or LinkedIn may take before its outcome counts as unknown. */
  networkTimeoutMs: number;
  /** MEDIA_MAX_BYTES: the largest file one upload may carry (a video); images keep their own 10 MB. */
  mediaMaxBytes: number;
  /**
   * How long a client may take to send its headers, its whole request, and how long a connection may
   * sit silent: a slow sender holds a socket no longer (docs/security.md, Input).
   */
  httpTimeouts: { headersMs: number; requestMs: number; idleMs: number };
  /**
   * Enforce the plan table's limits per workspace (posts a day, accounts, history, features); off, every
   * workspace has everything, as on the highest plan (docs/decisions/132-plans-per-workspace.md).
   */
  planLimits: boolean;
  /** Calls a minute one API key may make; more get 429 with Retry-After. */
  apiKeyRateLimit: number;
  /** The plan new workspaces get, personal and created alike. */
  defaultPlan: PlanId;
  /** Lower-cased; the people who see the operator's area (/admin) and its calls. */
  adminEmails: string[];
  sandboxUrl: string | undefined;
  /**
   * Fetching pages for link cards (docs/decisions/149-link-cards.md): `allowPrivate` (ALLOW_PRIVATE_FETCH, for tests and local
   * setups) lets it reach private and local addresses; `trustedOrigins` are reachable anyway (the sandbox's own, so `npm start`
   * can show cards offline).
   */
  linkFetch: { allowPrivate: boolean; trustedOrigins: string[] };
  /**
   * Webhook deliveries (docs/webhooks.md): `allowPrivate` (WEBHOOK_ALLOW_PRIVATE, for tests and single-machine setups) takes
   * http:// and private, loopback and link-local addresses; each attempt may take `timeoutMs`; failed attempts are retried
   * after `retryBaseMs`, doubling up to `retryMaxMs`, until `retryWindowMs` after the first.
   */
  webhooks: { allowPrivate: boolean; timeoutMs: number; retryBaseMs: number; retryMaxMs: number; retryWindowMs: number };
  /** Undefined when the network has neither credentials nor the sandbox: its buttons say so. */
  x: NetworkConfig | undefined;
  linkedin: LinkedInConfig | undefined;
  /** The OpenAI-compatible engine, when all three are set; otherwise the built-in engine. */
  ai: { baseUrl: string | undefined; apiKey: string | undefined; model: string | undefined; timeoutMs: number };
}

function networkConfig(
  network: 'x' | 'linkedin',
  values: { clientId?: string; clientSecret?: string; apiBaseUrl?: string; authBaseUrl?: string },
  real: { api: string; auth: string },
  sandboxUrl: string | undefined,
): NetworkConfig | undefined {
  if (values.clientId) {
    return {
      clientId: values.clientId,
      clientSecret: values.clientSecret,
      apiBaseUrl: values.apiBaseUrl ?? real.api,
      authBaseUrl: values.authBaseUrl ?? real.auth,
      isSandbox: false,
    };
  }
  if (!sandboxUrl) return undefined;
  return {
    ...SANDBOX_APPS[network],
    apiBaseUrl: values.apiBaseUrl ?? `${sandboxUrl}/${network}`,
    authBaseUrl: values.authBaseUrl ?? `${sandboxUrl}/${network}`,
    isSandbox: true,
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? 'configuration');
      const got = env[variable];
      const shown =
        got === undefined ? '' : ` (got ${JSON.stringify(variable.includes('SECRET') || variable.includes('URL') ? '…' : got)})`;
      return `  ${variable}: ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = result.data;
  const aiSet = [values.AI_BASE_URL, values.AI_API_KEY, values.AI_MODEL].filter(Boolean).length;
  if (aiSet > 0 && aiSet < 3) {
    throw new ConfigError(
      'Invalid configuration:\n  AI_BASE_URL, AI_API_KEY, AI_MODEL: set all three to use an OpenAI-compatible engine, or none for the built-in one (a local server such as Ollama accepts any AI_API_KEY)',
    );
  }
  if (values.DATABASE_URL && !values.SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  SECRET_KEY: is required when DATABASE_URL is set, because every process must encrypt and decrypt tokens with the same key (generate one with: openssl rand -hex 32)',
    );
  }
  if (values.HTTP_HEADERS_TIMEOUT > values.HTTP_REQUEST_TIMEOUT) {
    throw new ConfigError('Invalid configuration:\n  HTTP_HEADERS_TIMEOUT: must not be longer than HTTP_REQUEST_TIMEOUT');
  }
  if (values.WEBHOOK_RETRY_BASE < 1 || values.WEBHOOK_RETRY_BASE > values.WEBHOOK_RETRY_MAX) {
    throw new ConfigError(
      "Invalid configuration:\n  WEBHOOK_RETRY_BASE: must be more than 0 and not longer than WEBHOOK_RETRY_MAX (e.g. '5s' and '4h')",
    );
  }
  if (values.WEBHOOK_TIMEOUT < 1) throw new ConfigError("Invalid configuration:\n  WEBHOOK_TIMEOUT: must be more than 0 (e.g. '10s')");
  const sandboxUrl = values.SANDBOX ? (values.SANDBOX_URL ?? `http://localhost:${values.SANDBOX_PORT}`) : undefined;
  const linkedin = networkConfig(
    'linkedin',
    {
      clientId: values.LINKEDIN_CLIENT_ID,
      clientSecret: values.LINKEDIN_CLIENT_SECRET,
      apiBaseUrl: values.LINKEDIN_API_BASE_URL,
      authBaseUrl: values.LINKEDIN_AUTH_BASE_URL,
    },
    { api: 'https://api.linkedin.com', auth: 'https://www.linkedin.com' },
    sandboxUrl,
  );
  return {
    env: values.NODE_ENV,
    role: values.ROLE,
    host: values.HOST,
    port: values.PORT,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    databaseWaitMs: values.DATABASE_WAIT,
    secretKey: values.SECRET_KEY ? Buffer.from(values.SECRET_KEY, 'hex') : undefined,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    feedbackEmail: values.FEEDBACK_EMAIL,
    supportEmail: values.SUPPORT_EMAIL,
    webApiBaseUrl: values.WEB_API_BASE_URL,
    webDistDir: values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : undefined,
    sessionTtlMs: values.SESSION_TTL,
    refreshTtlMs: values.REFRESH_TTL,
    publishMissedAfterMs: values.PUBLISH_MISSED_AFTER,
    networkTimeoutMs: values.NETWORK_TIMEOUT,
    mediaMaxBytes: values.MEDIA_MAX_BYTES,
    httpTimeouts: { headersMs: values.HTTP_HEADERS_TIMEOUT, requestMs: values.HTTP_REQUEST_TIMEOUT, idleMs: values.HTTP_IDLE_TIMEOUT },
    planLimits: values.PLAN_LIMITS,
    apiKeyRateLimit: values.API_KEY_RATE_LIMIT,
    defaultPlan: values.DEFAULT_PLAN,
    adminEmails: values.ADMIN_EMAILS,
    sandboxUrl,
    linkFetch: { allowPrivate: values.ALLOW_PRIVATE_FETCH, trustedOrigins: sandboxUrl ? [new URL(sandboxUrl).origin] : [] },
    webhooks: {
      allowPrivate: values.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: values.WEBHOOK_TIMEOUT,
      retryBaseMs: values.WEBHOOK_RETRY_BASE,
      retryMaxMs: values.WEBHOOK_RETRY_MAX,
      retryWindowMs: values.WEBHOOK_RETRY_WINDOW,
    },
    x: networkConfig(
      'x',
      {
        clientId: values.X_CLIENT_ID,
        clientSecret: values.X_CLIENT_SECRET,
        apiBaseUrl: values.X_API_BASE_URL,
        authBaseUrl: values.X_AUTH_BASE_URL,
      },
      { api: 'https://api.x.com', auth: 'https://x.com' },
      sandboxUrl,
    ),
    ai: { baseUrl: values.AI_BASE_URL, apiKey: values.AI_API_KEY, model: values.AI_MODEL, timeoutMs: values.AI_TIMEOUT },
    linkedin: linkedin && {
      ...linkedin,
      version: values.LINKEDIN_VERSION,
      scopes: values.LINKEDIN_SCOPES?.split(/[\s,]+/).filter(Boolean),
      dailyCalls: values.LINKEDIN_DAILY_CALLS,
    },
  };
}

/** Reads `.env` from the working directory when present (values already in the environment win). */
export function loadConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseConfig(process.env);
}

/** The environment of a process this server starts (its worker, decision 120): this one's, with `overrides`. */
export function childEnvironment(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
