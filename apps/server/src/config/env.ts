import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only module that reads `process.env`. Everything else receives a parsed `Config`, so a
 * wrong value fails at start with a message that names the variable, not later mid-request.
 */

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
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2, 'must be at least 2').max(500).default(10),
  SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (generate one with: openssl rand -hex 32)')
      .optional(),
  ),

  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// address').optional()),
  MAIL_FROM: z.string().min(3).default('Postflow <no-reply@postflow.local>'),

  WEB_API_BASE_URL: z.union([z.literal(''), httpUrl]).default(''),
  WEB_DIST_DIR: optionalString,

  SESSION_TTL: duration('1h'),
  REFRESH_TTL: duration('30d'),
});

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
  /** 32 bytes; undefined means "generate one into DATA_DIR" (embedded default only). */
  secretKey: Buffer | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  webApiBaseUrl: string;
  webDistDir: string | undefined;
  sessionTtlMs: number;
  refreshTtlMs: number;
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
      const shown = got === undefined ? '' : ` (got ${JSON.stringify(variable.includes('SECRET') || variable.includes('URL') ? '…' : got)})`;
      return `  ${variable}: ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = result.data;
  if (values.DATABASE_URL && !values.SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  SECRET_KEY: is required when DATABASE_URL is set, because every process must encrypt and decrypt tokens with the same key (generate one with: openssl rand -hex 32)',
    );
  }
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
    secretKey: values.SECRET_KEY ? Buffer.from(values.SECRET_KEY, 'hex') : undefined,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    webApiBaseUrl: values.WEB_API_BASE_URL,
    webDistDir: values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : undefined,
    sessionTtlMs: values.SESSION_TTL,
    refreshTtlMs: values.REFRESH_TTL,
  };
}

/** Reads `.env` from the working directory when present (values already in the environment win). */
export function loadConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseConfig(process.env);
}
