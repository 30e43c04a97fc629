import type { ActivityEntry, ActivityPage } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/date-time';
import { mockApi, reply, signIn } from '../../test/api-mock';
import { ActivitySection } from './activity-section';

const WORKSPACE = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const ADA = { id: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c01', name: 'Ada Lovelace', avatarUrl: null };
const GRACE = { id: '1d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c02', name: 'Grace', avatarUrl: null };

let serial = 0;
function anEntry(overrides: Partial<ActivityEntry>): ActivityEntry {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    action: 'post.created',
    actor: ADA,
    subject: { type: 'post', id: null, label: 'A post' },
    details: {},
    createdAt: '2026-11-26T14:30:00.000Z',
    ...overrides,
  };
}

function renderSection(...pages: ActivityPage[]) {
  signIn();
  const server = mockApi(reply(api.activity.list, (_call, index) => ({ body: pages[index] ?? { items: [], nextBefore: null } })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ActivitySection workspaceId={WORKSPACE} />
    </QueryClientProvider>,
  );
  return server;
}

const items = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('the workspace Activity section', () => {
  it('says each entry as a sentence, with its time in the person’s zone', async () => {
    renderSection({
      items: [
        anEntry({
          action: 'post.approved',
          subject: { type: 'post', id: null, label: 'Launch day…' },
          details: { networks: ['x'] },
        }),
        anEntry({
          action: 'member.joined',
          actor: GRACE,
          subject: { type: 'member', id: GRACE.id, label: 'Grace' },
          details: { role: 'editor' },
        }),
        anEntry({
          action: 'post.failed',
          actor: null,
          subject: { type: 'post', id: null, label: 'Hello' },
          details: { networks: ['x', 'linkedin'], reason: 'Reconnect the account.' },
        }),
        anEntry({ action: 'account.connected', subject: { type: 'account', id: null, label: '@ada_x' }, details: { networks: ['x'] } }),
        anEntry({
          action: 'workspace.renamed',
          subject: { type: 'workspace', id: WORKSPACE, label: 'Acme & Co' },
          details: { previousName: 'Acme' },
        }),
        anEntry({ action: 'workspace.approval_changed', details: { requireApproval: true } }),
        anEntry({
          action: 'api_key.created',
          subject: { type: 'api_key', id: null, label: 'n8n' },
          details: { scopes: ['posts:read', 'posts:write'] },
        }),
      ],
      nextBefore: null,
    });

    expect(await screen.findByText('Ada Lovelace approved “Launch day…” for X')).toBeInTheDocument();
    expect(screen.getByText('Grace joined as editor')).toBeInTheDocument();
    expect(screen.getByText('Postflow could not publish “Hello” on X and LinkedIn')).toBeInTheDocument();
    expect(screen.getByText('Reconnect the account.')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace connected @ada_x on X')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace renamed the workspace from “Acme” to “Acme & Co”')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace turned approvals on')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace created the API key “n8n” (posts:read, posts:write)')).toBeInTheDocument();
    const time = within(items()[0] as HTMLElement).getByText(formatDateTime('2026-11-26T14:30:00.000Z'));
    expect(time).toHaveAttribute('datetime', '2026-11-26T14:30:00.000Z');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads older entries with Load more, asking for those before the last one shown', async () => {
    const server = renderSection(
      { items: [anEntry({ subject: { type: 'post', id: null, label: 'Newest' }, details: { networks: ['x'] } })], nextBefore: 'cursor-1' },
      { items: [anEntry({ subject: { type: 'post', id: null, label: 'Oldest' }, details: { networks: ['x'] } })], nextBefore: null },
    );
    await screen.findByText('Ada Lovelace created “Newest” for X');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Ada Lovelace created “Oldest” for X')).toBeInTheDocument();
    expect(items()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(server.calls.map((call) => [call.path, call.search.get('before')])).toEqual([
      [`/api/v1/workspaces/${WORKSPACE}/activity`, null],
      [`/api/v1/workspaces/${WORKSPACE}/activity`, 'cursor-1'],
    ]);
  });

  it('says when nothing has happened yet', async () => {
    renderSection({ items: [], nextBefore: null });
    expect(await screen.findByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
  });
});
