import type { Workspace } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAccount, apiError, aUser, aWorkspace, mockApi, reply, signIn, type MockRoute, type RecordedCall } from '../../test/api-mock';
import { emptyPageData } from '../../test/page-data';
import { renderApp } from '../../test/render-app';
// Loaded up front, so a busy machine does not time out waiting for the lazy route chunks to compile.
import '../../features/dashboard/dashboard-page';
import '../../features/accounts/connect-accounts-page';
import '../../features/posts/composer/create-post-page';

const personal = aWorkspace();
const acme = aWorkspace({ id: '7d3e1a52-4b6c-4f8d-9e0a-1b2c3d4e5f60', name: 'Acme launch', role: 'viewer', personal: false });
const workspaceOf = (call: RecordedCall) => call.headers['x-workspace-id'];

/** A signed-in person with a personal workspace and Acme, each with its own connected X account. */
function renderShell(
  options: {
    stored?: string;
    workspaces?: Workspace[];
    acmeGone?: boolean;
    holdAcme?: Promise<void>;
    path?: string;
    extra?: MockRoute[];
  } = {},
) {
  signIn();
  if (options.stored) localStorage.setItem('postflow.workspace', options.stored);
  const server = mockApi(
    ...emptyPageData,
    reply(api.auth.profile, { body: { user: aUser() } }),
    reply(api.auth.logout, { status: 204, body: null }),
    reply(api.workspaces.list, { body: { workspaces: options.workspaces ?? [personal, acme] } }),
    reply(api.accounts.list, async (call) => {
      if (workspaceOf(call) === acme.id) {
        await options.holdAcme;
        if (options.acmeGone) return apiError(404, 'not_found', 'This workspace does not exist, or you are not a member of it.');
        return { body: { socials: [anAccount({ id: '11111111-1111-4111-8111-111111111111', username: 'acme_on_x' })] } };
      }
      return { body: { socials: [anAccount({ username: 'ada_on_x' })] } };
    }),
    reply(api.accounts.connections, {
      body: {
        x: { connected: true, username: null, status: null, sandbox: false, available: true },
        linkedin: { connected: false, username: null, status: null, sandbox: false, available: true },
      },
    }),
    ...(options.extra ?? []),
  );
  return { server, ...renderApp(options.path ?? '/dashboard') };
}

const header = () => screen.getByRole('banner');
const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
const findSidebar = () => screen.findByRole('complementary', { name: 'Sidebar' });
const switcher = () => within(header()).getByRole('button', { name: /^Workspace:/ });

describe('workspace switcher', () => {
  it('names the current workspace in the header and lists every workspace with the role held there', async () => {
    const { user } = renderShell();
    expect(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Workspace: Personal' })).toHaveAttribute(
      'aria-haspopup',
      'menu',
    );

    await user.click(switcher());

    const menu = screen.getByRole('menu', { name: 'Workspaces' });
    const choices = within(menu).getAllByRole('menuitemradio');
    expect(choices.map((choice) => choice.textContent)).toEqual(['PersonalOwner', 'Acme launchViewer']);
    expect(choices[0]).toHaveAttribute('aria-checked', 'true');
    expect(choices[0]).toHaveFocus();
    expect(within(menu).getByRole('menuitem', { name: 'Create workspace' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Workspace settings' })).toHaveAttribute('href', '/settings/workspace');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(switcher()).toHaveFocus();
  });

  it('switches: fetches everything again in the other workspace and never shows the first one’s data under its name', async () => {
    let answerAcme = () => {};
    const { user, server } = renderShell({ holdAcme: new Promise<void>((resolve) => (answerAcme = resolve)) });
    expect(await within(await findSidebar()).findByText('ada_on_x')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(api.dashboard.stats)).toHaveLength(1));

    await user.click(switcher());
    await user.click(screen.getByRole('menuitemradio', { name: /Acme launch/ }));

    // While Acme's accounts are on their way, the personal ones are not shown under Acme's name.
    expect(await within(header()).findByRole('button', { name: 'Workspace: Acme launch' })).toBeInTheDocument();
    expect(within(sidebar()).getByText('Loading accounts...')).toBeInTheDocument();
    expect(within(sidebar()).queryByText('ada_on_x')).not.toBeInTheDocument();
    answerAcme();
    expect(await within(sidebar()).findByText('acme_on_x')).toBeInTheDocument();
    expect(localStorage.getItem('postflow.workspace')).toBe(acme.id);
    // The dashboard's own figures were asked for again, in Acme.
    await waitFor(() => expect(server.callsTo(api.dashboard.stats).map(workspaceOf)).toEqual([personal.id, acme.id]));
    expect(server.callsTo(api.accounts.list).at(-1)?.headers['x-workspace-id']).toBe(acme.id);
  });

  it('starts in the stored workspace when the person still belongs to it', async () => {
    const { server } = renderShell({ stored: acme.id });

    expect(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Workspace: Acme launch' })).toBeInTheDocument();
    expect(await within(sidebar()).findByText('acme_on_x')).toBeInTheDocument();
    expect(server.callsTo(api.accounts.list).map(workspaceOf)).toEqual([acme.id]);
  });

  it('falls back to the personal workspace, without a call in the other, when the stored one is no longer theirs', async () => {
    const { server } = renderShell({ stored: acme.id, workspaces: [personal] });

    expect(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Workspace: Personal' })).toBeInTheDocument();
    expect(await within(sidebar()).findByText('ada_on_x')).toBeInTheDocument();
    expect(localStorage.getItem('postflow.workspace')).toBe(personal.id);
    // Only the person's own calls (the session check, the list) may go out before the list is checked.
    const named = server.calls.filter((call) => !['/api/v1/workspaces', '/auth/profile'].includes(call.path)).map(workspaceOf);
    expect(named).not.toContain(acme.id);
  });

  it('goes back to the personal workspace and says so when the server no longer knows the current one (404)', async () => {
    renderShell({ stored: acme.id, acmeGone: true });

    expect(await screen.findByText('You can no longer open “Acme launch”')).toBeInTheDocument();
    expect(
      screen.getByText('This workspace does not exist, or you are not a member of it. You are back in your personal workspace.'),
    ).toBeInTheDocument();
    expect(await within(header()).findByRole('button', { name: 'Workspace: Personal' })).toBeInTheDocument();
    expect(await within(sidebar()).findByText('ada_on_x')).toBeInTheDocument();
    expect(localStorage.getItem('postflow.workspace')).toBe(personal.id);
  });

  it('creates a workspace from the menu and works in it', async () => {
    const created = aWorkspace({ id: '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Spring campaign', personal: false });
    const { user, server } = renderShell({ extra: [reply(api.workspaces.create, { status: 201, body: created })] });
    await screen.findByRole('heading', { name: 'Dashboard' });

    await user.click(switcher());
    await user.click(screen.getByRole('menuitem', { name: 'Create workspace' }));
    const dialog = screen.getByRole('dialog', { name: 'Create workspace' });
    await user.type(within(dialog).getByLabelText('Name'), 'Spring campaign');
    await user.click(within(dialog).getByRole('button', { name: 'Create workspace' }));

    expect(await within(header()).findByRole('button', { name: 'Workspace: Spring campaign' })).toBeInTheDocument();
    expect(server.callsTo(api.workspaces.create)[0]?.body).toEqual({ name: 'Spring campaign' });
    expect(localStorage.getItem('postflow.workspace')).toBe(created.id);
  });

  it('forgets the workspace when the person signs out', async () => {
    const { user } = renderShell({ stored: acme.id });
    await within(await screen.findByRole('banner')).findByRole('button', { name: 'Workspace: Acme launch' });

    await user.click(within(sidebar()).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(localStorage.getItem('postflow.workspace')).toBeNull();
  });
});

describe('roles in the shell', () => {
  it('hides writing a post from a viewer, and connecting or disconnecting accounts from everyone but owners and admins', async () => {
    const { user } = renderShell({ stored: acme.id });
    await within(await screen.findByRole('banner')).findByRole('button', { name: 'Workspace: Acme launch' });
    const nav = screen.getByRole('navigation', { name: 'Main' });

    expect(within(nav).queryByRole('link', { name: 'Create Post' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Feed' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Calendar' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Quick Actions' });
    expect(screen.queryByRole('link', { name: /Create Post/ })).not.toBeInTheDocument();
    await screen.findByText(/No posts yet\. Your latest posts will show here\./);
    expect(screen.queryByRole('link', { name: 'Write your first post' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('link', { name: 'Connect Accounts' }));
    expect(await screen.findByRole('heading', { name: 'Connect Your Accounts' })).toBeInTheDocument();
    expect(await screen.findAllByText("Only this workspace's owners and admins connect accounts.")).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^(Connect|Disconnect)/ })).not.toBeInTheDocument();
  });

  it('tells a viewer who types the composer’s address why they cannot write', async () => {
    renderShell({ stored: acme.id, path: '/create-post' });

    expect(await screen.findByText('Viewers cannot create posts')).toBeInTheDocument();
  });
});
