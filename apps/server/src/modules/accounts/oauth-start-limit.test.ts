import { callbackErrorMessage } from '@postflow/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../test/helpers/sandbox';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

describe('starting a sign-in with X or LinkedIn without an account (issue 17, item 16)', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    t = await createTestApp({ env: sandbox.env, worker: false });
  });
  afterEach(() => t.close());

  const states = async () => (await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM oauth_states')).rows[0]?.n;
  const start = (path: string, remoteAddress: string) => t.app.inject({ method: 'GET', url: path, remoteAddress });

  it('is limited per address: past 30 in 15 minutes it stores nothing and says when to try again', async () => {
    for (let index = 0; index < 30; index += 1) {
      const started = await start(index % 2 ? '/auth/x' : '/auth/linkedin', '203.0.113.7');
      expect(new URL(started.headers.location as string).pathname).not.toBe('/auth/callback');
    }
    expect(await states()).toBe(30);

    for (const path of ['/auth/x', '/auth/linkedin']) {
      const refused = await start(path, '203.0.113.7');
      expect(refused.statusCode).toBe(302);
      const failure = new URL(refused.headers.location as string);
      expect(failure.pathname).toBe('/auth/callback');
      expect(failure.searchParams.get('error')).toBe('too_many_starts');
      const shown = callbackErrorMessage(
        failure.searchParams.get('error'),
        failure.searchParams.get('network'),
        failure.searchParams.get('retry'),
      );
      expect(shown).toMatch(/Too many sign-in attempts.*Try again in \d+ minutes?/);
    }
    expect(await states()).toBe(30);

    // Someone else, elsewhere, is not affected.
    const elsewhere = await start('/auth/x', '198.51.100.20');
    expect(new URL(elsewhere.headers.location as string).pathname).not.toBe('/auth/callback');
    expect(await states()).toBe(31);
  });
});
