import type { accountsRoutes, SocialAccount } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageNavigation } from '../../lib/page-navigation';
import {
  anAccount,
  apiError,
  aUser,
  mockApi,
  never,
  reply,
  signIn,
  type Answer,
  type MockAnswer,
  type MockRoute,
} from '../../test/api-mock';
import { expectConsoleError } from '../../test/console';
import { renderApp } from '../../test/render-app';
import { formatDay } from './access-expiry';
import type { ConnectionStatus, Connections } from './api/use-connections';

const DAY_MS = 24 * 60 * 60 * 1000;

function aConnection(overrides: Partial<ConnectionStatus> = {}): ConnectionStatus {
  return { connected: false, username: null, status: null, sandbox: false, available: true, ...overrides };
}

function connections(
  overrides: { x?: Partial<ConnectionStatus>; linkedin?: Partial<ConnectionStatus> } = {},
): MockAnswer<typeof accountsRoutes.connections> {
  const body: Connections = { x: aConnection(overrides.x), linkedin: aConnection(overrides.linkedin) };
  return { body };
}

const socials = (...accounts: SocialAccount[]): MockAnswer<typeof accountsRoutes.list> => ({ body: { socials: accounts } });

const xAccount = anAccount({ id: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c01', provider: 'x', username: 'ada_on_x' });

function renderConnectPage(
  answers: { accounts?: Answer<typeof api.accounts.list>; connections?: Answer<typeof api.accounts.connections> } = {},
  ...routes: MockRoute[]
) {
  signIn();
  const { accounts, connections: connectionsAnswer } = answers;
  const server = mockApi(
    reply(api.auth.profile, { body: { user: aUser() } }),
    reply(api.accounts.list, accounts ?? socials()),
    reply(api.accounts.connections, connectionsAnswer ?? connections()),
    ...routes,
  );
  return { server, ...renderApp('/connect-accounts') };
}

const card = (name: string) => screen.findByRole('article', { name });
const main = () => screen.getByRole('main');
const sidebarList = () => screen.getByRole('region', { name: 'Connected Accounts' });

describe('Connect Accounts (/connect-accounts)', () => {
  it("says 'Loading your connected accounts...' while the accounts load", async () => {
    renderConnectPage({ accounts: never });

    expect(await screen.findByText('Loading your connected accounts...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Connect Your Accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('offers Connect on both cards when nothing is connected, and says why to connect', async () => {
    renderConnectPage();

    const x = await card('X (Twitter)');
    const linkedIn = await card('LinkedIn');
    expect(within(x).getByRole('img', { name: 'X' })).toBeInTheDocument();
    expect(within(x).getByText('Not connected')).toBeInTheDocument();
    expect(within(x).getByRole('button', { name: 'Connect X (Twitter)' })).toBeEnabled();
    expect(within(linkedIn).getByRole('img', { name: 'LinkedIn' })).toBeInTheDocument();
    expect(within(linkedIn).getByRole('button', { name: 'Connect LinkedIn' })).toBeEnabled();
    expect(within(main()).queryByRole('button', { name: /Disconnect/ })).not.toBeInTheDocument();
    expect(within(main()).queryByText('Sandbox')).not.toBeInTheDocument();

    expect(screen.getByText('Link your social media accounts to manage all your content in one place')).toBeInTheDocument();
    const why = screen.getByRole('region', { name: 'Why connect your accounts?' });
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Post to several platforms in one click',
      'Schedule for good times',
      'Track performance across platforms',
      'Manage your whole social presence in one place',
    ]);
  });

  it("shows a connected account's name and picture with Disconnect", async () => {
    renderConnectPage({
      accounts: socials(
        anAccount({ ...xAccount, avatarURL: 'https://img.example.com/ada.png' }),
        anAccount({ id: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c02', provider: 'linkedin', username: null, displayName: 'Ada Lovelace' }),
      ),
    });

    const x = await card('X (Twitter)');
    expect(within(x).getByText('Connected')).toBeInTheDocument();
    expect(within(x).getByText('ada_on_x')).toBeInTheDocument();
    expect(x.querySelector('img')).toHaveAttribute('src', 'https://img.example.com/ada.png');
    expect(within(x).getByRole('button', { name: 'Disconnect X (Twitter)' })).toBeInTheDocument();
    expect(within(x).queryByRole('button', { name: /^Connect/ })).not.toBeInTheDocument();

    const linkedIn = await card('LinkedIn');
    expect(within(linkedIn).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(linkedIn).getByRole('button', { name: 'Disconnect LinkedIn' })).toBeInTheDocument();
  });

  it.each([
    ['X (Twitter)', api.accounts.linkX, 'https://x.example.com/i/oauth2/authorize?state=abc'],
    ['LinkedIn', api.accounts.linkLinkedIn, 'https://www.linkedin.example.com/oauth/v2/authorization?state=abc'],
  ])('Connect %s asks for the consent address and goes there', async (name, route, authURL) => {
    const { user, server } = renderConnectPage({}, reply(route, { body: { authURL } }));

    await user.click(within(await card(name)).getByRole('button', { name: `Connect ${name}` }));

    expect(server.callsTo(route)).toHaveLength(1);
    expect(pageNavigation.assign).toHaveBeenCalledExactlyOnceWith(authURL);
  });

  it('logs a failure to start connecting and says so on the card', async () => {
    const { user } = renderConnectPage({}, reply(api.accounts.linkX, 'network-error'));

    const x = await card('X (Twitter)');
    await user.click(within(x).getByRole('button', { name: 'Connect X (Twitter)' }));

    expect(await within(x).findByRole('alert')).toHaveTextContent(
      "Couldn't start connecting X (Twitter). Can't reach the server. Check your connection and try again.",
    );
    expect(pageNavigation.assign).not.toHaveBeenCalled();
    expectConsoleError(/Could not start connecting x/);
  });

  it('does not follow a consent address that is not a web address', async () => {
    const { user } = renderConnectPage({}, reply(api.accounts.linkX, { body: { authURL: 'javascript:alert(1)' } }));

    const x = await card('X (Twitter)');
    await user.click(within(x).getByRole('button', { name: 'Connect X (Twitter)' }));

    expect(await within(x).findByRole('alert')).toHaveTextContent('The server sent a consent address the browser cannot open.');
    expect(pageNavigation.assign).not.toHaveBeenCalled();
    expectConsoleError(/Could not start connecting x/);
  });

  describe('disconnect', () => {
    it('confirms, sends the DELETE, says it is done, and the card and the sidebar forget the account', async () => {
      const { user, server } = renderConnectPage(
        { accounts: (_call, index) => (index === 0 ? socials(xAccount) : socials()) },
        reply(api.accounts.disconnect, {
          body: { disconnected: true, message: 'Your X account has been disconnected. It no longer signs you in.', signIn: 'removed' },
        }),
      );
      const x = await card('X (Twitter)');
      expect(within(sidebarList()).getByText('ada_on_x')).toBeInTheDocument();

      await user.click(within(x).getByRole('button', { name: 'Disconnect X (Twitter)' }));

      const confirm = screen.getByRole('dialog', { name: 'Disconnect X (Twitter)?' });
      expect(confirm).toHaveAccessibleDescription(expect.stringContaining('Are you sure you want to disconnect your X (Twitter) account?'));
      expect(within(confirm).getByRole('checkbox', { name: 'Keep signing in to Postflow with this account' })).not.toBeChecked();
      expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
      const named = within(confirm).getByRole('button', { name: 'Disconnect X (Twitter)' });
      expect(named).toHaveClass('bg-red-600');
      await user.click(named);

      // One message, no second dialog to dismiss.
      const done = await screen.findByRole('status');
      expect(done).toHaveTextContent(
        /^X \(Twitter\) disconnectedYour X \(Twitter\) account was disconnected at .+\. It no longer signs you in to Postflow\./,
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      const [call] = server.callsTo(api.accounts.disconnect, { id: xAccount.id });
      expect(call?.search.get('signIn')).toBeNull();

      expect(within(x).getByRole('button', { name: 'Connect X (Twitter)' })).toBeInTheDocument();
      expect(within(x).queryByText('ada_on_x')).not.toBeInTheDocument();
      expect(await within(sidebarList()).findByRole('link', { name: 'Connect your accounts' })).toBeInTheDocument();
      expect(server.callsTo(api.accounts.list).length).toBeGreaterThanOrEqual(2);
    });

    it('keeps the account as a way to sign in when the person asks', async () => {
      const { user, server } = renderConnectPage(
        { accounts: (_call, index) => (index === 0 ? socials(xAccount) : socials()) },
        reply(api.accounts.disconnect, {
          body: { disconnected: true, message: 'Your X account has been disconnected. You can still sign in with it.', signIn: 'kept' },
        }),
      );
      await user.click(within(await card('X (Twitter)')).getByRole('button', { name: 'Disconnect X (Twitter)' }));
      const confirm = within(screen.getByRole('dialog', { name: 'Disconnect X (Twitter)?' }));
      await user.click(confirm.getByRole('checkbox', { name: 'Keep signing in to Postflow with this account' }));
      await user.click(confirm.getByRole('button', { name: 'Disconnect X (Twitter)' }));

      expect(await screen.findByRole('status')).toHaveTextContent('You can still sign in to Postflow with it.');
      expect(server.callsTo(api.accounts.disconnect, { id: xAccount.id })[0]?.search.get('signIn')).toBe('keep');
    });

    it('sends nothing when the person cancels', async () => {
      const { user, server } = renderConnectPage({ accounts: socials(xAccount) });
      const x = await card('X (Twitter)');

      await user.click(within(x).getByRole('button', { name: 'Disconnect X (Twitter)' }));
      await user.click(within(screen.getByRole('dialog', { name: 'Disconnect X (Twitter)?' })).getByRole('button', { name: 'Cancel' }));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(server.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
      expect(within(x).getByText('ada_on_x')).toBeInTheDocument();
    });

    it('says it could not disconnect when the server refuses, and keeps the account', async () => {
      const { user } = renderConnectPage(
        { accounts: socials(xAccount) },
        reply(api.accounts.disconnect, apiError(500, 'internal', 'Database unavailable')),
      );
      const x = await card('X (Twitter)');

      await user.click(within(x).getByRole('button', { name: 'Disconnect X (Twitter)' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disconnect X (Twitter)' }));

      const failed = await screen.findByRole('alert');
      expect(failed).toHaveTextContent('Could not disconnect X (Twitter)There was an error disconnecting your account.');
      expectConsoleError(/DELETE \/auth\/social\/.* failed with 500/);

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(x).getByText('ada_on_x')).toBeInTheDocument();
      expect(within(x).getByRole('button', { name: 'Disconnect X (Twitter)' })).toBeInTheDocument();
    });
  });

  it('Refresh asks again and keeps the cards on screen meanwhile', async () => {
    let answerRefresh: () => void = () => {};
    const { user, server } = renderConnectPage({
      accounts: (_call, index) =>
        index === 0
          ? socials()
          : new Promise<MockAnswer<typeof accountsRoutes.list>>((resolve) => (answerRefresh = () => resolve(socials(xAccount)))),
    });
    const x = await card('X (Twitter)');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    const refreshing = await screen.findByRole('button', { name: 'Refreshing...' });
    expect(refreshing).toBeDisabled();
    expect(refreshing).toHaveAttribute('aria-busy', 'true');
    expect(x).toBeInTheDocument();
    expect(within(x).getByRole('button', { name: 'Connect X (Twitter)' })).toBeInTheDocument();

    answerRefresh();

    expect(await within(x).findByText('ada_on_x')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(server.callsTo(api.accounts.list)).toHaveLength(2);
    expect(server.callsTo(api.accounts.connections)).toHaveLength(2);
  });

  it('lists several accounts of one network, each with its own Disconnect, and adds another', async () => {
    const grace = anAccount({
      id: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c05',
      social_id: '67890',
      username: 'grace_on_x',
      displayName: 'Grace on X',
    });
    const { user, server } = renderConnectPage(
      { accounts: socials(xAccount, grace) },
      reply(api.accounts.linkX, { body: { authURL: 'https://x.example.com/i/oauth2/authorize?state=another' } }),
    );
    const x = await card('X (Twitter)');
    expect(within(x).getByText('Ada on X')).toBeInTheDocument();
    expect(within(x).getByText('grace_on_x')).toBeInTheDocument();
    expect(within(x).getAllByText('Access renews itself')).toHaveLength(2);
    expect(within(x).getByRole('button', { name: 'Disconnect X (Twitter) (ada_on_x)' })).toBeInTheDocument();
    expect(within(x).getByRole('button', { name: 'Disconnect X (Twitter) (grace_on_x)' })).toBeInTheDocument();

    await user.click(within(x).getByRole('button', { name: 'Add another X account' }));
    expect(server.callsTo(api.accounts.linkX)).toHaveLength(1);
    expect(pageNavigation.assign).toHaveBeenCalledExactlyOnceWith('https://x.example.com/i/oauth2/authorize?state=another');
  });

  it('warns about an account Postflow can no longer post to, and Reconnect starts the connection again', async () => {
    const { user, server } = renderConnectPage(
      { accounts: socials(anAccount({ ...xAccount, status: 'needs_reconnect' })) },
      reply(api.accounts.linkX, { body: { authURL: 'https://x.example.com/i/oauth2/authorize?state=again' } }),
    );
    const x = await card('X (Twitter)');

    expect(within(x).getByText('Postflow can no longer post to this account. Reconnect it.')).toBeInTheDocument();
    await user.click(within(x).getByRole('button', { name: 'Reconnect X (Twitter)' }));

    expect(server.callsTo(api.accounts.linkX)).toHaveLength(1);
    expect(pageNavigation.assign).toHaveBeenCalledExactlyOnceWith('https://x.example.com/i/oauth2/authorize?state=again');
    expect(within(x).getByRole('button', { name: 'Disconnect X (Twitter)' })).toBeInTheDocument();
  });

  it('marks sandbox accounts and sandbox networks, and says where their posts go', async () => {
    renderConnectPage({
      accounts: socials(anAccount({ ...xAccount, sandbox: true })),
      connections: connections({ x: { connected: true, sandbox: true }, linkedin: { sandbox: true } }),
    });

    const x = await card('X (Twitter)');
    expect(within(x).getByText('Sandbox')).toBeInTheDocument();
    expect(within(x).getByText("Posts go to Postflow's built-in X imitation, not the real network.")).toBeInTheDocument();
    const linkedIn = await card('LinkedIn');
    expect(within(linkedIn).getByText('Sandbox')).toBeInTheDocument();
    expect(within(linkedIn).getByText("Posts go to Postflow's built-in LinkedIn imitation, not the real network.")).toBeInTheDocument();
  });

  it('shows no Sandbox badge for real networks', async () => {
    renderConnectPage({ accounts: socials(xAccount), connections: connections({ x: { connected: true } }) });

    await card('X (Twitter)');
    expect(within(main()).queryByText('Sandbox')).not.toBeInTheDocument();
  });

  it('disables a network this server is not set up for', async () => {
    renderConnectPage({ connections: connections({ linkedin: { available: false } }) });

    const linkedIn = await card('LinkedIn');
    expect(within(linkedIn).getByText('Not set up on this server')).toBeInTheDocument();
    expect(within(linkedIn).getByRole('button', { name: 'Connect LinkedIn' })).toBeDisabled();
    expect(within(await card('X (Twitter)')).getByRole('button', { name: 'Connect X (Twitter)' })).toBeEnabled();
  });

  it('reminds to reconnect when access ends within 14 days, not before', async () => {
    const soon = new Date(Date.now() + 5 * DAY_MS).toISOString();
    const later = new Date(Date.now() + 30 * DAY_MS).toISOString();
    renderConnectPage({
      accounts: socials(
        anAccount({ ...xAccount, expiresAt: later }),
        anAccount({ id: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c02', provider: 'linkedin', username: 'ada_in', expiresAt: soon }),
      ),
    });

    const linkedIn = await card('LinkedIn');
    expect(within(linkedIn).getByText(`Access ends on ${formatDay(soon)}. Reconnect to keep posting.`)).toBeInTheDocument();
    expect(within(linkedIn).getByRole('button', { name: 'Reconnect LinkedIn' })).toBeInTheDocument();
    const x = await card('X (Twitter)');
    expect(within(x).queryByText(/Access ends on/)).not.toBeInTheDocument();
    expect(within(x).queryByRole('button', { name: 'Reconnect X (Twitter)' })).not.toBeInTheDocument();
  });

  it("says 'Failed to load connected accounts' and tries again on request", async () => {
    const { user } = renderConnectPage({
      accounts: (_call, index) => (index === 0 ? apiError(503, 'upstream_unavailable', 'Database unavailable') : socials(xAccount)),
    });

    const failure = await within(await screen.findByRole('main')).findByRole('alert');
    expect(failure).toHaveTextContent('Failed to load connected accounts');
    expectConsoleError(/GET \/auth\/accounts failed with 503/);
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));

    expect(within(await card('X (Twitter)')).getByText('ada_on_x')).toBeInTheDocument();
  });

  it('still shows the cards when the connection status cannot be loaded', async () => {
    renderConnectPage({ connections: apiError(500, 'internal', 'Boom') });

    expect(within(await card('X (Twitter)')).getByRole('button', { name: 'Connect X (Twitter)' })).toBeEnabled();
    expectConsoleError(/GET \/api\/connections failed with 500/);
  });
});
