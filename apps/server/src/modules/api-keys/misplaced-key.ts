import { API_KEY_PREFIX } from '@postflow/contract';
import type { FastifyRequest } from 'fastify';

/** Where integrations often put a key instead: the header without "Bearer", X-API-Key, the address. */
const ELSEWHERE = ['authorization', 'x-api-key', 'api-key'] as const;

/**
 * Whether a call without a bearer token carries an API key somewhere else, so the 401 can say
 * where it goes instead of asking an automation to sign in (docs/api.md).
 */
export function hasMisplacedKey(request: FastifyRequest): boolean {
  const headers = ELSEWHERE.map((name) => request.headers[name]);
  const query = Object.values((request.query ?? {}) as Record<string, unknown>);
  return [...headers, ...query].some((value) => (Array.isArray(value) ? value : [value]).some(looksLikeKey));
}

const looksLikeKey = (value: unknown) => typeof value === 'string' && value.includes(API_KEY_PREFIX);

export const MISPLACED_KEY =
  'Send the API key in the Authorization header, as "Authorization: Bearer pf_ak_…" (with the word Bearer and a space); Postflow reads it nowhere else.';
