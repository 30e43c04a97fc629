import type { ApiKey, Workspace } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, aUser, aWorkspace, mockApi, reply, signIn, type MockRoute } from '../../../test/api-mock';
import { emptyPageData } from '../../../test/page-data';
import { renderApp } from '../../../test/render-app';
// Loaded up front, so the first test does not wait for the lazy route chunks to compile.
import '../workspace-settings-page';
import './api-keys-page';

/** The page's chunk loads and its calls chain (session, then workspaces, then keys): slower than one look on a busy machine. */
const firstPaint = { timeout: 5000 };

const ada = aUser();
const KEY = 'pf_ak_Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4';

function aKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    name: 'n8n',
    scopes: ['posts:read', 'channels:read'],
    hint: 'abcd',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: null,
    createdBy: { id: ada.id, name: ada.name },
    mine: true,
    ...overrides,
  };
}

function openKeys(role: Workspace['role'], routes: MockRoute[] = [], path = '/settings/api-keys') {
  signIn();
  const team = aWorkspace({ id: '7d3e1a52-4b6c-4f8d-9e0a-1b2c3d4e5f60', name: 'Acme launch', role, personal: false });
  localStorage.setItem('postflow.workspace', team.id);
  const server = mockApi(
    ...emptyPageData,
    reply(api.auth.profile, { body: { user: ada } }),
    reply(api.accounts.list, { body: { socials: [] } }),
    reply(api.workspaces.list, { body: { workspaces: [aWorkspace(), team] } }),
    reply(api.apiKeys.list, { body: { apiKeys: [] } }),
    ...routes,
  );
  return { server, ...renderApp(path) };
}

const scope = (name: string) => screen.getByRole('checkbox', { name });

describe('API keys page', () => {
  it('is a tab of the settings, and explains what keys are for while there are none', async () => {
    const { user, pathname } = openKeys('editor', [], '/settings/workspace');
    const tabs = await screen.findByRole('navigation', { name: 'Settings' }, firstPaint);
    await user.click(within(tabs).getByRole('link', { name: 'API keys' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'API keys' })).toBeInTheDocument();
    expect(pathname()).toBe('/settings/api-keys');
    expect(await screen.findByRole('heading', { name: 'No API keys yet' })).toBeInTheDocument();
    expect(screen.getByText(/n8n, Zapier or Make workflows, your CMS, or an AI assistant through MCP/)).toBeInTheDocument();
    // Two pages' first paint, one after the other.
  }, 15_000);

  it('creates a key with the chosen scopes and shows it once, to copy, with a call that uses it', async () => {
    const created = aKey({ name: 'Zapier', scopes: ['posts:read', 'posts:write'] });
    const { server, user } = openKeys('editor', [
      reply(api.apiKeys.create, { status: 201, body: { ...created, key: KEY } }),
      reply(api.apiKeys.list, (_call, index) => ({ body: { apiKeys: index === 0 ? [] : [created] } })),
    ]);

    await user.type(await screen.findByRole('textbox', { name: 'Name' }, firstPaint), 'Zapier');
    await user.click(scope('Read posts, drafts, the calendar and the queue'));
    await user.click(scope('Create, schedule, edit and delete posts; upload media'));
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const field = await screen.findByRole('textbox', { name: 'API key' });
    expect(field).toHaveValue(KEY);
    expect(field).toHaveAttribute('readonly');
    expect(server.callsTo(api.apiKeys.create)[0]?.body).toEqual({ name: 'Zapier', scopes: ['posts:read', 'posts:write'] });
    expect(screen.getByText("Copy this key now. You won't be able to see it again.")).toBeInTheDocument();
    expect(screen.getByText("Try it: this lists the workspace's posts.")).toBeInTheDocument();
    expect(screen.getByText(`curl -H "Authorization: Bearer ${KEY}" http://localhost:3000/posts`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', 'http://localhost:3000/api/docs');

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Key copied.')).toBeInTheDocument();
    // user-event stands in for the system clipboard.
    expect(await navigator.clipboard.readText()).toBe(KEY);
    // The list shows the new key by its hint only.
    expect(await screen.findByText('…abcd')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(KEY)).not.toBeInTheDocument();
    expect(screen.queryByText(new RegExp(KEY))).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('selects the key for copying by hand where the browser gives no clipboard (plain http)', async () => {
    const { user } = openKeys('owner', [reply(api.apiKeys.create, { status: 201, body: { ...aKey(), key: KEY } })]);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, firstPaint), 'n8n');
    await user.click(scope('List connected channels'));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const field = await screen.findByRole('textbox', { name: 'API key' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Could not copy: select the key and copy it yourself.')).toBeInTheDocument();
    expect(field).toHaveFocus();
    const input = field as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, KEY.length]);
  });

  it('shows the server’s refusal next to the field it names', async () => {
    const { user } = openKeys('editor', [
      reply(
        api.apiKeys.create,
        apiError(400, 'validation_failed', 'Give the key a name, like "n8n" or "CMS"', {
          name: 'Give the key a name, like "n8n" or "CMS"',
        }),
      ),
    ]);
    await user.click(await screen.findByRole('checkbox', { name: 'List connected channels' }, firstPaint));
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription(/Give the key a name, like "n8n" or "CMS"/));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('textbox', { name: 'API key' })).not.toBeInTheDocument();
  });

  it('lets a viewer choose only the scopes a viewer has, and says why not the others', async () => {
    openKeys('viewer');
    const write = await screen.findByRole('checkbox', { name: 'Create, schedule, edit and delete posts; upload media' }, firstPaint);
    expect(write).toBeDisabled();
    expect(write).toHaveAccessibleDescription(/Needs an editor or above: you are a viewer here, and a key can do only what you can/);
    for (const name of ['Read posts, drafts, the calendar and the queue', 'Read analytics and the dashboard', 'List connected channels'])
      expect(scope(name)).toBeEnabled();
  });

  it('lists keys with their scopes, hint, use and maker, and revokes one after a warning', async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    const mine = aKey();
    const graces = aKey({
      id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
      name: 'CMS',
      scopes: ['posts:write'],
      hint: 'wxyz',
      lastUsedAt: fiveMinutesAgo,
      createdBy: { id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'Grace Hopper' },
      mine: false,
    });
    const { server, user } = openKeys('admin', [
      reply(api.apiKeys.list, (_call, index) => ({ body: { apiKeys: index === 0 ? [mine, graces] : [mine] } })),
      reply(api.apiKeys.revoke, { status: 204, body: null }),
    ]);

    const keys = await screen.findByRole('region', { name: 'Keys in this workspace' }, firstPaint);
    const cms = (await within(keys).findByText('CMS')).closest('li')!;
    expect(cms).toHaveTextContent('…wxyz');
    expect(within(cms).getByRole('list', { name: 'Scopes' })).toHaveTextContent('posts:write');
    expect(cms).toHaveTextContent('Last used 5m ago');
    expect(cms).toHaveTextContent('Made by Grace Hopper');
    const n8n = within(keys).getByText('n8n').closest('li')!;
    expect(n8n).toHaveTextContent('Never used');
    expect(n8n).not.toHaveTextContent('Made by');

    await user.click(within(cms).getByRole('button', { name: 'Revoke CMS' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke “CMS”?' });
    expect(dialog).toHaveTextContent('Anything using this key stops working at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));

    expect(await screen.findByText('“CMS” was revoked')).toBeInTheDocument();
    expect(server.callsTo(api.apiKeys.revoke, { id: graces.id })).toHaveLength(1);
    await waitFor(() => expect(within(keys).queryByText('CMS')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
