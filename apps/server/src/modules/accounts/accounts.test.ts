import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { admin, advanceClock, consent, injectFault, startSandbox, type RunningSandbox } from '../../../test/helpers/sandbox';
import { signUp } from '../../../test/helpers/session';
import { createTestApp, eventually, type TestApp } from '../../../test/helpers/test-app';

/** Carries cookies between calls the way a browser does for one site. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    take(response: { headers: Record<string, unknown> }) {
      const set = response.headers['set-cookie'];
      for (const line of Array.isArray(set) ? set : set ? [set] : []) {
        const [pair] = String(line).split(';');
        const [name, value] = (pair as string).split('=');
        if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(String(line))) cookies.delete(name as string);
        else cookies.set(name as string, value as string);
      }
    },
  };
}

describe('signing in and connecting with X and LinkedIn', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    await admin(sandbox.url, '/_sandbox/reset', {});
    t = await createTestApp({ env: sandbox.env });
  });
  afterEach(() => t.close());

  const count = async (table: string) => (await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;

  /** The browser's trip: our start URL → the consent page → back to our callback. */
  async function roundTrip(
    start: string,
    options: {
      persona?: string;
      decision?: 'authorize' | 'cancel';
      headers?: Record<string, string>;
      beforeCallback?: () => Promise<void>;
    } = {},
  ) {
    const jar = cookieJar();
    const started = await t.app.inject({ method: 'GET', url: start, headers: { cookie: jar.header(), ...options.headers } });
    jar.take(started);
    const consentUrl =
      started.statusCode === 302 ? (started.headers.location as string) : (started.json().authURL ?? started.json().auth_url);
    const back = await consent(consentUrl, options.persona ?? 'ada_x', options.decision ?? 'authorize');
    await options.beforeCallback?.();
    const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: jar.header() } });
    jar.take(callback);
    return { jar, callback, location: new URL(callback.headers.location as string), back };
  }

  it('signs a new person in with X: consent, callback, a one-time ticket, then a session and a connected account', async () => {
    const { jar, location } = await roundTrip('/auth/x', { persona: 'ada_x' });
    expect(location.pathname).toBe('/auth/callback');
    expect(location.searchParams.get('xConnected')).toBe('true');
    const session = await t.app.inject({
      method: 'POST',
      url: '/auth/social/token',
      headers: { cookie: jar.header() },
      payload: { provider: 'twitter' },
    });
    expect(session.statusCode, session.body).toBe(200);
    const { token, user } = session.json();
    expect(user.username).toBe('ada_x');
    const accounts = (await t.app.inject({ method: 'GET', url: '/auth/accounts', headers: { authorization: `Bearer ${token}` } })).json();
    expect(accounts.socials).toMatchObject([{ provider: 'x', username: 'ada_x', sandbox: true, status: 'connected' }]);
    // The ticket works once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/social/token',
      headers: { cookie: jar.header() },
      payload: { provider: 'twitter' },
    });
    expect(again.statusCode).toBe(401);
    // Signing in again later finds the same person.
    const second = await roundTrip('/auth/x', { persona: 'ada_x' });
    const secondSession = await t.app.inject({
      method: 'POST',
      url: '/auth/social/token',
      headers: { cookie: second.jar.header() },
      payload: { provider: 'x' },
    });
    expect(secondSession.json().user.id).toBe(user.id);
    expect(await count('users')).toBe(1);
  });

  it('stores the network tokens encrypted', async () => {
    await roundTrip('/auth/x');
    const { rows } = await t.database.db.query<{ access: Buffer }>('SELECT access_token_enc AS access FROM social_accounts');
    const sandboxTokens = await admin<{ access_token: string }>(sandbox.url, '/_sandbox/x/tokens', { username: 'someone_else' });
    expect(rows[0]?.access.length).toBeGreaterThan(28);
    expect(rows[0]?.access.toString('utf8')).not.toMatch(/^[\w-]{20,}$/);
    expect(sandboxTokens.access_token).toBeDefined();
  });

  it('refuses a callback whose state is unknown, or that arrives in another browser, and saves nothing', async () => {
    const { back } = await roundTrip('/auth/x', { beforeCallback: async () => {} });
    // The state was spent by that callback: replaying the same answer is refused.
    const replay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(new URL(replay.headers.location as string).searchParams.get('error')).toBe('expired');

    const jar = cookieJar();
    const started = await t.app.inject({ method: 'GET', url: '/auth/x', headers: { cookie: jar.header() } });
    const otherBrowser = await consent(started.headers.location as string, 'mallory');
    const callback = await t.app.inject({ method: 'GET', url: `${otherBrowser.pathname}${otherBrowser.search}` });
    expect(new URL(callback.headers.location as string).searchParams.get('error')).toBe('other_browser');

    const tampered = await t.app.inject({ method: 'GET', url: '/auth/x/callback?code=abc&state=not-ours' });
    expect(new URL(tampered.headers.location as string).searchParams.get('error')).toBe('expired');
    expect(await count('users')).toBe(1);
  });

  it('explains a cancelled consent, an expired code, a PKCE mismatch and a network failure, and creates nobody', async () => {
    const cancelled = await roundTrip('/auth/x', { decision: 'cancel' });
    expect(cancelled.location.searchParams.get('error')).toBe('cancelled');
    expect(cancelled.location.searchParams.get('network')).toBe('x');

    // X's codes live 30 seconds.
    const expired = await roundTrip('/auth/x', {
      persona: 'slow',
      beforeCallback: async () => {
        await advanceClock(sandbox.url, 31_000);
      },
    });
    expect(expired.location.searchParams.get('error')).toBe('code_expired');

    // Someone swapped the verifier we kept: X refuses the code.
    const mismatch = await roundTrip('/auth/x', {
      persona: 'pkce',
      beforeCallback: async () => {
        const { rows } = await t.database.db.query<{ state_hash: Buffer }>('SELECT state_hash FROM oauth_states');
        const stateHash = rows[0]?.state_hash as Buffer;
        await t.database.db.query('UPDATE oauth_states SET code_verifier_enc = $1', [
          (await import('../../lib/secret-box'))
            .createSecretBox(t.config.secretKey as Buffer)
            .seal('a-different-verifier-of-forty-three-characters', `oauth_states:${stateHash.toString('hex')}`),
        ]);
      },
    });
    expect(mismatch.location.searchParams.get('error')).toBe('code_expired');

    await injectFault(sandbox.url, { network: 'x', endpoint: 'x.oauth.token', kind: 'server_error' });
    const down = await roundTrip('/auth/x', { persona: 'outage' });
    expect(down.location.searchParams.get('error')).toBe('unreachable');
    expect(await count('users')).toBe(0);
    expect(await count('social_accounts')).toBe(0);
  });

  it('sends only a code from its catalogue to the failure page, never the text a callback carried', async () => {
    const jar = cookieJar();
    const started = await t.app.inject({ method: 'GET', url: '/auth/x' });
    jar.take(started);
    const state = new URL(started.headers.location as string).searchParams.get('state') as string;
    const callback = await t.app.inject({
      method: 'GET',
      url: `/auth/x/callback?state=${state}&error=server_error&error_description=${encodeURIComponent('Your account is locked: call +1 555 0100')}`,
      headers: { cookie: jar.header() },
    });
    const location = new URL(callback.headers.location as string);
    expect(location.pathname).toBe('/auth/callback');
    expect([...location.searchParams]).toEqual([
      ['error', 'network_error'],
      ['network', 'x'],
    ]);
    expect(callback.headers.location).not.toMatch(/locked|555/);
  });

  it('connects LinkedIn to a signed-in person and returns to Connect Accounts; another person cannot take that account', async () => {
    const person = await signUp(t, 'Grace');
    const { location } = await roundTrip('/auth/link/linkedin', { persona: 'Grace Hopper', headers: person.headers });
    expect(location.searchParams.get('linkedInConnected')).toBe('true');
    expect(location.searchParams.get('next')).toBe('/connect-accounts');
    const accounts = (await t.app.inject({ method: 'GET', url: '/auth/accounts', headers: person.headers })).json().socials;
    expect(accounts).toMatchObject([{ provider: 'linkedin', displayName: 'Grace Hopper' }]);

    const rival = await signUp(t, 'Rival');
    const taken = await roundTrip('/auth/link/linkedin', { persona: 'Grace Hopper', headers: rival.headers });
    expect(taken.location.searchParams.get('error')).toBe('account_taken');
    expect(taken.location.searchParams.get('next')).toBe('/connect-accounts');
    expect((await t.app.inject({ method: 'GET', url: '/auth/accounts', headers: rival.headers })).json().socials).toEqual([]);
  });

  it('connects a second X account through the consent page, and each becomes a channel; disconnecting one keeps the other', async () => {
    const person = await signUp(t, 'Grace');
    await roundTrip('/auth/link/x', { persona: 'grace_x', headers: person.headers });
    await roundTrip('/auth/link/x', { persona: 'grace_work', headers: person.headers });
    const accounts = (await t.app.inject({ method: 'GET', url: '/auth/accounts', headers: person.headers })).json().socials as Array<{
      id: string;
      username: string;
    }>;
    expect(accounts.map((account) => account.username).sort()).toEqual(['grace_work', 'grace_x']);
    const channels = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/v1/channels', headers: person.headers })).json().channels as Array<{
          handle: string;
        }>
      )
        .map((channel) => channel.handle)
        .sort();
    expect(await channels()).toEqual(['grace_work', 'grace_x']);

    const work = accounts.find((account) => account.username === 'grace_work') as { id: string };
    const removed = await t.app.inject({ method: 'DELETE', url: `/auth/social/${work.id}`, headers: person.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await channels()).toEqual(['grace_x']);
  });

  it('disconnects: revokes the token at the network, deletes our copy, and hides other people’s accounts', async () => {
    const person = await signUp(t, 'Grace');
    await roundTrip('/auth/link/x', { persona: 'grace_x', headers: person.headers });
    const [account] = (await t.app.inject({ method: 'GET', url: '/auth/accounts', headers: person.headers })).json().socials;
    const token = await t.services.vault.withAccount(account.id, async (ref) => ref.accessToken);

    const stranger = await signUp(t, 'Stranger');
    expect((await t.app.inject({ method: 'DELETE', url: `/auth/social/${account.id}`, headers: stranger.headers })).statusCode).toBe(404);

    const removed = await t.app.inject({ method: 'DELETE', url: `/auth/social/${account.id}`, headers: person.headers });
    expect(removed.json()).toEqual({
      disconnected: true,
      message: 'Your X account has been disconnected. It no longer signs you in.',
      signIn: 'removed',
    });
    expect(await count('social_accounts')).toBe(0);
    const me = await fetch(`${sandbox.url}/x/2/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
  });

  describe('sign-in methods', () => {
    const methods = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/auth/sign-in-methods', headers })).json().methods as {
        id: string;
        kind: string;
        label: string | null;
      }[];
    const socialSession = async (jar: { header(): string }) =>
      (
        await t.app.inject({ method: 'POST', url: '/auth/social/token', headers: { cookie: jar.header() }, payload: { provider: 'x' } })
      ).json();
    const connectedX = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/auth/accounts', headers })).json().socials[0] as { id: string };

    it('a disconnected X account stops signing in by default: signing in with it then makes a new person', async () => {
      const person = await signUp(t, 'Grace');
      await roundTrip('/auth/link/x', { persona: 'grace_x', headers: person.headers });
      expect((await methods(person.headers)).map((method) => [method.kind, method.label])).toEqual([
        ['password', null],
        ['x', '@grace_x'],
      ]);
      const account = await connectedX(person.headers);
      const removed = await t.app.inject({ method: 'DELETE', url: `/auth/social/${account.id}`, headers: person.headers });
      expect(removed.json().message).toBe('Your X account has been disconnected. It no longer signs you in.');
      expect((await methods(person.headers)).map((method) => method.kind)).toEqual(['password']);

      const signIn = await roundTrip('/auth/x', { persona: 'grace_x' });
      const stranger = await socialSession(signIn.jar);
      expect(stranger.user.id).not.toBe(person.userId);
    });

    it('keeps signing in with a disconnected account when asked to', async () => {
      const person = await signUp(t, 'Grace');
      await roundTrip('/auth/link/x', { persona: 'grace_x', headers: person.headers });
      const account = await connectedX(person.headers);
      const kept = await t.app.inject({ method: 'DELETE', url: `/auth/social/${account.id}?signIn=keep`, headers: person.headers });
      expect(kept.json().message).toBe('Your X account has been disconnected. You can still sign in with it.');
      const signIn = await roundTrip('/auth/x', { persona: 'grace_x' });
      expect((await socialSession(signIn.jar)).user.id).toBe(person.userId);
    });

    it('never leaves an account without a way in, and removing the password needs it', async () => {
      const first = await roundTrip('/auth/x', { persona: 'ada_x' });
      const session = await socialSession(first.jar);
      const headers = { authorization: `Bearer ${session.token}` };
      const [x] = await methods(headers);
      const last = await t.app.inject({ method: 'DELETE', url: `/auth/sign-in-methods/${x?.id}`, headers, payload: {} });
      expect(last.statusCode).toBe(409);
      expect(last.json().error.message).toContain('only way to sign in');
      const account = await connectedX(headers);
      const refused = await t.app.inject({ method: 'DELETE', url: `/auth/social/${account.id}?signIn=remove`, headers });
      expect(refused.statusCode).toBe(409);
      expect(await count('social_accounts')).toBe(1);

      // A password first (the sign-in is fresh), then X can go; the password itself needs confirming.
      const set = await t.app.inject({ method: 'PUT', url: '/auth/password', headers, payload: { password: 'a brand new password' } });
      expect(set.statusCode, set.body).toBe(200);
      const withoutPassword = await t.app.inject({ method: 'DELETE', url: '/auth/sign-in-methods/password', headers, payload: {} });
      expect(withoutPassword.statusCode).toBe(400);
      expect(withoutPassword.json().error.fields.currentPassword).toBe('Enter your current password');
      const left = await t.app.inject({ method: 'DELETE', url: `/auth/sign-in-methods/${x?.id}`, headers, payload: {} });
      expect(left.json().methods.map((method: { kind: string }) => method.kind)).toEqual(['password']);
      const lastPassword = await t.app.inject({
        method: 'DELETE',
        url: '/auth/sign-in-methods/password',
        headers,
        payload: { currentPassword: 'a brand new password' },
      });
      expect(lastPassword.statusCode).toBe(409);
    });
  });

  it('imports the history of a newly connected account, reads its numbers, and finds the hour the audience model favours', async () => {
    await admin(sandbox.url, '/_sandbox/x/history', { username: 'veteran', days: 200, postsPerDay: 1.5, seed: 'connections-test' });
    const person = await signUp(t, 'Veteran');
    await roundTrip('/auth/link/x', { persona: 'veteran', headers: person.headers });
    const synced = await eventually(async () => {
      const { rows } = await t.database.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM post_targets WHERE imported AND metrics_updated_at IS NOT NULL AND workspace_id = $1`,
        [person.userId],
      );
      return (rows[0]?.n ?? 0) >= 300 ? rows[0] : undefined;
    }, 30_000);
    expect(synced.n).toBe(300);
    const drafts = await t.services.insights.generateInsights(person.userId, 'x', 'UTC');
    // The shipped audience model: engagement 1.5× from 09:00 to 11:00; 1–2 hashtags help, 3 or more hurt.
    expect(drafts.find((draft) => draft.fingerprint.startsWith('posting_time:'))?.title).toMatch(/between (08|09|10):00 and (10|11|12):00/);
    expect(drafts.find((draft) => draft.type === 'hashtag_strategy')?.title).toMatch(
      /^Posts with (3 or more hashtags engage less|1–2 hashtags engage best)$/,
    );
  }, 40_000);
});
