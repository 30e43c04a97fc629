import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './env';

describe('configuration', () => {
  it('runs on embedded defaults with no variables at all', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      role: 'all',
      port: 8080,
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      secretKey: undefined,
    });
    expect(config.sessionTtlMs).toBe(3_600_000);
  });

  it('names every wrong variable and what it should be', () => {
    expect(() => parseConfig({ PORT: 'eighty', ROLE: 'boss', PUBLIC_URL: 'ftp://x' })).toThrow(ConfigError);
    try {
      parseConfig({ PORT: 'eighty', ROLE: 'boss', PUBLIC_URL: 'ftp://x' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT: must be a port number');
      expect(message).toContain("ROLE: must be 'all', 'api' or 'worker'");
      expect(message).toContain('PUBLIC_URL: must be an http:// or https:// address');
    }
  });

  it('requires a shared SECRET_KEY once an external database is used', () => {
    expect(() => parseConfig({ DATABASE_URL: 'postgres://db/postflow' })).toThrow(/SECRET_KEY: is required when DATABASE_URL is set/);
    expect(() => parseConfig({ DATABASE_URL: 'postgres://db/postflow', SECRET_KEY: 'short' })).toThrow(/64 hexadecimal characters/);
    expect(parseConfig({ DATABASE_URL: 'postgres://db/postflow', SECRET_KEY: 'ab'.repeat(32) }).secretKey).toHaveLength(32);
  });

  it('reads durations with their unit', () => {
    expect(parseConfig({ SESSION_TTL: '15m', REFRESH_TTL: '7d' })).toMatchObject({ sessionTtlMs: 900_000, refreshTtlMs: 604_800_000 });
    expect(() => parseConfig({ SESSION_TTL: 'forever' })).toThrow(/SESSION_TTL: must be a duration/);
  });

  it("takes LinkedIn's daily call budget for the app's tier, leaving room for what publishing keeps", () => {
    expect(parseConfig({}).linkedin?.dailyCalls).toBe(150);
    expect(parseConfig({ LINKEDIN_DAILY_CALLS: '100' }).linkedin?.dailyCalls).toBe(100);
    expect(() => parseConfig({ LINKEDIN_DAILY_CALLS: '20' })).toThrow(/LINKEDIN_DAILY_CALLS: must be at least 40/);
  });

  it('reads the webhook timings, and names the variable when they do not fit together', () => {
    expect(parseConfig({}).webhooks).toEqual({
      allowPrivate: false,
      timeoutMs: 10_000,
      retryBaseMs: 5_000,
      retryMaxMs: 4 * 3_600_000,
      retryWindowMs: 86_400_000,
    });
    expect(parseConfig({ WEBHOOK_ALLOW_PRIVATE: 'on', WEBHOOK_RETRY_BASE: '50ms' }).webhooks).toMatchObject({
      allowPrivate: true,
      retryBaseMs: 50,
    });
    expect(() => parseConfig({ WEBHOOK_RETRY_BASE: '5h' })).toThrow(
      /WEBHOOK_RETRY_BASE: must be more than 0 and not longer than WEBHOOK_RETRY_MAX/,
    );
    expect(() => parseConfig({ WEBHOOK_TIMEOUT: 'soon' })).toThrow(/WEBHOOK_TIMEOUT: must be a duration/);
  });

  it('accepts .env.example exactly as shipped', () => {
    const example = readFileSync(new URL('../../../../.env.example', import.meta.url), 'utf8');
    const config = parseConfig(parseEnv(example) as Record<string, string>);
    expect(config).toMatchObject({ port: 8080, role: 'all', publishMissedAfterMs: 7_200_000 });
    expect(config.x?.isSandbox).toBe(true);
  });
});
