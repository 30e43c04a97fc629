import { describe, expect, it } from 'vitest';
import { AuthExpired, Duplicate, OutcomeUnknown, RateLimited, Rejected, Unavailable } from '../errors';
import type { HttpResponse } from '../http/http-client';
import { nextUtcMidnight } from '../../../lib/clock';
import { duplicateUrnOf, linkedInApiError, linkedInTokenError } from './linkedin-errors';

const now = new Date('2026-09-01T22:30:00Z');
const create = { kind: 'create', subject: 'the post' } as const;
const read = { kind: 'read', subject: 'the request' } as const;

function answer(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: new Headers(headers), text: typeof body === 'string' ? body : JSON.stringify(body) };
}

describe('linkedInApiError', () => {
  it('reads expired and revoked tokens as AuthExpired', () => {
    const expired = linkedInApiError(
      answer(401, {
        status: 401,
        serviceErrorCode: 65602,
        code: 'EXPIRED_ACCESS_TOKEN',
        message: 'The token used in the request has expired',
      }),
      read,
      now,
    );
    expect(expired).toBeInstanceOf(AuthExpired);
    expect(expired.message).toMatch(/expired/);
    const revoked = linkedInApiError(answer(401, { status: 401, code: 'REVOKED_ACCESS_TOKEN', message: 'revoked' }), read, now);
    expect(revoked.message).toMatch(/revoked/);
  });

  it('waits until the next midnight UTC on a 429', () => {
    const error = linkedInApiError(
      answer(429, { serviceErrorCode: 101, message: 'Resource level throttle limit', status: 429 }),
      create,
      now,
    );
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).resetAt.toISOString()).toBe('2026-09-02T00:00:00.000Z');
  });

  it('names the existing post of a duplicate', () => {
    const error = linkedInApiError(
      answer(422, { message: 'Content is a duplicate of urn:li:share:7429862475279511552', status: 422 }),
      create,
      now,
    );
    expect(error).toBeInstanceOf(Duplicate);
    expect((error as Duplicate).existingId).toBe('urn:li:share:7429862475279511552');
  });

  it('reads other 422s as a refusal with LinkedIn’s message', () => {
    const error = linkedInApiError(
      answer(422, { message: 'ERROR :: /author :: field is required but not found and has no default value\n', status: 422 }),
      create,
      now,
    );
    expect(error).toBeInstanceOf(Rejected);
    expect(error.message).toBe('LinkedIn refused the post: ERROR :: /author :: field is required but not found and has no default value');
  });

  it('treats a 5xx on a create as an unknown outcome, and on a read as unavailable', () => {
    expect(linkedInApiError(answer(500, { message: 'Internal Server Error', status: 500 }), create, now)).toBeInstanceOf(OutcomeUnknown);
    expect(linkedInApiError(answer(504, { message: 'Gateway Timeout', status: 504 }), read, now)).toBeInstanceOf(Unavailable);
  });

  it('says how to fix a retired API version', () => {
    const error = linkedInApiError(
      answer(426, { status: 426, code: 'NONEXISTENT_VERSION', message: 'Requested version 20240401 is not active' }),
      read,
      now,
    );
    expect(error).toBeInstanceOf(Rejected);
    expect(error.message).toMatch(/LINKEDIN_VERSION/);
  });
});

describe('duplicateUrnOf', () => {
  it('finds share and ugcPost urns, and nothing in other messages', () => {
    expect(duplicateUrnOf('Content is a duplicate of urn:li:ugcPost:123.')).toBe('urn:li:ugcPost:123');
    expect(duplicateUrnOf('Something else')).toBeUndefined();
  });
});

describe('nextUtcMidnight', () => {
  it('rolls over months', () => {
    expect(nextUtcMidnight(new Date('2026-01-31T23:59:59Z')).toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });
});

describe('linkedInTokenError', () => {
  it('says a refused code expired or was already used', () => {
    const body = { error: 'invalid_request', error_description: 'Unable to retrieve access token: authorization code not found' };
    const error = linkedInTokenError(answer(400, body), 'authorization_code', now);
    expect(error).toBeInstanceOf(AuthExpired);
    expect(error.message).toMatch(/expired or was already used/);
  });

  it('asks for a reconnect on invalid_grant when refreshing', () => {
    const error = linkedInTokenError(
      answer(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }),
      'refresh_token',
      now,
    );
    expect(error).toBeInstanceOf(AuthExpired);
  });
});
