import type { Webhook, WebhookDelivery, Workspace } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, aUser, aWorkspace, mockApi, reply, signIn, type MockRoute } from '../../test/api-mock';
import { emptyPageData } from '../../test/page-data';
import { renderApp } from '../../test/render-app';
// Loaded up front, so the first test does not wait for the lazy route chunk to compile.
import './workspace-settings-page';

const firstPaint = { timeout: 5000 };
const team = (role: Workspace['role']) =>
  aWorkspace({ id: '7d3e1a52-4b6c-4f8d-9e0a-1b2c3d4e5f60', name: 'Acme launch', role, personal: false });

const endpoint: Webhook = {
  id: '0b8f6a2e-1c3d-4e5f-8a9b-0c1d2e3f4a5b',
  url: 'https://cms.example.com/hooks',
  description: '',
  events: ['post.published', 'post.failed'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-27T09:00:00.000Z',
};
const delivery: WebhookDelivery = {
  id: '5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b',
  messageId: 'msg_5e4d3c2b1a0f4e9d8c7b6a5f4e3d2c1b',
  type: 'post.published',
  status: 'failed',
  attempts: 1,
  lastStatus: 410,
  lastError: 'The receiver answered 410.',
  lastResponse: 'gone for good',
  lastAttemptAt: '2026-11-27T09:00:01.000Z',
  nextAttemptAt: null,
  createdAt: '2026-11-27T09:00:00.000Z',
};

function openSettings(role: Workspace['role'], ...routes: MockRoute[]) {
  signIn();
  const current = team(role);
  localStorage.setItem('postflow.workspace', current.id);
  const server = mockApi(
    ...emptyPageData,
    reply(api.auth.profile, { body: { user: aUser() } }),
    reply(api.accounts.list, { body: { socials: [] } }),
    reply(api.workspaces.list, { body: { workspaces: [aWorkspace(), current] } }),
    ...routes,
  );
  return { server, ...renderApp('/settings/workspace') };
}

const section = () => screen.findByRole('region', { name: 'Webhooks' }, firstPaint);

describe('workspace settings · Webhooks', () => {
  it('adds an endpoint for the events ticked and shows its secret once, with a copy button', async () => {
    const { server, user } = openSettings(
      'admin',
      reply(api.webhooks.create, ({ body }) => ({
        status: 201,
        body: { ...endpoint, url: body.url, events: body.events as Webhook['events'], secret: 'whsec_c2VjcmV0IGtleSBvZiB0aGUgdGVzdA==' },
      })),
    );
    const webhooks = await section();
    expect(await within(webhooks).findByText('No endpoints yet.')).toBeInTheDocument();
    await user.type(within(webhooks).getByLabelText('Endpoint URL'), 'https://n8n.example.com/webhook/postflow');
    await user.click(within(webhooks).getByRole('checkbox', { name: /Post failed/ }));
    await user.click(within(webhooks).getByRole('button', { name: 'Add endpoint' }));

    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByLabelText('Signing secret')).toHaveTextContent('whsec_c2VjcmV0IGtleSBvZiB0aGUgdGVzdA==');
    await user.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(await within(dialog).findByText('Secret copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('whsec_c2VjcmV0IGtleSBvZiB0aGUgdGVzdA==');
    expect(server.callsTo(api.webhooks.create)[0]?.body).toEqual({
      url: 'https://n8n.example.com/webhook/postflow',
      events: ['post.published', 'post.failed'],
    });
  });

  it("shows the server's refusal of an address under the field", async () => {
    const message = 'Postflow does not send webhooks to private, loopback or link-local addresses (10.0.0.5).';
    const { user } = openSettings('owner', reply(api.webhooks.create, apiError(400, 'validation_failed', message, { url: message })));
    const webhooks = await section();
    await user.type(within(webhooks).getByLabelText('Endpoint URL'), 'https://10.0.0.5/hook');
    await user.click(within(webhooks).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(webhooks).findByText(message)).toBeInTheDocument();
  });

  it('sends a test, shows the delivery log and redelivers a delivery', async () => {
    const { server, user } = openSettings(
      'admin',
      reply(api.webhooks.list, { body: { webhooks: [endpoint] } }),
      reply(api.webhooks.deliveries, { body: { deliveries: [delivery] } }),
      reply(api.webhooks.test, { status: 202, body: { ...delivery, type: 'webhook.test', status: 'pending', attempts: 0 } }),
      reply(api.webhooks.redeliver, { status: 202, body: { ...delivery, status: 'pending' } }),
    );
    const item = await within(await section()).findByRole('listitem', { name: endpoint.url });
    expect(within(item).getByRole('switch', { name: `Send events to ${endpoint.url}` })).toHaveAttribute('aria-checked', 'true');

    await user.click(within(item).getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test sent')).toBeInTheDocument();
    expect(server.callsTo(api.webhooks.test)[0]?.params).toEqual({ id: endpoint.id });

    const log = await within(item).findByRole('list', { name: 'Deliveries' });
    expect(within(log).getByText('1 attempt, last answered 410')).toBeInTheDocument();
    expect(within(log).getByText('gone for good')).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: `Redeliver ${delivery.messageId}` }));
    expect(await screen.findByText('Sent again')).toBeInTheDocument();
    expect(server.callsTo(api.webhooks.redeliver)[0]?.params).toEqual({ id: endpoint.id, deliveryId: delivery.id });
  });

  it('rotates the secret after asking, and shows the new one', async () => {
    const { user } = openSettings(
      'admin',
      reply(api.webhooks.list, { body: { webhooks: [endpoint] } }),
      reply(api.webhooks.rotateSecret, { body: { ...endpoint, secret: 'whsec_bmV3IHNlY3JldCBrZXkgb2YgdGhlIHRlc3Q=' } }),
    );
    const item = await within(await section()).findByRole('listitem', { name: endpoint.url });
    await user.click(within(item).getByRole('button', { name: 'Rotate secret' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Rotate the signing secret?' })).getByRole('button', { name: 'Rotate secret' }),
    );
    expect(within(await screen.findByRole('dialog', { name: 'Signing secret' })).getByLabelText('Signing secret')).toHaveTextContent(
      'whsec_bmV3IHNlY3JldCBrZXkgb2YgdGhlIHRlc3Q=',
    );
  });

  it('is not shown to editors and viewers', async () => {
    openSettings('editor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Workspace settings' }, firstPaint)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Webhooks' })).not.toBeInTheDocument();
  });
});
