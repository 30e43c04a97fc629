import { describe, expect, it } from 'vitest';
import { AuthExpired, Duplicate, OutcomeUnknown, ParentUnavailable, RateLimited, Rejected, Unavailable } from '../errors';
import type { HttpResponse } from '../http/http-client';
import { problemName, xApiError, xRateLimitReset, xTokenError } from './x-errors';

const now = new Date('2026-09-01T12:00:00Z');
const epoch = (iso: string) => String(Date.parse(iso) / 1000);

function answer(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: new Headers(headers), text: typeof body === 'string' ? body : JSON.stringify(body) };
}

const create = { kind: 'create', subject: 'the post' } as const;
const read = { kind: 'read', subject: 'the request' } as const;

describe('xApiError', () => {
  it('reads a 401 as an access token to refresh', () => {
    const error = xApiError(answer(401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }), create, now);
    expect(error).toBeInstanceOf(AuthExpired);
    expect(error.detail.status).toBe(401);
  });

  it('reads a reply to a deleted post as a part that can never go out, naming the parent', () => {
    const body = {
      errors: [
        {
          parameters: { 'reply.in_reply_to_tweet_id': ['1445880548472328192'] },
          message: 'The Post you are replying to has been deleted or is not visible to you.',
        },
      ],
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    };
    const error = xApiError(answer(400, body), { kind: 'create', subject: 'the reply' }, now);
    expect(error).toBeInstanceOf(ParentUnavailable);
    expect(error).toBeInstanceOf(Rejected);
    expect(error.message).toBe(
      'X refused the reply: the post it replies to (1445880548472328192) was deleted or is not visible to this account.',
    );
    const other = xApiError(
      answer(400, { ...body, errors: [{ parameters: { text: ['x'] }, message: 'Your Tweet text is too long.' }] }),
      create,
      now,
    );
    expect(other).not.toBeInstanceOf(ParentUnavailable);
  });

  it('waits for the window in x-rate-limit-reset on a 429', () => {
    const error = xApiError(
      answer(429, { title: 'Too Many Requests' }, { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': epoch('2026-09-01T12:15:00Z') }),
      create,
      now,
    );
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).resetAt.toISOString()).toBe('2026-09-01T12:15:00.000Z');
  });

  it('waits for the 24-hour counter when that is what ran out', () => {
    const headers = {
      'x-rate-limit-remaining': '99',
      'x-rate-limit-reset': epoch('2026-09-01T12:15:00Z'),
      'x-user-limit-24hour-remaining': '0',
      'x-user-limit-24hour-reset': epoch('2026-09-02T03:00:00Z'),
    };
    expect(xRateLimitReset(new Headers(headers), now).toISOString()).toBe('2026-09-02T03:00:00.000Z');
  });

  it('falls back to a 15-minute window when X sends no reset header', () => {
    expect(xRateLimitReset(new Headers(), now).toISOString()).toBe('2026-09-01T12:15:00.000Z');
  });

  it('reads the 403 duplicate-content answer as a duplicate', () => {
    const body = {
      detail: 'You are not allowed to create a Tweet with duplicate content.',
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
    };
    const error = xApiError(answer(403, body), create, now);
    expect(error).toBeInstanceOf(Duplicate);
    expect((error as Duplicate).existingId).toBeUndefined();
  });

  it('quotes X’s specific reason when it refuses the content', () => {
    const body = {
      errors: [{ parameters: { text: ['…'] }, message: 'Your Tweet text is too long.' }],
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.x.com/2/problems/invalid-request',
    };
    const error = xApiError(answer(400, body), create, now);
    expect(error).toBeInstanceOf(Rejected);
    expect(error.message).toBe('X refused the post: Your Tweet text is too long.');
  });

  it('treats a 5xx on a create as an unknown outcome, and on a read as unavailable', () => {
    const body = { title: 'Internal Server Error', type: 'about:blank', status: 500 };
    expect(xApiError(answer(500, body), create, now)).toBeInstanceOf(OutcomeUnknown);
    expect(xApiError(answer(503, body), read, now)).toBeInstanceOf(Unavailable);
  });

  it('never puts a token from the answer into the error', () => {
    const token = 'Q0Mzb0VhZ0V5dmNXSTEyNER2MFNfVW50RzdXdTN6STFxQlVkTGhTc1lCdlBi';
    const error = xApiError(answer(400, { detail: `bad token ${token}`, access_token: token }), read, now);
    expect(error.message).not.toContain(token);
    expect(error.detail.body).not.toContain(token);
  });

  it('keeps the logged body short', () => {
    const error = xApiError(answer(400, { detail: 'x'.repeat(5000) }), read, now);
    expect(error.detail.body!.length).toBeLessThanOrEqual(500);
  });
});

describe('problemName', () => {
  it('matches the problem type on its suffix whatever the host', () => {
    expect(problemName('https://api.twitter.com/2/problems/resource-not-found')).toBe('resource-not-found');
    expect(problemName('https://api.x.com/2/problems/resource-not-found')).toBe('resource-not-found');
    expect(problemName('about:blank')).toBeUndefined();
  });
});

describe('xTokenError', () => {
  it('says a refused code expired or was already used', () => {
    const body = { error: 'invalid_request', error_description: 'Value passed for the authorization code was invalid.' };
    const error = xTokenError(answer(400, body), 'authorization_code', now);
    expect(error).toBeInstanceOf(AuthExpired);
    expect(error.message).toMatch(/expired or was already used/);
  });

  it('asks for a reconnect when a refresh token is spent, whether X says invalid_request or invalid_grant', () => {
    for (const code of ['invalid_request', 'invalid_grant']) {
      const error = xTokenError(
        answer(400, { error: code, error_description: 'Value passed for the token was invalid.' }),
        'refresh_token',
        now,
      );
      expect(error).toBeInstanceOf(AuthExpired);
    }
  });

  it('blames the server’s app credentials, not the account, for unauthorized_client', () => {
    const body = { error: 'unauthorized_client', error_description: 'Missing valid authorization header' };
    const error = xTokenError(answer(401, body), 'refresh_token', now);
    expect(error).toBeInstanceOf(Rejected);
    expect(error.message).toMatch(/X_CLIENT_SECRET/);
  });
});
