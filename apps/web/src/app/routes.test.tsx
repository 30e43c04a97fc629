import { api } from '@postflow/contract/client';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, aSession, aUser, mockApi, never, reply, signIn } from '../test/api-mock';
import { emptyPageData } from '../test/page-data';
import { expectConsoleError } from '../test/console';
import { renderApp } from '../test/render-app';

const signedInApi = [
  reply(api.auth.profile, { body: { user: aUser() } }),
  reply(api.accounts.list, { body: { socials: [] } }),
  reply(api.accounts.connections, {
    body: {
      x: { connected: false, username: null, status: null, sandbox: false, available: true },
      linkedin: { connected: false, username: null, status: null, sandbox: false, available: true },
    },
  }),
];

describe('protected routes', () => {
  it("shows 'Loading...' while a stored token is checked, then the page when it is valid", async () => {
    signIn();
    let answerProfile: () => void = () => {};
    mockApi(
      ...emptyPageData,
      ...signedInApi,
      reply(api.auth.profile, () => new Promise((resolve) => (answerProfile = () => resolve({ body: { user: aUser() } })))),
    );

    renderApp('/feed');

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answerProfile();
    expect(await screen.findByRole('heading', { name: 'Your Feed' })).toBeInTheDocument();
    expect(screen.getByText('Your published posts')).toBeInTheDocument();
  });

  it('sends a visitor without a token to /login', async () => {
    mockApi(...emptyPageData);

    const app = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });

  it("clears a stored token the server rejects and sends the visitor to /login after 'Loading...'", async () => {
    localStorage.setItem('token', 'expired-token');
    localStorage.setItem('sessionId', 'session-1');
    mockApi(...emptyPageData, reply(api.auth.profile, apiError(401, 'unauthorized', 'Token expired')));

    const app = renderApp('/analytics');

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('sessionId')).toBeNull();
  });

  it('renews an expired token silently at start-up', async () => {
    signIn({ token: 'expired-token', refreshToken: 'good-refresh' });
    mockApi(
      ...emptyPageData,
      ...signedInApi,
      reply(api.auth.profile, (call) =>
        call.headers.Authorization === 'Bearer new-token' ? { body: { user: aUser() } } : apiError(401, 'unauthorized', 'Token expired'),
      ),
      reply(api.auth.refresh, { body: aSession() }),
    );

    renderApp('/profile');

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('keeps the token and offers a retry when the session cannot be checked', async () => {
    signIn();
    const server = mockApi(
      ...emptyPageData,
      ...signedInApi,
      reply(api.auth.profile, (_call, index) => (index === 0 ? 'network-error' : { body: { user: aUser() } })),
    );

    const { user } = renderApp('/dashboard');

    expect(await screen.findByText("Can't reach the server. Check your connection and try again.")).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('stored-token');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(server.callsTo(api.auth.profile)).toHaveLength(2);
  });

  it('rides out a server that fails for a moment while the session is checked, without showing an error', async () => {
    signIn();
    const server = mockApi(
      ...emptyPageData,
      ...signedInApi,
      reply(api.auth.profile, (_call, index) =>
        index < 2 ? apiError(503, 'busy', 'Postflow is busy right now. Try again in a moment.') : { body: { user: aUser() } },
      ),
    );

    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByText('We could not check your session')).not.toBeInTheDocument();
    expect(server.callsTo(api.auth.profile)).toHaveLength(3);
    for (let failed = 0; failed < 2; failed += 1) expectConsoleError(/GET \/auth\/profile failed with 503/);
  });

  it('shows the error with a retry when the server keeps failing the session check', async () => {
    signIn();
    const server = mockApi(...emptyPageData, ...signedInApi, reply(api.auth.profile, apiError(500, 'internal', 'Boom')));

    renderApp('/dashboard');

    expect(await screen.findByText('We could not check your session', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(server.callsTo(api.auth.profile)).toHaveLength(3);
    expect(localStorage.getItem('token')).toBe('stored-token');
    for (let failed = 0; failed < 3; failed += 1) expectConsoleError(/GET \/auth\/profile failed with 500/);
  });

  it('returns to the page the visitor asked for after signing in', async () => {
    mockApi(...emptyPageData, ...signedInApi, reply(api.auth.login, { body: aSession() }));
    const { user, pathname } = renderApp('/create-post');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Create Post' })).toBeInTheDocument();
    expect(pathname()).toBe('/create-post');
  });
});

describe('route table', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/feed', 'Your Feed'],
    ['/calendar', 'Calendar'],
    ['/analytics', 'Analytics'],
    ['/connect-accounts', 'Connect Your Accounts'],
    ['/create-post', 'Create Post'],
    ['/profile', 'Profile'],
  ])('shows %s inside the app layout', async (path, heading) => {
    signIn();
    mockApi(...emptyPageData, ...signedInApi);

    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it.each([
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/guides', 'Guides'],
    ['/guides/connecting-platforms', 'Connecting platforms'],
    ['/contact', 'Contact'],
  ])('shows the public page %s to anyone', async (path, heading) => {
    mockApi(...emptyPageData);

    const app = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(app.pathname()).toBe(path);
  });

  it("shows the landing page with 'Log in' and 'Start Free'", async () => {
    mockApi(...emptyPageData);
    const { user, pathname } = renderApp('/');

    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Post')).toBeInTheDocument();
    expect(screen.getByText('flow')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Start Free' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(pathname()).toBe('/register');
  });

  it('sends unknown paths to /dashboard', async () => {
    signIn();
    mockApi(...emptyPageData, ...signedInApi);

    const app = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard');
  });

  it('sends /settings/connections to the connect screen', async () => {
    signIn();
    mockApi(...emptyPageData, ...signedInApi);

    const app = renderApp('/settings/connections');

    expect(await screen.findByRole('heading', { name: 'Connect Your Accounts' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/connect-accounts');
  });

  it('shows public pages without waiting for the session check', async () => {
    signIn();
    mockApi(...emptyPageData, reply(api.auth.profile, never));

    renderApp('/terms');

    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });
});
