import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Query parameters that carry secrets in URLs we log (OAuth codes and states, reset and login
 * tokens, an API key put where it does not belong). Their values are replaced before a URL reaches the log.
 */
const SECRET_QUERY_KEYS =
  /^(token|refresh_?token|code|state|code_verifier|access_token|password|secret|client_secret|api_?key|key|x-api-key)$/i;
/** Our own tokens and keys (`pf_at_…`, `pf_ak_…`), whatever parameter someone sends them in. */
const OWN_TOKEN = /^pf_[a-z]{2}_/i;

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const [key, value] of [...params.entries()]) if (SECRET_QUERY_KEYS.test(key) || OWN_TOKEN.test(value)) params.set(key, '[redacted]');
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/** Object paths pino censors anywhere we might log a body, a header or a token-bearing object. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
  '*.access_token',
  '*.refresh_token',
  '*.clientSecret',
  '*.client_secret',
  '*.code_verifier',
  '*.authorization',
];

export type AppLogger = Logger;

/** The part of the logger that services and jobs use, so they can be handed a quiet one in tests. */
export interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * One pino logger for the process (HTTP requests, jobs, start-up). Secrets are censored by path and
 * stripped from logged URLs; a test can pass its own destination to read what was written.
 */
export function createLogger(level: string, destination?: DestinationStream): AppLogger {
  return pino(
    {
      level,
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: {
        err: pino.stdSerializers.err,
        req(request: { method: string; url: string; id: string; ip?: string }) {
          return { id: request.id, method: request.method, url: redactUrl(request.url), ip: request.ip };
        },
        res(reply: { statusCode: number }) {
          return { statusCode: reply.statusCode };
        },
      },
    },
    destination,
  );
}
