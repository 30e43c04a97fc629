import { api } from '@postflow/contract/client';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { anAccount, apiError, aSession, aUser, mockApi, reply, signIn } from '../../../test/api-mock';
import { emptyPageData } from '../../../test/page-data';
import { renderApp } from '../../../test/render-app';
import { CALLBACK_REDIRECT_DELAY_MS, safeNextPath } from './social-callback-page';

describe('social login callback (/auth/callback)', () => {
  it.each([
    ['xConnected=true', 'twitter'],
    ['linkedInConnected=true', 'linkedin'],
  ])('with %s, trades the sign-in for a token and goes to /dashboard', async (flag, provider) => {
    const server = mockApi(
      ...emptyPageData,
      reply(api.accounts.socialToken, { body: aSession(aUser({ name: 'Ada from the network' })) }),
      reply(api.accounts.list, { body: { socials: [] } }),
    );

    const app = renderApp(`/auth/callback?${flag}`);

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard');
    expect(screen.getByText('Ada from the network')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh-token');
    const [call] = server.callsTo(api.accounts.socialToken);
    expect(call?.body).toEqual({ provider });
    expect(call?.credentials).toBe('include');
    expect(server.callsTo(api.accounts.socialToken)).toHaveLength(1);
  });

  it("says 'Invalid social login callback' without a flag and goes to /login after 3 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = mockApi(...emptyPageData);

    const app = renderApp('/auth/callback');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid social login callback');
    await act(() => vi.advanceTimersByTimeAsync(CALLBACK_REDIRECT_DELAY_MS - 500));
    expect(app.pathname()).toBe('/auth/callback');

    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    expect(server.calls).toHaveLength(0);
  });

  it('words the failure from its own catalogue by code and network, then goes to /login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi(...emptyPageData);

    const app = renderApp('/auth/callback?error=cancelled&network=x');

    expect(await screen.findByRole('alert')).toHaveTextContent('You cancelled the connection to X. Nothing was changed.');
    await act(() => vi.advanceTimersByTimeAsync(CALLBACK_REDIRECT_DELAY_MS));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });

  it('never shows text from the address: an unknown code gets a generic message', async () => {
    mockApi(...emptyPageData);

    renderApp(
      `/auth/callback?error=${encodeURIComponent('Your account is locked. Call +1 555 0100')}&error_description=${encodeURIComponent('Call us now')}&network=x`,
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in did not complete. Please try again.');
    expect(screen.queryByText(/555|Call us/)).not.toBeInTheDocument();
  });

  describe('while someone else is signed in', () => {
    const grace = aUser({ id: '00000000-0000-4000-8000-00000000000a', name: 'Grace' });
    const ada = aUser({ id: '00000000-0000-4000-8000-00000000000b', name: 'Ada' });
    const api_ = (server: { logout: string[] }) => [
      ...emptyPageData,
      reply(api.auth.profile, { body: { user: grace } }),
      reply(api.accounts.list, { body: { socials: [] } }),
      reply(api.accounts.socialToken, { body: aSession(ada) }),
      reply(api.auth.logout, (call) => {
        server.logout.push(call.headers.Authorization ?? '');
        return { status: 204, body: null };
      }),
    ];

    it('asks before switching, and keeps the current session when the person declines', async () => {
      localStorage.setItem('token', 'token-of-grace');
      const seen = { logout: [] as string[] };
      mockApi(...api_(seen));

      const app = renderApp('/auth/callback?xConnected=true');

      const dialog = await screen.findByRole('dialog', { name: 'Switch accounts?' });
      expect(dialog).toHaveTextContent('You are signed in as Grace. Switch to Ada?');
      expect(localStorage.getItem('token')).toBe('token-of-grace');

      await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Stay signed in as Grace' }));

      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(app.pathname()).toBe('/dashboard');
      expect(localStorage.getItem('token')).toBe('token-of-grace');
      expect(screen.getByText('Grace')).toBeInTheDocument();
      // The session the sign-in opened is ended on the server.
      expect(seen.logout).toEqual(['Bearer new-token']);
    });

    it('switches when the person confirms, ending the previous session', async () => {
      localStorage.setItem('token', 'token-of-grace');
      const seen = { logout: [] as string[] };
      mockApi(...api_(seen));

      const app = renderApp('/auth/callback?xConnected=true');

      const dialog = await screen.findByRole('dialog', { name: 'Switch accounts?' });
      await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Switch to Ada' }));

      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(app.pathname()).toBe('/dashboard');
      expect(localStorage.getItem('token')).toBe('new-token');
      expect(await screen.findByText('Ada')).toBeInTheDocument();
      expect(seen.logout).toEqual(['Bearer token-of-grace']);
    });
  });

  it('shows why the token could not be obtained, then goes to /login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi(
      ...emptyPageData,
      reply(api.accounts.socialToken, apiError(401, 'unauthorized', 'The sign-in with X has expired. Please try again.')),
    );

    const app = renderApp('/auth/callback?xConnected=true');

    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in with X has expired. Please try again.');
    expect(localStorage.getItem('token')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(CALLBACK_REDIRECT_DELAY_MS));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });

  describe('after connecting an account from inside the app (next)', () => {
    const connectScreenApi = [
      reply(api.accounts.socialToken, { body: aSession() }),
      reply(api.accounts.list, { body: { socials: [anAccount({ provider: 'linkedin', username: 'ada_in' })] } }),
      reply(api.accounts.connections, {
        body: {
          x: { connected: false, username: null, status: null, sandbox: false, available: true },
          linkedin: { connected: true, username: 'ada_in', status: 'connected', sandbox: false, available: true },
        },
      }),
    ];

    it('goes back to next and shows the newly connected account, refreshing what was cached', async () => {
      mockApi(...emptyPageData, ...connectScreenApi);

      const app = renderApp('/auth/callback?linkedInConnected=true&next=%2Fconnect-accounts');
      // As in the app, where accounts stay fresh for a while: only an invalidation makes the sidebar ask again.
      app.queryClient.setQueryDefaults(['accounts'], { staleTime: Infinity });
      app.queryClient.setQueryData(['accounts', 'list'], { socials: [] });

      expect(await screen.findByRole('heading', { name: 'Connect Your Accounts' })).toBeInTheDocument();
      expect(app.pathname()).toBe('/connect-accounts');
      const sidebarList = screen.getByRole('region', { name: 'Connected Accounts' });
      expect(await within(sidebarList).findByText('ada_in')).toBeInTheDocument();
      expect(localStorage.getItem('token')).toBe('new-token');
      // The screen it returns to says what happened.
      expect(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status')).toHaveTextContent(
        /^LinkedIn connectedConnected at .+\. You can post to it now\.$/,
      );
    });

    it.each(['//evil.com', 'https://evil.com', '/\\evil.com', '/\t/evil.com', 'connect-accounts'])(
      'ignores the unsafe next %s and goes to /dashboard',
      async (unsafe) => {
        mockApi(...emptyPageData, ...connectScreenApi);

        const app = renderApp(`/auth/callback?xConnected=true&next=${encodeURIComponent(unsafe)}`);

        expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
        expect(app.pathname()).toBe('/dashboard');
      },
    );

    it('on failure, shows the message and goes back to next after 3 seconds, still signed in', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      signIn();
      const server = mockApi(...emptyPageData, ...connectScreenApi, reply(api.auth.profile, { body: { user: aUser() } }));

      const app = renderApp('/auth/callback?error=cancelled&network=linkedin&next=%2Fconnect-accounts');

      expect(await screen.findByRole('alert')).toHaveTextContent('You cancelled the connection to LinkedIn.');
      expect(screen.getByRole('link', { name: 'Go now' })).toHaveAttribute('href', '/connect-accounts');
      await act(() => vi.advanceTimersByTimeAsync(CALLBACK_REDIRECT_DELAY_MS - 500));
      expect(app.pathname()).toBe('/auth/callback');

      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(await screen.findByRole('heading', { name: 'Connect Your Accounts' })).toBeInTheDocument();
      expect(app.pathname()).toBe('/connect-accounts');
      expect(server.callsTo(api.accounts.socialToken)).toHaveLength(0);
      expect(localStorage.getItem('token')).toBe('stored-token');
    });

    it.each(['//evil.com', 'https://evil.com'])('on failure, ignores the unsafe next %s and goes to /login', async (unsafe) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      mockApi(...emptyPageData);

      const app = renderApp(`/auth/callback?error=failed&next=${encodeURIComponent(unsafe)}`);

      expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong while connecting the network.');
      expect(screen.getByRole('link', { name: 'Go now' })).toHaveAttribute('href', '/login');
      await act(() => vi.advanceTimersByTimeAsync(CALLBACK_REDIRECT_DELAY_MS));
      expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
      expect(app.pathname()).toBe('/login');
    });
  });
});

describe('safeNextPath', () => {
  it.each([
    ['/connect-accounts', '/connect-accounts'],
    ['/feed?page=2#top', '/feed?page=2#top'],
    ['//evil.com', null],
    ['/\\evil.com', null],
    ['https://evil.com', null],
    ['javascript:alert(1)', null],
    ['/\t/evil.com', null],
    ['/\n/evil.com', null],
    ['dashboard', null],
    ['', null],
    [null, null],
  ])('%j gives %j', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });
});
