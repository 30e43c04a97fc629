import type { User } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAccount, apiError, aUser, mockApi, never, reply, signIn, type Answer } from '../../test/api-mock';
import { emptyPageData } from '../../test/page-data';
import { expectConsoleError } from '../../test/console';
import { renderApp } from '../../test/render-app';
// Loaded up front, so a busy machine does not time out waiting for the lazy route chunks to compile.
import '../../features/dashboard/dashboard-page';
import '../../features/analytics/analytics-page';

function renderSignedIn(
  options: { user?: User; accounts?: Answer<typeof api.accounts.list>; path?: string; logout?: Answer<typeof api.auth.logout> } = {},
) {
  signIn();
  const server = mockApi(
    ...emptyPageData,
    reply(api.auth.profile, { body: { user: options.user ?? aUser() } }),
    reply(api.accounts.list, options.accounts ?? { body: { socials: [] } }),
    reply(api.auth.logout, options.logout ?? { status: 204, body: null }),
    reply(api.accounts.connections, {
      body: {
        x: { connected: false, username: null, status: null, sandbox: false, available: true },
        linkedin: { connected: false, username: null, status: null, sandbox: false, available: true },
      },
    }),
  );
  return { server, ...renderApp(options.path ?? '/dashboard') };
}

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
const header = () => screen.getByRole('banner');

describe('header', () => {
  it("shows the user's name and its initials as the avatar", async () => {
    renderSignedIn({ user: aUser({ name: 'grace Hopper' }) });

    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(within(header()).getByText('grace Hopper')).toBeInTheDocument();
    expect(within(header()).getByText('GH')).toBeInTheDocument();
  });

  it('falls back to the part of the email before the @ when there is no name, first name or username', async () => {
    renderSignedIn({ user: aUser({ name: '', firstName: null, username: null, email: 'sam.k@example.com' }) });

    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(within(header()).getByText('sam.k')).toBeInTheDocument();
    expect(within(header()).getByText('S')).toBeInTheDocument();
  });

  it("calls a user with nothing to go by 'User'", async () => {
    renderSignedIn({ user: aUser({ name: '', firstName: null, username: null, email: null }) });

    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(within(header()).getByText('User')).toBeInTheDocument();
    expect(within(header()).getByText('U')).toBeInTheDocument();
  });

  it('shows the avatar picture, and the initials instead when the picture fails to load', async () => {
    renderSignedIn({ user: aUser({ name: 'Ada', avatarURL: 'https://img.example.com/ada.png' }) });

    await screen.findByRole('heading', { name: 'Dashboard' });
    const picture = header().querySelector('img');
    expect(picture).toHaveAttribute('src', 'https://img.example.com/ada.png');
    expect(within(header()).queryByText('A')).not.toBeInTheDocument();

    fireEvent.error(picture!);

    expect(within(header()).getByText('A')).toBeInTheDocument();
    expect(header().querySelector('img')).toBeNull();
  });
});

describe('sidebar', () => {
  it('links every area and marks the current one', async () => {
    const { user } = renderSignedIn();
    await screen.findByRole('heading', { name: 'Dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Main' });

    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Dashboard',
      'Feed',
      'Calendar',
      'Analytics',
      'Connect Accounts',
      'Create Post',
      'Queue',
      'Drafts',
      'Import',
      'Profile',
      'Workspace settings',
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('link', { name: 'Analytics' }));

    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it("shows 'Loading accounts...' while the accounts load", async () => {
    renderSignedIn({ accounts: never });

    expect(
      await within(await screen.findByRole('complementary', { name: 'Sidebar' })).findByText('Loading accounts...'),
    ).toBeInTheDocument();
  });

  it("shows 'Failed to load connected accounts' when they cannot be loaded", async () => {
    renderSignedIn({ accounts: apiError(500, 'internal', 'Database unavailable') });

    expect(await screen.findByText('Failed to load connected accounts')).toBeInTheDocument();
    expectConsoleError(/GET \/auth\/accounts failed with 500/);
  });

  it('links to /settings/connections when no account is connected, which lands on the connect screen', async () => {
    const { user, pathname } = renderSignedIn({ accounts: { body: { socials: [] } } });

    const link = await screen.findByRole('link', { name: 'Connect your accounts' });
    expect(link).toHaveAttribute('href', '/settings/connections');
    await user.click(link);

    expect(await screen.findByRole('heading', { name: 'Connect Your Accounts' })).toBeInTheDocument();
    expect(pathname()).toBe('/connect-accounts');
  });

  it('lists each account with its platform and name, and flags sandbox and lost connections', async () => {
    renderSignedIn({
      accounts: {
        body: {
          socials: [
            anAccount({ id: '3f9b2d7e-1c4a-4e8b-9d6f-0a1b2c3d4e51', provider: 'x', username: 'ada_on_x', sandbox: true }),
            anAccount({
              id: '3f9b2d7e-1c4a-4e8b-9d6f-0a1b2c3d4e52',
              provider: 'linkedin',
              username: null,
              displayName: 'Ada L.',
              status: 'needs_reconnect',
            }),
            anAccount({ id: '3f9b2d7e-1c4a-4e8b-9d6f-0a1b2c3d4e53', provider: 'linkedin', username: null, displayName: null }),
          ],
        },
      },
    });

    const list = await screen.findByRole('region', { name: 'Connected Accounts' });
    const accounts = await within(list).findAllByRole('listitem');
    expect(accounts).toHaveLength(3);
    const [onX, lapsed, unnamed] = accounts as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(onX).getByRole('img', { name: 'X' })).toBeInTheDocument();
    expect(within(onX).getByText('ada_on_x')).toBeInTheDocument();
    expect(within(onX).getByText('Sandbox')).toBeInTheDocument();

    expect(within(lapsed).getByRole('img', { name: 'LinkedIn' })).toBeInTheDocument();
    expect(within(lapsed).getByText('Ada L.')).toBeInTheDocument();
    expect(within(lapsed).getByRole('link', { name: 'Reconnect' })).toHaveAttribute('href', '/connect-accounts');

    expect(within(unnamed).getByText('linkedin')).toBeInTheDocument();
    expect(within(unnamed).queryByText('Reconnect')).not.toBeInTheDocument();
  });

  it('signs out: tells the server, forgets the tokens and shows the sign-in screen', async () => {
    localStorage.setItem('sessionId', 'session-1');
    const { user, server, pathname } = renderSignedIn();
    await screen.findByRole('heading', { name: 'Dashboard' });

    await user.click(within(sidebar()).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(server.callsTo(api.auth.logout)).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('sessionId')).toBeNull();
  });

  it('signs out locally even when the server cannot be told', async () => {
    const { user, pathname } = renderSignedIn({ logout: 'network-error' });
    await screen.findByRole('heading', { name: 'Dashboard' });

    await user.click(within(sidebar()).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('mobile menu', () => {
  async function openMenu() {
    const view = renderSignedIn();
    await screen.findByRole('heading', { name: 'Dashboard' });
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await view.user.click(menuButton);
    return { ...view, menuButton };
  }

  it('locks page scrolling while open', async () => {
    const { menuButton } = await openMenu();

    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(document.body.style.overflow).toBe('hidden');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
  });

  it('closes and unlocks scrolling when the user navigates', async () => {
    const { user, menuButton } = await openMenu();

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Feed' }));

    expect(await screen.findByRole('heading', { name: 'Your Feed' })).toBeInTheDocument();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    // The lock is released by an effect's clean-up, which can run just after the new page's first paint.
    await waitFor(() => expect(document.body.style.overflow).toBe(''));
  });

  it('closes on a click on the backdrop', async () => {
    const { user, menuButton } = await openMenu();

    await user.click(screen.getByTestId('menu-backdrop'));

    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
    expect(screen.queryByTestId('menu-backdrop')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('closes on Escape and with its close button', async () => {
    const { user, menuButton } = await openMenu();

    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
  });
});
