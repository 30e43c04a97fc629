import type { FeedPost, Post, Workspace } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STATUS_FILTERS, readFeedParams } from '../../features/feed/feed-filters';
import { approvalNote, postStatusLook } from '../../lib/post-status';
import { anAccount, apiError, aUser, mockApi, reply, signIn, type MockRoute } from '../../test/api-mock';
import { aPost } from '../../test/post-data';
import { renderApp } from '../../test/render-app';

function aFeedPost(overrides: Partial<FeedPost> = {}): FeedPost {
  return {
    id: crypto.randomUUID(),
    user_profile_image: null,
    username: 'agency_x',
    user_first_name: 'Eddie',
    user_last_name: 'Editor',
    platform: 'x',
    status: 'pending_approval',
    published_at: null,
    scheduled_for: new Date(Date.now() + 3_600_000).toISOString(),
    text: 'Please approve me',
    media_urls: [],
    media_alts: [],
    media_kinds: [],
    document_title: null,
    link_card: null,
    platform_url: null,
    likes_count: 0,
    comments_count: 0,
    shares_count: 0,
    metrics_updated_at: null,
    failure_reason: null,
    author: { kind: 'account', name: 'Agency on X', handle: 'agency_x', avatar_url: null },
    ...overrides,
  };
}

const workspaces = (role: Workspace['role']) =>
  reply(api.workspaces.list, {
    body: { workspaces: [{ id: aUser().id, name: 'Personal', role, personal: true, requireApproval: true, branding: null }] },
  });

function renderFeed(posts: FeedPost[], role: Workspace['role'], ...routes: MockRoute[]) {
  signIn();
  const server = mockApi(
    reply(api.auth.profile, { body: { user: aUser() } }),
    reply(api.accounts.list, { body: { socials: [anAccount()] } }),
    reply(api.feed.personal, { body: { posts, total_count: posts.length, total_count_exact: true } }),
    workspaces(role),
    ...routes,
  );
  return { server, ...renderApp('/feed') };
}

const approved = (post: Partial<Post>) => ({ body: { posts: [aPost({ ...post, status: 'scheduled' })] } });

describe('approval states', () => {
  it('name and colour the new states, and add "Pending approval" to the feed filters', () => {
    expect(postStatusLook('pending_approval')).toEqual({ label: 'Waiting for approval', tone: 'warning' });
    expect(postStatusLook('rejected')).toEqual({ label: 'Rejected', tone: 'danger' });
    expect(approvalNote({ status: 'rejected', failure_reason: 'Use the new logo' })).toBe('Rejected: Use the new logo');
    expect(approvalNote({ status: 'scheduled' })).toBeUndefined();
    expect(STATUS_FILTERS.map((filter) => filter.label)).toContain('Pending approval');
    expect(readFeedParams(new URLSearchParams('status=pending_approval')).status).toBe('pending_approval');
  });
});

describe('approvals on the feed', () => {
  it('shows a waiting post to an admin with Approve, which approves the whole post', async () => {
    const post = aFeedPost();
    const { server, user } = renderFeed([post], 'admin', reply(api.posts.approve, approved({ id: post.id })));
    const card = await screen.findByRole('article');
    expect(within(card).getAllByText('Waiting for approval').length).toBeGreaterThan(0);

    await user.click(await within(card).findByRole('button', { name: /^Approve post/ }));
    await waitFor(() => expect(server.callsTo(api.posts.approve, { id: post.id })).toHaveLength(1));
    expect(await screen.findByText('Post approved')).toBeInTheDocument();
  });

  it('asks an admin for a reason before rejecting, and sends it', async () => {
    const post = aFeedPost();
    const { server, user } = renderFeed(
      [post],
      'owner',
      reply(api.posts.reject, { body: { posts: [aPost({ id: post.id, status: 'rejected', failure_reason: 'Off brand' })] } }),
    );
    const card = await screen.findByRole('article');
    await user.click(await within(card).findByRole('button', { name: /^Reject post/ }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject post' }));
    expect(within(dialog).getByText('Say why the post is rejected')).toBeInTheDocument();
    expect(server.callsTo(api.posts.reject)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Off brand');
    await user.click(within(dialog).getByRole('button', { name: 'Reject post' }));
    await waitFor(() => expect(server.callsTo(api.posts.reject, { id: post.id })[0]?.body).toEqual({ reason: 'Off brand' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Post rejected')).toBeInTheDocument();
  });

  it('shows an editor the waiting state and a rejection reason, without Approve or Reject', async () => {
    renderFeed([aFeedPost(), aFeedPost({ status: 'rejected', failure_reason: 'Use the new logo', text: 'Old logo' })], 'editor');
    const [waiting, rejected] = await screen.findAllByRole('article');
    expect(within(waiting as HTMLElement).getAllByText('Waiting for approval').length).toBeGreaterThan(0);
    expect(within(rejected as HTMLElement).getByText('Rejected: Use the new logo')).toBeInTheDocument();
    // The workspaces list has been read and still no buttons: an editor cannot approve.
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Approve post/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Reject post/ })).not.toBeInTheDocument();
  });

  it('says why an approval failed (the post is no longer waiting)', async () => {
    const post = aFeedPost();
    const message = 'This post is not waiting for approval (it is already published), so it cannot be approved.';
    const { user } = renderFeed([post], 'admin', reply(api.posts.approve, apiError(409, 'conflict', message)));
    await user.click(await screen.findByRole('button', { name: /^Approve post/ }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('filters the feed by "Pending approval"', async () => {
    const { server, user } = renderFeed([aFeedPost()], 'admin');
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending approval');
    await waitFor(() =>
      expect(server.callsTo(api.feed.personal).some((call) => call.search.get('status') === 'pending_approval')).toBe(true),
    );
  });
});

describe('approvals on the profile', () => {
  it('lists waiting and rejected posts under Scheduled, with Approve and Reject for an admin', async () => {
    signIn();
    const waiting = aPost({ status: 'pending_approval', text: 'Waiting on the profile' });
    const rejected = aPost({ status: 'rejected', failure_reason: 'Too long', text: 'Rejected on the profile' });
    const server = mockApi(
      reply(api.auth.profile, { body: { user: aUser() } }),
      reply(api.accounts.list, { body: { socials: [] } }),
      reply(api.accounts.signInMethods, { body: { methods: [] } }),
      reply(api.profile.details, {
        body: {
          user: aUser(),
          stats: { posts: 0, scheduled: 0, engagement: '0%', engagement_rate: 0, range: '30d', followers: [], audience: [] },
          socialAccounts: [],
        },
      }),
      reply(api.posts.listPosts, (call) => ({
        body: [waiting, rejected].filter((post) => (call.search.get('status') ?? '').split(',').includes(post.status)),
      })),
      workspaces('admin'),
      reply(api.posts.approve, approved({ id: waiting.id })),
    );
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: /Scheduled/ }));
    expect(await screen.findByText('Rejected: Too long')).toBeInTheDocument();
    const card = (await screen.findByText('Waiting on the profile')).closest('article') as HTMLElement;
    expect(within(card).getAllByText('Waiting for approval').length).toBeGreaterThan(0);
    await user.click(await within(card).findByRole('button', { name: /^Approve post/ }));
    await waitFor(() => expect(server.callsTo(api.posts.approve, { id: waiting.id })).toHaveLength(1));
  });

  it('shows the rejection reason in the edit modal too, and no Approve for an editor', async () => {
    signIn();
    const rejected = aPost({ status: 'rejected', failure_reason: 'Too long', text: 'Rejected, to edit' });
    mockApi(
      reply(api.auth.profile, { body: { user: aUser() } }),
      reply(api.accounts.list, { body: { socials: [] } }),
      reply(api.accounts.signInMethods, { body: { methods: [] } }),
      reply(api.profile.details, {
        body: {
          user: aUser(),
          stats: { posts: 0, scheduled: 0, engagement: '0%', engagement_rate: 0, range: '30d', followers: [], audience: [] },
          socialAccounts: [],
        },
      }),
      reply(api.posts.listPosts, (call) => ({ body: (call.search.get('status') ?? '').includes('rejected') ? [rejected] : [] })),
      workspaces('editor'),
    );
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: /Scheduled/ }));
    const card = (await screen.findByText('Rejected, to edit')).closest('article') as HTMLElement;
    expect(within(card).queryByRole('button', { name: /^Approve post/ })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Scheduled Post' });
    expect(within(dialog).getByText('Rejected: Too long')).toBeInTheDocument();
  });
});
