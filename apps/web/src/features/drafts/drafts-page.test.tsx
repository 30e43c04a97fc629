import type { Draft } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aDraft, aUser, aWorkspace, mockApi, reply, signIn } from '../../test/api-mock';
import { emptyPageData } from '../../test/page-data';
import { renderApp } from '../../test/render-app';
import * as personZone from '../../lib/person-time-zone';
// Loaded up front, so a busy machine does not time out waiting for the lazy route chunks to compile.
import './drafts-page';

const older = aDraft({
  id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  text: 'Thread about our pricing',
  platforms: ['linkedin'],
  updatedAt: '2026-03-02T08:00:00.000Z',
  author: { id: '6c1d5f2e-9e4b-4d47-8e8f-3a2b7c9d0e12', name: 'Grace Hopper' },
});
const newer = aDraft({
  text: 'Launch day: everything we shipped',
  platforms: ['x', 'linkedin'],
  updatedAt: '2026-03-03T17:45:00.000Z',
});

/** The app at `path` with these drafts; the list answers what is left after each deletion. */
function renderWithDrafts(drafts: Draft[], path = '/drafts', role: 'owner' | 'viewer' = 'owner') {
  signIn();
  let left = [...drafts];
  const server = mockApi(
    ...emptyPageData,
    reply(api.auth.profile, { body: { user: aUser() } }),
    reply(api.accounts.list, { body: { socials: [] } }),
    reply(api.workspaces.list, { body: { workspaces: [aWorkspace({ role })] } }),
    reply(api.drafts.list, ({ search }) => ({
      body: { drafts: left.slice(0, Number(search.get('limit') ?? 100)), total: left.length },
    })),
    reply(api.drafts.remove, ({ params }) => {
      left = left.filter((draft) => draft.id !== params.id);
      return { status: 204, body: null };
    }),
    reply(api.drafts.get, ({ params }) => ({ body: { draft: drafts.find((draft) => draft.id === params.id) as Draft } })),
    reply(api.accounts.linkedInOrganizations, {
      body: { personal: { id: 'li-1', name: 'Ada Lovelace', type: 'personal' }, organizations: [] },
    }),
  );
  return { server, ...renderApp(path) };
}

const mainLink = (name: string | RegExp) => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name });

describe('Drafts page', () => {
  beforeEach(() => {
    vi.spyOn(personZone, 'personTimeZone').mockReturnValue('America/New_York');
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists the drafts, newest first, with their opening, networks, time in the person’s zone and author', async () => {
    renderWithDrafts([newer, older]);
    const list = await screen.findByRole('list', { name: 'Drafts' }, { timeout: 3_000 });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/Launch day|Thread about/).textContent)).toEqual([
      'Launch day: everything we shipped',
      'Thread about our pricing',
    ]);
    expect(items[0]).toHaveTextContent('X and LinkedIn');
    expect(items[1]).toHaveTextContent('LinkedIn');
    // 17:45 UTC is 12:45 PM in New York.
    expect(items[0]).toHaveTextContent(/Updated .*12:45\sPM/);
    expect(items[0]).toHaveTextContent('by Ada Lovelace');
    expect(items[1]).toHaveTextContent('by Grace Hopper');
    expect(screen.getByText('Times are in your time zone, America/New_York.')).toBeInTheDocument();
  });

  it('shows the count in the sidebar, and keeps it fresh after a deletion', async () => {
    const view = renderWithDrafts([newer, older]);
    await waitFor(() => expect(mainLink(/^Drafts/)).toHaveAccessibleName('Drafts 2'));

    const item = within(await screen.findByRole('list', { name: 'Drafts' })).getAllByRole('listitem')[1] as HTMLElement;
    await view.user.click(within(item).getByRole('button', { name: 'Delete draft: Thread about our pricing' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this draft?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete draft' }));

    expect(await screen.findByText('Draft deleted')).toBeInTheDocument();
    expect(view.server.callsTo(api.drafts.remove).map((call) => call.params.id)).toEqual([older.id]);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Drafts' })).getAllByRole('listitem')).toHaveLength(1));
    await waitFor(() => expect(mainLink(/^Drafts/)).toHaveAccessibleName('Drafts 1'));
  });

  it('keeps the draft when the deletion is cancelled', async () => {
    const view = renderWithDrafts([newer]);
    await view.user.click(await screen.findByRole('button', { name: /^Delete draft: Launch day/ }));
    await view.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(view.server.callsTo(api.drafts.remove)).toHaveLength(0);
    expect(screen.getByRole('list', { name: 'Drafts' })).toHaveTextContent('Launch day');
  });

  it('opens a draft into the composer', async () => {
    const view = renderWithDrafts([newer]);
    await view.user.click(await screen.findByRole('link', { name: /^Open draft: Launch day/ }));
    expect(await screen.findByRole('heading', { name: 'Write your post' }, { timeout: 3_000 })).toBeInTheDocument();
    expect(view.router.state.location.search).toBe(`?draft=${newer.id}`);
    expect(screen.getByRole('textbox', { name: 'Post content' })).toHaveValue('Launch day: everything we shipped');
  });

  it('says what drafts are when there are none, and shows no count', async () => {
    renderWithDrafts([]);
    expect(await screen.findByRole('heading', { name: 'No drafts' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Create Post' })).toHaveAttribute('href', '/create-post');
    expect(mainLink(/^Drafts/)).toHaveAccessibleName('Drafts');
  });

  it('lets a viewer read the drafts, without Open or Delete', async () => {
    renderWithDrafts([newer], '/drafts', 'viewer');
    const list = await screen.findByRole('list', { name: 'Drafts' });
    expect(list).toHaveTextContent('Launch day');
    expect(within(list).queryByRole('button')).toBeNull();
    expect(within(list).queryByRole('link')).toBeNull();
  });
});
