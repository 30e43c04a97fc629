import type { FastifyInstance } from 'fastify';
import { boundaryOf, parseMultipart } from './multipart';

/** Malformed JSON reaches the handler so each network can answer with its own error body. */
export class InvalidJsonBody {
  constructor(readonly raw: string) {}
}

export const BODY_LIMIT_BYTES = 64 * 1024 * 1024;

export function registerBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'application/problem+json'], { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, new InvalidJsonBody(text));
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    const boundary = boundaryOf(request.headers['content-type'] ?? '');
    if (!boundary) return done(null, { kind: 'multipart', fields: {}, files: {} });
    done(null, parseMultipart(body as Buffer, boundary));
  });
  // Image bytes (LinkedIn PUT upload) and anything else: kept raw.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

export function formOrJsonFields(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Buffer.isBuffer(body) || body instanceof InvalidJsonBody) return {};
  if ((body as { kind?: unknown }).kind === 'multipart') return (body as { fields: Record<string, string> }).fields;
  return body as Record<string, unknown>;
}

export function stringField(fields: Record<string, unknown>, name: string): string | undefined {
  const value = fields[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}
