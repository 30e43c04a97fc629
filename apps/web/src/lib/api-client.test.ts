import { api } from '@postflow/contract/client';
import { describe, expect, it, vi } from 'vitest';
import { anAccount, apiError, aSession, aUser, mockApi, rawAnswer, reply, signIn } from '../test/api-mock';
import { expectConsoleError } from '../test/console';
import { ApiError, apiCall, apiRequest, NETWORK_ERROR_MESSAGE, REQUEST_TIMEOUT_MS, TIMEOUT_MESSAGE } from './api-client';
import { pageNavigation } from './page-navigation';
import { onWorkspaceGone } from './workspace-storage';

describe('apiCall', () => {
  it('sends JSON with the bearer token and cookies, and returns the parsed answer', async () => {
    signIn({ token: 'abc' });
    const server = mockApi(reply(api.accounts.list, { body: { socials: [anAccount()] } }));

    const answer = await apiCall(api.accounts.list);

    expect(answer.socials[0]?.username).toBe('ada_on_x');
    const [call] = server.calls;
    expect(call?.headers).toMatchObject({ Accept: 'application/json', Authorization: 'Bearer abc' });
    expect(call?.credentials).toBe('include');
  });

  it('posts the body as JSON', async () => {
    const server = mockApi(reply(api.auth.login, { body: aSession() }));

    await apiCall(api.auth.login, { body: { email: 'ada@example.com', password: 'secret-password' } });

    expect(server.calls[0]?.body).toEqual({ email: 'ada@example.com', password: 'secret-password' });
    expect(server.calls[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('encodes the query and skips empty values', async () => {
    const server = mockApi(reply(api.feed.personal, { body: { posts: [], total_count: 0, total_count_exact: true } }));

    await apiRequest({
      method: 'GET',
      path: '/api/v1/social/feed',
      auth: 'none',
      query: { type: 'personal', limit: 10, platform: undefined, tag: ['a b', 'c'] },
    });

    expect(server.calls[0]?.search.toString()).toBe('type=personal&limit=10&tag=a+b&tag=c');
  });

  it('calls the API at the base address set at run time', async () => {
    window.__POSTFLOW_CONFIG__ = { apiBaseUrl: 'https://api.example.com/' };
    const server = mockApi(reply(api.accounts.list, { body: { socials: [] } }));

    await apiCall(api.accounts.list);

    expect(server.fetchMock.mock.calls[0]?.[0]).toBe('https://api.example.com/auth/accounts');
  });

  it("turns the server's error shape into an ApiError with its code, message and fields", async () => {
    mockApi(
      reply(api.auth.register, apiError(409, 'conflict', 'An account with this email already exists', { email: 'Already registered' })),
    );

    const error = await apiCall(api.auth.register, { body: { name: 'Ada', email: 'ada@example.com', password: 'long-enough' } }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'An account with this email already exists',
      fields: { email: 'Already registered' },
    });
  });

  it('explains a network failure in words a person understands', async () => {
    mockApi(reply(api.accounts.list, 'network-error'));

    await expect(apiCall(api.accounts.list)).rejects.toMatchObject({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
  });

  it('gives up after 10 seconds', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const outcome = apiCall(api.accounts.list).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]?.[1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(await outcome).toMatchObject({ code: 'timeout', message: TIMEOUT_MESSAGE });
  });

  it('logs server failures (5xx) and still rejects with them', async () => {
    mockApi(reply(api.accounts.list, apiError(503, 'upstream_unavailable', 'X is not answering')));

    await expect(apiCall(api.accounts.list)).rejects.toMatchObject({ status: 503, message: 'X is not answering' });
    expectConsoleError(/GET \/auth\/accounts failed with 503/);
  });

  it('falls back on a message by status when the answer is not our error shape', async () => {
    mockApi(reply(api.accounts.list, rawAnswer(404, '<html>Not found</html>')));

    await expect(apiCall(api.accounts.list)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'We could not find what you were looking for.',
    });
  });
});

describe('apiCall when the session has expired (401)', () => {
  it('renews the token once with the refresh token and replays the call', async () => {
    signIn({ token: 'old-token', refreshToken: 'old-refresh' });
    const server = mockApi(
      reply(api.auth.profile, (call) =>
        call.headers.Authorization === 'Bearer new-token' ? { body: { user: aUser() } } : apiError(401, 'unauthorized', 'Token expired'),
      ),
      reply(api.auth.refresh, { body: aSession() }),
    );

    const answer = await apiCall(api.auth.profile);

    expect(answer.user.name).toBe('Ada Lovelace');
    expect(server.callsTo(api.auth.refresh)).toHaveLength(1);
    expect(server.callsTo(api.auth.refresh)[0]?.body).toEqual({ refreshToken: 'old-refresh' });
    expect(server.callsTo(api.auth.profile)).toHaveLength(2);
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh-token');
    expect(pageNavigation.assign).not.toHaveBeenCalled();
  });

  it('shares one renewal between calls that fail together', async () => {
    signIn({ token: 'old-token' });
    let releaseRefresh: () => void = () => {};
    const server = mockApi(
      reply(api.auth.profile, (call) =>
        call.headers.Authorization === 'Bearer new-token' ? { body: { user: aUser() } } : apiError(401, 'unauthorized', 'Token expired'),
      ),
      reply(api.accounts.list, (call) =>
        call.headers.Authorization === 'Bearer new-token' ? { body: { socials: [] } } : apiError(401, 'unauthorized', 'Token expired'),
      ),
      reply(api.auth.refresh, () => new Promise((resolve) => (releaseRefresh = () => resolve({ body: aSession() })))),
    );

    const both = Promise.all([apiCall(api.auth.profile), apiCall(api.accounts.list)]);
    await vi.waitFor(() => expect(server.callsTo(api.auth.refresh)).toHaveLength(1));
    releaseRefresh();
    const [profile, accounts] = await both;

    expect(profile.user.name).toBe('Ada Lovelace');
    expect(accounts.socials).toEqual([]);
    expect(server.callsTo(api.auth.refresh)).toHaveLength(1);
  });

  it('waits while another tab renews the session, then uses the pair that tab stored instead of renewing again', async () => {
    signIn({ token: 'old-token', refreshToken: 'old-refresh' });
    // The browser's Web Locks, as two tabs see them: one holder at a time, in turn.
    let tail: Promise<unknown> = Promise.resolve();
    const locks = {
      request: (_name: string, task: () => unknown) => {
        const turn = tail.then(task);
        tail = turn.catch(() => undefined);
        return turn;
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      const server = mockApi(
        reply(api.auth.profile, (call) =>
          call.headers.Authorization === 'Bearer other-tab-token'
            ? { body: { user: aUser() } }
            : apiError(401, 'unauthorized', 'Token expired'),
        ),
        reply(api.auth.refresh, { body: aSession() }),
      );
      let otherTabDone: () => void = () => {};
      // The other tab holds the lock while it renews…
      void locks.request('postflow-session-renewal', () => new Promise<void>((resolve) => (otherTabDone = resolve)));

      const answer = apiCall(api.auth.profile);
      await vi.waitFor(() => expect(server.callsTo(api.auth.profile)).toHaveLength(1));
      // This tab has its 401 by now and would renew at once if it did not wait its turn.
      await new Promise((resolve) => setTimeout(resolve, 50));
      // …and stores its new pair before letting go.
      localStorage.setItem('token', 'other-tab-token');
      localStorage.setItem('refreshToken', 'other-tab-refresh');
      otherTabDone();

      expect((await answer).user.name).toBe('Ada Lovelace');
      expect(server.callsTo(api.auth.refresh)).toHaveLength(0);
      expect(localStorage.getItem('refreshToken')).toBe('other-tab-refresh');
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('clears the session and sends the browser to /login when renewal is refused', async () => {
    signIn();
    localStorage.setItem('sessionId', 'session-1');
    mockApi(
      reply(api.accounts.list, apiError(401, 'unauthorized', 'Token expired')),
      reply(api.auth.refresh, apiError(401, 'unauthorized', 'Refresh token revoked')),
    );

    await expect(apiCall(api.accounts.list)).rejects.toMatchObject({ status: 401 });

    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('sessionId')).toBeNull();
    expect(pageNavigation.assign).toHaveBeenCalledWith('/login');
  });

  it('does not try to renew when there is no refresh token', async () => {
    localStorage.setItem('token', 'old-token');
    const server = mockApi(reply(api.accounts.list, apiError(401, 'unauthorized', 'Token expired')));

    await expect(apiCall(api.accounts.list)).rejects.toMatchObject({ status: 401 });

    expect(server.callsTo(api.auth.refresh)).toHaveLength(0);
    expect(pageNavigation.assign).toHaveBeenCalledWith('/login');
  });

  it('passes a wrong password (401 on login) through without renewing or redirecting', async () => {
    signIn();
    const server = mockApi(reply(api.auth.login, apiError(401, 'unauthorized', 'Email or password is incorrect')));

    await expect(apiCall(api.auth.login, { body: { email: 'ada@example.com', password: 'wrong' } })).rejects.toMatchObject({
      message: 'Email or password is incorrect',
    });

    expect(server.callsTo(api.auth.refresh)).toHaveLength(0);
    expect(pageNavigation.assign).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('stored-token');
  });

  it('keeps the tokens when the server cannot be reached for renewal', async () => {
    signIn();
    mockApi(reply(api.accounts.list, apiError(401, 'unauthorized', 'Token expired')), reply(api.auth.refresh, 'network-error'));

    await expect(apiCall(api.accounts.list)).rejects.toMatchObject({ code: 'network_error' });

    expect(localStorage.getItem('token')).toBe('stored-token');
    expect(pageNavigation.assign).not.toHaveBeenCalled();
  });
});

describe('apiCall in a workspace', () => {
  const acme = '7d3e1a52-4b6c-4f8d-9e0a-1b2c3d4e5f60';

  it('names the stored workspace on every call, and none when there is none', async () => {
    const server = mockApi(reply(api.accounts.list, { body: { socials: [] } }));

    await apiCall(api.accounts.list);
    localStorage.setItem('postflow.workspace', acme);
    await apiCall(api.accounts.list);

    expect(server.calls.map((call) => call.headers['x-workspace-id'])).toEqual([undefined, acme]);
  });

  it('reports a workspace the server no longer knows for this person, and still rejects the call', async () => {
    localStorage.setItem('postflow.workspace', acme);
    mockApi(reply(api.accounts.list, apiError(404, 'not_found', 'This workspace does not exist, or you are not a member of it.')));
    const gone = vi.fn();
    const stop = onWorkspaceGone(gone);

    await expect(apiCall(api.accounts.list)).rejects.toMatchObject({ status: 404 });
    stop();

    expect(gone).toHaveBeenCalledWith(acme);
  });

  it('does not take any other 404 for a lost workspace', async () => {
    localStorage.setItem('postflow.workspace', acme);
    mockApi(reply(api.posts.remove, apiError(404, 'not_found', 'Post not found')));
    const gone = vi.fn();
    const stop = onWorkspaceGone(gone);

    await expect(apiCall(api.posts.remove, { params: { id: acme } })).rejects.toMatchObject({ status: 404 });
    stop();

    expect(gone).not.toHaveBeenCalled();
  });
});
