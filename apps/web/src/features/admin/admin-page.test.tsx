import type { AdminWorkspace, PlanRequest } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, aUser, mockApi, reply, signIn, type MockRoute } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const acme: AdminWorkspace = {
  id: '3f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  name: 'Acme',
  ownerEmail: 'ada@example.com',
  personal: false,
  plan: 'free',
  members: 3,
  accounts: 2,
  postsThisMonth: 41,
  createdAt: '2026-11-01T09:00:00.000Z',
};

const request: PlanRequest = {
  id: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
  workspaceId: acme.id,
  workspaceName: 'Acme',
  email: 'ada@example.com',
  plan: 'business',
  currentPlan: 'free',
  createdAt: '2026-11-20T10:00:00.000Z',
  handledAt: null,
};

function renderAdmin(...routes: MockRoute[]) {
  signIn();
  const server = mockApi(
    reply(api.auth.profile, { body: { user: aUser() } }),
    reply(api.accounts.list, { body: { socials: [] } }),
    reply(api.admin.workspaces, { body: { workspaces: [acme] } }),
    reply(api.admin.planRequests, { body: { requests: [request] } }),
    ...routes,
  );
  return { server, ...renderApp('/admin') };
}

describe('Instance admin (/admin)', () => {
  it('lists each workspace with its owner, plan, members, accounts and posts this month, and the open plan requests', async () => {
    renderAdmin();

    const workspaces = within(await screen.findByRole('region', { name: 'Workspaces' }));
    const row = workspaces.getByRole('row', { name: /Acme/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Acme', 'ada@example.com', expect.stringContaining('Starter'), '3', '2', '41']);
    expect(within(row).getByRole('combobox', { name: 'Plan of Acme' })).toHaveValue('free');

    const requests = within(screen.getByRole('region', { name: 'Plan requests' }));
    const asked = requests.getByRole('row', { name: /ada@example.com/ });
    expect(within(asked).getByText('Scale')).toBeInTheDocument();
    expect(within(asked).getByText('Open')).toBeInTheDocument();
  });

  it("changes a workspace's plan and says so", async () => {
    const { server, user } = renderAdmin(reply(api.admin.setPlan, { body: { ...acme, plan: 'business' } }));

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Plan of Acme' }), 'Scale');

    expect(await screen.findByText('Acme is now on Scale.')).toBeInTheDocument();
    const [call] = server.callsTo(api.admin.setPlan);
    expect(call?.params).toEqual({ id: acme.id });
    expect(call?.body).toEqual({ plan: 'business' });
  });

  it('does not exist for someone not in ADMIN_EMAILS', async () => {
    renderAdmin(
      reply(api.admin.workspaces, apiError(404, 'not_found', 'There is no API call GET /api/v1/admin/workspaces.')),
      reply(api.admin.planRequests, apiError(404, 'not_found', 'There is no API call GET /api/v1/admin/plan-requests.')),
    );

    expect(await screen.findByRole('heading', { name: 'This page does not exist' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Workspaces' })).not.toBeInTheDocument();
  });
});
