import { describe, expect, it } from 'vitest';
import { OutcomeUnknown, Unavailable } from '../errors';
import { createHttpClient } from './http-client';
import { redact } from './redact';

function failingFetch(error: unknown): typeof fetch {
  return async () => {
    throw error;
  };
}

const fetchFailed = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) });

describe('createHttpClient', () => {
  it('reports a refused connection as unavailable even for a create: nothing was sent', async () => {
    const http = createHttpClient({ networkName: 'X', fetch: failingFetch(fetchFailed('ECONNREFUSED')), timeoutMs: 1000 });
    await expect(http({ method: 'POST', url: 'http://x.invalid/2/tweets', kind: 'create' })).rejects.toBeInstanceOf(Unavailable);
  });

  it('reports a cut connection as an unknown outcome on a create, unavailable on a read', async () => {
    const http = createHttpClient({ networkName: 'X', fetch: failingFetch(fetchFailed('ECONNRESET')), timeoutMs: 1000 });
    await expect(http({ method: 'POST', url: 'http://x.invalid/2/tweets', kind: 'create' })).rejects.toBeInstanceOf(OutcomeUnknown);
    await expect(http({ method: 'GET', url: 'http://x.invalid/2/users/me', kind: 'read' })).rejects.toBeInstanceOf(Unavailable);
  });

  it('gives up after the timeout and says the post may exist', async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const http = createHttpClient({ networkName: 'LinkedIn', fetch: hanging, timeoutMs: 50 });
    const error = await http({ method: 'POST', url: 'http://li.invalid/rest/posts', kind: 'create' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect((error as Error).message).toMatch(/did not answer within 0\.1 s; the post may or may not have been published/);
  });
});

describe('redact', () => {
  it('removes tokens but keeps numeric ids and urns', () => {
    const text =
      '{"access_token":"abc","refresh_token":"def","id":"1445880548472328192","urn":"urn:li:share:7429862475279511552"} Bearer AQUvlL_DYEzvT2wz1QJiEPeLioeA';
    const cleaned = redact(text);
    expect(cleaned).not.toMatch(/abc|def|AQUvlL/);
    expect(cleaned).toContain('1445880548472328192');
    expect(cleaned).toContain('urn:li:share:7429862475279511552');
  });
});
