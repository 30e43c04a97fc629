import type { Workspace } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, aUser, aWorkspace, mockApi, reply, signIn, type MockRoute } from '../../test/api-mock';
import { emptyPageData } from '../../test/page-data';
import { renderApp } from '../../test/render-app';
// Loaded up front, so the first test does not wait for the lazy route chunk to compile.
import './workspace-settings-page';

const personal = aWorkspace();
const team = aWorkspace({ id: '7d3e1a52-4b6c-4f8d-9e0a-1b2c3d4e5f60', name: 'Acme launch', role: 'owner', personal: false });

function renderSettings(current: Workspace, ...routes: MockRoute[]) {
  signIn();
  localStorage.setItem('postflow.workspace', current.id);
  const server = mockApi(
    ...emptyPageData,
    reply(api.auth.profile, { body: { user: aUser() } }),
    reply(api.accounts.list, { body: { socials: [] } }),
    reply(api.workspaces.list, { body: { workspaces: current.personal ? [current] : [personal, current] } }),
    ...routes,
  );
  return { server, ...renderApp('/settings/workspace') };
}

const general = () => screen.findByRole('region', { name: 'General' });
const currentWorkspace = () => within(screen.getByRole('banner')).getByRole('button', { name: /^Workspace:/ });

describe('workspace settings · General', () => {
  it('is linked from the sidebar as Workspace settings', async () => {
    renderSettings(team);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Workspace settings' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Workspace settings' })).toBeInTheDocument();
  });

  it('renames the workspace, and the header shows the new name', async () => {
    const { user, server } = renderSettings(
      team,
      reply(api.workspaces.update, (call) => ({ body: { ...team, name: (call.body.name as string) ?? team.name } })),
    );
    const section = await general();
    const field = within(section).getByLabelText('Workspace name');
    await user.clear(field);
    await user.type(field, 'Acme & Co');
    await user.click(within(section).getByRole('button', { name: 'Save name' }));

    expect(await screen.findByText('Renamed to “Acme & Co”')).toBeInTheDocument();
    expect(currentWorkspace()).toHaveAccessibleName('Workspace: Acme & Co');
    expect(server.callsTo(api.workspaces.update, { id: team.id })[0]?.body).toEqual({ name: 'Acme & Co' });
  });

  it('turns approval of editors’ posts on', async () => {
    const { user, server } = renderSettings(team, reply(api.workspaces.update, { body: { ...team, requireApproval: true } }));
    const toggle = within(await general()).getByRole('switch', { name: "Require approval for editors' posts" });
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await user.click(toggle);

    expect(server.callsTo(api.workspaces.update)[0]?.body).toEqual({ requireApproval: true });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('deletes the workspace only once its name is typed, and returns to the personal workspace', async () => {
    const { user, server, pathname } = renderSettings(team, reply(api.workspaces.remove, { status: 204, body: null }));
    await user.click(within(await general()).getByRole('button', { name: 'Delete workspace' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete “Acme launch”?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete “Acme launch”' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type “Acme launch” to confirm'), 'Acme');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type “Acme launch” to confirm'), ' launch');
    await user.click(confirm);

    expect(await screen.findByText('“Acme launch” deleted')).toBeInTheDocument();
    expect(server.callsTo(api.workspaces.remove, { id: team.id })).toHaveLength(1);
    // The dashboard's chunk is not this feature's to load up front.
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard');
    expect(currentWorkspace()).toHaveAccessibleName('Workspace: Personal');
    expect(localStorage.getItem('postflow.workspace')).toBe(personal.id);
  });

  it('shows why leaving is refused, and stays', async () => {
    const { user } = renderSettings(
      team,
      reply(
        api.workspaces.leave,
        apiError(409, 'conflict', 'You are this workspace’s only owner. Make another member an owner first, or delete the workspace.'),
      ),
    );
    await user.click(within(await general()).getByRole('button', { name: 'Leave workspace' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Leave “Acme launch”' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You are this workspace’s only owner.');
    expect(currentWorkspace()).toHaveAccessibleName('Workspace: Acme launch');
  });

  it('offers neither leaving nor deleting the personal workspace', async () => {
    renderSettings(personal);
    const section = await general();
    expect(within(section).getByLabelText('Workspace name')).toHaveValue('Personal');
    expect(within(section).queryByRole('button', { name: 'Leave workspace' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Delete workspace' })).not.toBeInTheDocument();
  });

  it('lets an editor leave, but not rename, switch approvals, delete or brand', async () => {
    renderSettings({ ...team, role: 'editor' });
    const section = await general();
    expect(within(section).getByText('Acme launch')).toBeInTheDocument();
    expect(within(section).queryByLabelText('Workspace name')).not.toBeInTheDocument();
    expect(within(section).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Delete workspace' })).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Leave workspace' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Branding' })).not.toBeInTheDocument();
  });
});

describe('workspace settings · Branding (white-label)', () => {
  it('refuses an accent colour too light for white text before sending it', async () => {
    const { user, server } = renderSettings(team);
    const section = await screen.findByRole('region', { name: 'Branding' });
    await user.type(within(section).getByLabelText('Accent colour'), '#facc15');
    await user.click(within(section).getByRole('button', { name: 'Save branding' }));

    expect(within(section).getByText(/White text on #facc15 has a contrast of 1.5:1/)).toBeInTheDocument();
    expect(server.callsTo(api.workspaces.branding)).toHaveLength(0);
  });

  it('shows the plan refusal, and on a plan with white-label shows the name, logo and colour in the shell', async () => {
    const refusal = 'White-label (your own product name, logo and colour) is part of the Agency plan, and this workspace is on Scale.';
    const branded = {
      ...team,
      branding: { productName: 'Acme Social', logoUrl: 'https://cdn.example.com/acme.png', accentColor: '#7c2d12' },
    };
    const { user, container } = renderSettings(
      team,
      reply(api.workspaces.branding, (_call, index) => (index === 0 ? apiError(403, 'forbidden', refusal) : { body: branded })),
    );
    const section = await screen.findByRole('region', { name: 'Branding' });
    await user.type(within(section).getByLabelText('Product name'), 'Acme Social');
    await user.click(within(section).getByRole('button', { name: 'Save branding' }));
    expect(await within(section).findByText(refusal)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Save branding' }));

    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(await within(sidebar).findByText('Acme Social')).toBeInTheDocument();
    expect(within(sidebar).queryByText('flow')).not.toBeInTheDocument();
    expect(sidebar.querySelector('img')).toHaveAttribute('src', 'https://cdn.example.com/acme.png');
    expect((container.firstElementChild as HTMLElement).style.getPropertyValue('--color-brand')).toBe('#7c2d12');
  });
});
