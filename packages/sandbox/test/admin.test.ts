import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_LINKEDIN_CLIENT_ID,
  DEFAULT_LINKEDIN_CLIENT_SECRET,
  DEFAULT_X_CLIENT_ID,
  DEFAULT_X_CLIENT_SECRET,
  SEEDED_ORGANIZATIONS,
} from '../src/index';
import { json, postJson, startSandbox, type RunningSandbox } from './helpers/sandbox';

describe('admin API', () => {
  let running: RunningSandbox;

  beforeAll(async () => {
    running = await startSandbox({ appUrl: 'http://localhost:9090' });
  });
  afterAll(async () => {
    await running.close();
  });

  it('registers the two default apps against the app URL', async () => {
    const { apps } = await json<{ apps: Array<Record<string, unknown>> }>(await fetch(`${running.url}/_sandbox/apps`));
    expect(apps).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          network: 'x',
          clientId: DEFAULT_X_CLIENT_ID,
          clientSecret: DEFAULT_X_CLIENT_SECRET,
          redirectUris: ['http://localhost:9090/auth/x/callback'],
        }),
        expect.objectContaining({
          network: 'linkedin',
          clientId: DEFAULT_LINKEDIN_CLIENT_ID,
          clientSecret: DEFAULT_LINKEDIN_CLIENT_SECRET,
          redirectUris: ['http://localhost:9090/auth/linkedin/callback'],
        }),
      ]),
    );
  });

  it('validates app registrations', async () => {
    const response = await postJson(`${running.url}/_sandbox/apps`, { network: 'x', clientId: 'bad', redirectUris: ['not a url'] });
    expect(response.status).toBe(400);
    expect((await json<{ error: string }>(response)).error).toMatch(/redirectUris/);
  });

  it('mints X tokens for a persona, creating it when missing', async () => {
    const first = await json<Record<string, unknown> & { user: { id: string; username: string } }>(
      await postJson(`${running.url}/_sandbox/x/tokens`, { username: 'admin_made', scopes: ['tweet.read', 'users.read'] }),
    );
    expect(first).toMatchObject({
      token_type: 'bearer',
      expires_in: 7200,
      scope: 'tweet.read users.read',
      user: { username: 'admin_made' },
    });
    expect(first.refresh_token).toBeUndefined();
    const second = await json<{ user: { id: string } }>(await postJson(`${running.url}/_sandbox/x/tokens`, { username: 'admin_made' }));
    expect(second.user.id).toBe(first.user.id);
    expect((await postJson(`${running.url}/_sandbox/x/tokens`, { username: 'has spaces' })).status).toBe(400);
  });

  it('mints LinkedIn tokens and reports the seeded organisations of the seeded admin', async () => {
    const alice = await json<{
      expires_in: number;
      member: { personUrn: string; organizations: Array<{ name: string; roles: string[] }> };
    }>(await postJson(`${running.url}/_sandbox/linkedin/tokens`, { name: 'Alice Admin' }));
    expect(alice.expires_in).toBe(5_184_000);
    expect(alice.member.organizations.map((organization) => organization.name).sort()).toEqual([...SEEDED_ORGANIZATIONS].sort());
    const plain = await json<{ member: { organizations: unknown[] } }>(
      await postJson(`${running.url}/_sandbox/linkedin/tokens`, { name: 'Plain Member' }),
    );
    expect(plain.member.organizations).toEqual([]);
  });

  it('moves the clock forward only', async () => {
    const before = await json<{ nowMs: number; offsetMs: number }>(await fetch(`${running.url}/_sandbox/clock`));
    const after = await json<{ nowMs: number; offsetMs: number }>(
      await postJson(`${running.url}/_sandbox/clock`, { advanceMs: 3_600_000 }),
    );
    expect(after.offsetMs).toBe(before.offsetMs + 3_600_000);
    expect(after.nowMs - before.nowMs).toBeGreaterThanOrEqual(3_600_000);
    expect((await postJson(`${running.url}/_sandbox/clock`, { advanceMs: -1 })).status).toBe(400);
  });

  it('lists when a post arrived on the real clock too, so a moved sandbox clock cannot skew a punctuality check', async () => {
    await postJson(`${running.url}/_sandbox/clock`, { advanceMs: 2 * 86_400_000 });
    const issued = await json<{ access_token: string }>(await postJson(`${running.url}/_sandbox/x/tokens`, { username: 'punctual' }));
    const sentAt = Date.now();
    await postJson(`${running.url}/x/2/tweets`, { text: 'on the real clock' }, { authorization: `Bearer ${issued.access_token}` });
    const { posts } = await json<{ posts: Array<{ receivedAt: string; arrivedAt: string }> }>(
      await fetch(`${running.url}/_sandbox/x/posts?username=punctual`),
    );
    expect(Date.parse(posts[0]?.receivedAt as string) - sentAt).toBeGreaterThanOrEqual(2 * 86_400_000);
    expect(Math.abs(Date.parse(posts[0]?.arrivedAt as string) - sentAt)).toBeLessThan(1_000);
  });

  it('resets to the seed: posts, tokens, clock offset and faults are gone, seeded personas stay', async () => {
    const issued = await json<{ access_token: string }>(await postJson(`${running.url}/_sandbox/x/tokens`, { username: 'temporary' }));
    await postJson(`${running.url}/x/2/tweets`, { text: 'before reset' }, { authorization: `Bearer ${issued.access_token}` });
    await postJson(`${running.url}/_sandbox/faults`, { rules: [{ network: 'x', kind: 'server_error', rate: 0 }] });
    expect((await fetch(`${running.url}/_sandbox/reset`, { method: 'POST' })).status).toBe(200);
    expect((await json<{ posts: unknown[] }>(await fetch(`${running.url}/_sandbox/x/posts`))).posts).toEqual([]);
    expect((await json<{ rules: unknown[] }>(await fetch(`${running.url}/_sandbox/faults`))).rules).toEqual([]);
    expect((await json<{ offsetMs: number }>(await fetch(`${running.url}/_sandbox/clock`))).offsetMs).toBe(0);
    expect((await fetch(`${running.url}/x/2/users/me`, { headers: { authorization: `Bearer ${issued.access_token}` } })).status).toBe(401);
    const personas = await json<{ personas: Array<{ username: string }> }>(await fetch(`${running.url}/_sandbox/x/personas`));
    expect(personas.personas.map((persona) => persona.username)).toEqual(['sandbox_alice', 'sandbox_bob']);
  });

  it('can relax rate limits at run time (benchmarks)', async () => {
    const config = await json<{ enabled: boolean; x: Record<string, { perUser: number }> }>(
      await postJson(`${running.url}/_sandbox/rate-limits`, { x: { 'x.tweets.create': { perUser: 5000 } } }),
    );
    expect(config.x['x.tweets.create']?.perUser).toBe(5000);
    const disabled = await json<{ enabled: boolean }>(await postJson(`${running.url}/_sandbox/rate-limits`, { enabled: false }));
    expect(disabled.enabled).toBe(false);
  });

  it('renders an accessible consent page that escapes what the app sends', async () => {
    const state = '"><script>alert(1)</script>';
    const response = await fetch(
      `${running.url}/x/i/oauth2/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: DEFAULT_X_CLIENT_ID,
        redirect_uri: 'http://localhost:9090/auth/x/callback',
        scope: 'tweet.read users.read',
        state,
        code_challenge: 'challenge',
        code_challenge_method: 'plain',
      })}`,
    );
    const html = await response.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('<html lang="en">');
    const ids = [...html.matchAll(/<input type="(?:radio|text)" id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(1);
    for (const id of ids) expect(html).toMatch(new RegExp(`<label[^>]* for="${id}"`));
    expect(html).toContain('>Authorize app</button>');
    expect(html).toContain('>Cancel</button>');
  });
});

describe('state file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
  const stateFile = join(directory, 'nested', 'state.json');
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('keeps tokens, posts and the clock offset across a restart', async () => {
    const first = await startSandbox({ stateFile, persistDebounceMs: 10 });
    const issued = await json<{ access_token: string; refresh_token: string }>(
      await postJson(`${first.url}/_sandbox/x/tokens`, { username: 'survivor' }),
    );
    await postJson(`${first.url}/x/2/tweets`, { text: 'still here after restart' }, { authorization: `Bearer ${issued.access_token}` });
    await postJson(`${first.url}/_sandbox/clock`, { advanceMs: 60_000 });
    await first.close();

    const second = await startSandbox({ stateFile });
    try {
      const me = await fetch(`${second.url}/x/2/users/me`, { headers: { authorization: `Bearer ${issued.access_token}` } });
      expect(me.status).toBe(200);
      const posts = await json<{ posts: Array<{ text: string }> }>(await fetch(`${second.url}/_sandbox/x/posts`));
      expect(posts.posts.map((post) => post.text)).toEqual(['still here after restart']);
      expect((await json<{ offsetMs: number }>(await fetch(`${second.url}/_sandbox/clock`))).offsetMs).toBe(60_000);
      const refreshed = await fetch(`${second.url}/x/2/oauth2/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${DEFAULT_X_CLIENT_ID}:${DEFAULT_X_CLIENT_SECRET}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: issued.refresh_token }).toString(),
      });
      expect(refreshed.status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
