import type { Member, PendingInvitation, Workspace } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, aUser, mockApi, reply, signIn, type MockRoute } from '../../test/api-mock';
import { emptyPageData } from '../../test/page-data';
import { renderApp } from '../../test/render-app';

/** The page's chunk loads and its calls chain (session, then workspaces, then members): slower than one look on a busy machine. */
const firstPaint = { timeout: 5000 };

const TEAM = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const ada = aUser();

function aMember(overrides: Partial<Member>): Member {
  return {
    personId: ada.id,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    avatarUrl: null,
    role: 'owner',
    joinedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
const grace = aMember({
  personId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  role: 'editor',
});
const olive = aMember({ personId: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e', name: 'Olive Owner', email: 'olive@example.com', role: 'owner' });
const pending: PendingInvitation = {
  id: 'c4d5e6f7-0a1b-4c2d-8e3f-4a5b6c7d8e9f',
  email: 'alan@example.com',
  role: 'viewer',
  expiresAt: '2026-12-03T10:00:00.000Z',
  invitedBy: 'Ada Lovelace',
  createdAt: '2026-11-26T10:00:00.000Z',
};

function openSettings(role: Workspace['role'], extra: MockRoute[] = []) {
  signIn();
  localStorage.setItem('postflow.workspace', TEAM);
  const server = mockApi(
    ...emptyPageData,
    reply(api.auth.profile, { body: { user: ada } }),
    reply(api.accounts.list, { body: { socials: [] } }),
    reply(api.workspaces.list, {
      body: {
        workspaces: [
          { id: ada.id, name: 'Personal', role: 'owner', personal: true, requireApproval: false, branding: null },
          { id: TEAM, name: 'Launch team', role, personal: false, requireApproval: false, branding: null },
        ],
      },
    }),
    reply(api.members.list, { body: { members: [aMember({ role }), olive, grace] } }),
    reply(api.members.invitations, { body: { invitations: [pending] } }),
    ...extra,
  );
  return { server, ...renderApp('/settings/workspace') };
}

describe('members section', () => {
  it('lets an admin change an editor’s role, but not an owner’s, and offers no owner role', async () => {
    const { server, user } = openSettings('admin', [
      reply(api.members.updateRole, ({ body }) => ({ body: { ...grace, role: body.role } })),
    ]);

    const graceRole = await screen.findByRole('combobox', { name: 'Role of Grace Hopper' }, firstPaint);
    expect(within(graceRole).queryByRole('option', { name: 'Owner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Role of Olive Owner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Olive Owner' })).not.toBeInTheDocument();

    await user.selectOptions(graceRole, 'viewer');
    expect(await screen.findByText('Grace Hopper is now a viewer')).toBeInTheDocument();
    const [change] = server.callsTo(api.members.updateRole);
    expect(change?.params).toEqual({ id: TEAM, personId: grace.personId });
    expect(change?.body).toEqual({ role: 'viewer' });
  });

  it('shows a viewer the members and their roles, with nothing to change', async () => {
    openSettings('viewer');
    expect(await screen.findByText('Grace Hopper', {}, firstPaint)).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invite someone' })).not.toBeInTheDocument();
    expect(screen.queryByText('alan@example.com')).not.toBeInTheDocument();
  });

  it('removes a member after a confirmation that names them', async () => {
    const { server, user } = openSettings('owner', [reply(api.members.remove, { status: 204, body: null })]);

    await user.click(await screen.findByRole('button', { name: 'Remove Grace Hopper' }, firstPaint));
    const dialog = screen.getByRole('dialog', { name: 'Remove Grace Hopper?' });
    expect(dialog).toHaveTextContent('Grace Hopper loses access to Launch team at once');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Grace Hopper' }));

    expect(await screen.findByText('Grace Hopper was removed from Launch team')).toBeInTheDocument();
    expect(server.callsTo(api.members.remove, { personId: grace.personId })).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('invites by email with a role, and says so', async () => {
    const { server, user } = openSettings('owner', [
      reply(api.members.invite, ({ body }) => ({
        status: 201,
        body: { id: 'd5e6f7a8-1b2c-4d3e-9f4a-5b6c7d8e9f0a', email: body.email, role: body.role, expiresAt: '2026-12-03T10:00:00.000Z' },
      })),
    ]);

    await user.type(await screen.findByLabelText('Email', {}, firstPaint), 'katherine@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent to katherine@example.com')).toBeInTheDocument();
    expect(server.callsTo(api.members.invite)[0]?.body).toEqual({ email: 'katherine@example.com', role: 'admin' });
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('shows why an invitation was refused, such as the plan’s member limit', async () => {
    const limit =
      "Your Starter plan allows 1 member, invitations included. The Scale plan allows 3 and Agency unlimited: ask the instance's operator to change your plan.";
    const { user } = openSettings('owner', [reply(api.members.invite, apiError(403, 'forbidden', limit))]);

    await user.type(await screen.findByLabelText('Email', {}, firstPaint), 'katherine@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(limit)).toBeInTheDocument();
  });

  it('lists pending invitations and revokes one', async () => {
    const { server, user } = openSettings('owner', [reply(api.members.revokeInvitation, { status: 204, body: null })]);

    expect(await screen.findByText('alan@example.com', {}, firstPaint)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke the invitation to alan@example.com' }));
    expect(await screen.findByText('Invitation to alan@example.com revoked')).toBeInTheDocument();
    expect(server.callsTo(api.members.revokeInvitation)[0]?.params).toEqual({ id: TEAM, invitationId: pending.id });
  });
});
