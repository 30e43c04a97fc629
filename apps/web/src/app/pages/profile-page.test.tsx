import type { Post, postsRoutes, ProfileDetails, profileRoutes } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { configure, fireEvent, getConfig, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLocalInputValue } from '../../features/posts/manage/lib/schedule-time';
import {
  apiError,
  aUser,
  mockApi,
  never,
  reply,
  signIn,
  type Answer,
  type MockAnswer,
  type MockHandler,
  type MockRoute,
} from '../../test/api-mock';
import { aChannel, aPageChannel } from '../../test/channel-data';
import { consoleErrors, expectConsoleError } from '../../test/console';
import { aPost, aStoppedThread, aThreadPart } from '../../test/post-data';
import { renderApp } from '../../test/render-app';

const HOUR = 3_600_000;

function details(overrides: Partial<ProfileDetails> = {}): ProfileDetails {
  return {
    user: aUser({ bio: 'Writes about engines.', location: 'London', website: 'https://ada.example.com', username: 'ada' }),
    stats: {
      posts: 1234,
      scheduled: 2,
      engagement: '3.45%',
      engagement_rate: 3.45,
      range: '30d',
      followers: [
        { provider: 'x', followers_count: 1_500_000 },
        { provider: 'linkedin', followers_count: 980 },
      ],
      audience: [
        { provider: 'linkedin', name: 'Ada Lovelace', kind: 'page', followers_count: 980 },
        { provider: 'x', name: 'ada', kind: 'account', followers_count: 1_500_000 },
      ],
    },
    socialAccounts: [],
    ...overrides,
  };
}

/** Answers GET /posts by its status filter (one, or several with commas) and page from one list of posts, as the server would. */
function postsByStatus(posts: () => Post[]): MockHandler<typeof postsRoutes.listPosts> {
  return (call) => {
    const statuses = (call.search.get('status') ?? '').split(',');
    const offset = Number(call.search.get('offset') ?? 0);
    const limit = Number(call.search.get('limit') ?? 20);
    return {
      body: posts()
        .filter((post) => statuses.includes(post.status))
        .slice(offset, offset + limit),
    };
  };
}

function renderProfile(
  options: {
    details?: Answer<typeof api.profile.details>;
    posts?: Post[] | (() => Post[]);
    postsHandler?: Answer<typeof api.posts.listPosts>;
  } = {},
  ...routes: MockRoute[]
) {
  signIn();
  const { details: detailsAnswer, posts, postsHandler } = options;
  const server = mockApi(
    reply(api.auth.profile, { body: { user: aUser() } }),
    reply(api.accounts.list, { body: { socials: [] } }),
    reply(api.profile.details, detailsAnswer ?? { body: details() }),
    reply(api.accounts.signInMethods, { body: { methods: [{ id: 'password', kind: 'password', label: null, sandbox: false }] } }),
    reply(api.posts.listPosts, postsHandler ?? postsByStatus(typeof posts === 'function' ? posts : () => posts ?? [])),
    ...routes,
  );
  return { server, ...renderApp('/profile') };
}

const main = () => screen.getByRole('main');
const tab = (name: RegExp | string) => screen.getByRole('tab', { name });
const cards = async (list: 'Published posts' | 'Scheduled posts') =>
  within(await screen.findByRole('list', { name: list })).getAllByRole('article');

describe('Profile page (/profile)', () => {
  // The route loads the page lazily; load it once here so no test's first wait pays for it. Each
  // page load here is seven mocked calls and several renders: allow for a busy machine.
  const defaultTimeout = getConfig().asyncUtilTimeout;
  beforeAll(async () => {
    configure({ asyncUtilTimeout: 4000 });
    await import('./profile-page');
  });
  afterAll(() => configure({ asyncUtilTimeout: defaultTimeout }));

  it("says 'Loading profile...' and 'Loading your content...' while they load", async () => {
    renderProfile({ details: never, postsHandler: never });
    expect(await screen.findByText('Loading profile...')).toBeInTheDocument();
    expect(screen.getByText('Loading your content...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  });

  it("says 'Failed to load profile data' and still shows each card by the account it went out as", async () => {
    renderProfile({
      details: apiError(500, 'internal', 'boom'),
      posts: [
        aPost({
          status: 'published',
          published_at: '2026-01-02T10:00:00Z',
          account: { id: null, username: null, displayName: null, sandbox: false },
          author: { kind: 'account', name: 'X account', handle: null, avatar_url: null },
        }),
      ],
    });
    expect(await screen.findByText('Failed to load profile data')).toBeInTheDocument();
    expectConsoleError(/GET \/users\/profile failed with 500/);
    const [card] = await cards('Published posts');
    expect(within(card as HTMLElement).getByText('X account')).toBeInTheDocument();
  });

  it('shows cover, avatar, name, username, bio, location, website, joined date and the audience stats', async () => {
    const { server } = renderProfile();
    expect(await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('@ada')).toBeInTheDocument();
    expect(screen.getByText('Writes about engines.')).toBeInTheDocument();
    expect(screen.getByText('London')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ada.example.com' })).toHaveAttribute('href', 'https://ada.example.com/');
    expect(screen.getByText('Joined January 2025')).toBeInTheDocument();
    // No cover and no picture: a drawn cover and the initials, nothing fetched from elsewhere.
    expect(screen.getByRole('img', { name: 'Default cover' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture' })).toHaveTextContent('AL');

    const audience = screen.getByRole('region', { name: 'Audience' });
    const stat = (label: string) => within(audience).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(stat('X (Twitter) followers')).toBe('1.5M');
    // LinkedIn tells apps the followers of a page, not of a member: the page's audience, as analytics shows it.
    expect(stat('LinkedIn page followers')).toBe('980');
    expect(within(audience).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(stat('Posts')).toBe('1.2K');
    expect(stat('Engagement rate')).toBe('3.45%');
    expect(within(audience).getAllByText('Last 30 days')).toHaveLength(2);
    // The dashboard's 30 days in the person's zone, so the two screens show the same figures.
    const call = server.callsTo(api.profile.details)[0];
    expect([call?.search.get('range'), call?.search.get('tz')]).toEqual(['30d', Intl.DateTimeFormat().resolvedOptions().timeZone]);
  });

  it('draws the same avatar for the person in the header and on the profile', async () => {
    renderProfile();
    const onProfile = await screen.findByRole('img', { name: 'Profile picture' });
    const inHeader = screen.getByRole('banner').querySelector('[data-initials]') as HTMLElement;
    expect(inHeader).toHaveTextContent('AL');
    expect(onProfile).toHaveTextContent('AL');
    const colour = (element: Element) => [...element.classList].find((name) => name.startsWith('bg-'));
    expect(colour(inHeader)).toBe(colour(onProfile));
  });

  it('falls back to the drawn initials when the profile picture fails to load', async () => {
    renderProfile({
      details: {
        body: details({ user: aUser({ avatarURL: 'https://cdn.example.com/missing.png', coverURL: 'https://cdn.example.com/cover.png' }) }),
      },
    });
    const picture = await screen.findByRole('img', { name: 'Profile picture' });
    expect(picture.tagName).toBe('IMG');
    fireEvent.error(picture);
    expect(screen.getByRole('img', { name: 'Profile picture' })).toHaveTextContent('AL');
    fireEvent.error(screen.getByRole('img', { name: 'Cover image' }));
    expect(screen.getByRole('img', { name: 'Default cover' })).toBeInTheDocument();
  });

  it('shows tabs Posts and Scheduled with the count of waiting posts, and Analytics leads to /analytics', async () => {
    const { user, pathname } = renderProfile({
      posts: [
        aPost({ status: 'scheduled' }),
        aPost({ status: 'pending' }),
        aPost({ status: 'failed' }),
        aPost({ status: 'published', published_at: '2026-01-02T10:00:00Z' }),
      ],
    });
    await screen.findByRole('list', { name: 'Published posts' });
    expect(tab('Posts')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Scheduled 2')).toHaveAttribute('aria-selected', 'false');
    await user.click(tab('Scheduled 2'));
    expect(await cards('Scheduled posts')).toHaveLength(3);
    await user.click(within(main()).getByRole('link', { name: 'Analytics' }));
    await waitFor(() => expect(pathname()).toBe('/analytics'));
  });

  it('works its tabs from the keyboard as the WAI-ARIA tabs pattern says: one Tab stop, arrows, Home and End', async () => {
    const { user } = renderProfile({
      posts: [aPost({ status: 'scheduled' }), aPost({ status: 'published', published_at: '2026-01-02T10:00:00Z' })],
    });
    await screen.findByRole('list', { name: 'Published posts' });
    const posts = tab('Posts');
    const scheduled = tab('Scheduled 1');
    expect([posts.tabIndex, scheduled.tabIndex]).toEqual([0, -1]);
    // Each tab names its own panel, and the panel is labelled by its tab.
    const panel = screen.getByRole('tabpanel', { name: 'Posts' });
    expect(posts).toHaveAttribute('aria-controls', panel.id);

    posts.focus();
    await user.keyboard('{ArrowRight}');
    expect(scheduled).toHaveFocus();
    expect(scheduled).toHaveAttribute('aria-selected', 'true');
    expect([posts.tabIndex, scheduled.tabIndex]).toEqual([-1, 0]);
    expect(await cards('Scheduled posts')).toHaveLength(1);
    expect(screen.getByRole('tabpanel', { name: 'Scheduled 1' })).toBeVisible();

    // Arrows wrap around; Home and End go to the first and the last tab.
    await user.keyboard('{ArrowRight}');
    expect(posts).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(scheduled).toHaveFocus();
    await user.keyboard('{Home}');
    expect(posts).toHaveFocus();
    expect(posts).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(scheduled).toHaveFocus();
    // Tab leaves the tab list (for the Analytics link beside it), then reaches the panel.
    await user.tab();
    expect(within(main()).getByRole('link', { name: 'Analytics' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Scheduled 1' })).toHaveFocus();
  });

  it('asks GET /posts twice: a page of published posts, and every status that waits or needs attention in one call', async () => {
    const { server } = renderProfile();
    await screen.findByText('No published posts yet');
    expect(
      server
        .callsTo(api.posts.listPosts)
        .map((call) => `${call.search.get('status')} ${call.search.get('limit')}`)
        .sort(),
    ).toEqual(['published 25', 'scheduled,pending,failed,missed,needs_reconnect,pending_approval,rejected,partially_published 100']);
  });

  it("filters the lists and the figures by channel, and shows each post under its channel's name and picture", async () => {
    const ada = aChannel({ id: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c01', name: 'Ada on X', handle: 'ada_on_x' });
    const page = aPageChannel();
    const channels = [ada, page];
    const pagePost = aPost({
      text: 'From the club',
      platform: 'linkedin',
      status: 'scheduled',
      author: {
        kind: 'page',
        name: 'Difference Club',
        handle: 'difference',
        avatar_url: 'https://sandbox.test/logo.svg',
        channel_id: page.id,
      },
    });
    const adaPost = aPost({
      text: 'From Ada',
      status: 'scheduled',
      author: { kind: 'account', name: 'Ada on X', handle: 'ada_on_x', avatar_url: null, channel_id: ada.id },
    });
    const { user, server } = renderProfile(
      {
        postsHandler: (call) => {
          const only = call.search.get('channelId');
          const posts = [pagePost, adaPost].filter((post) => !only || post.author.channel_id === only);
          return postsByStatus(() => posts)(call, 0);
        },
        details: (call) => ({ body: details({ stats: { ...details().stats, posts: call.search.get('channelId') ? 7 : 1234 } }) }),
      },
      reply(api.channels.list, { body: { channels } }),
    );
    const filter = await screen.findByRole('combobox', { name: 'Channel' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Channels', 'Ada on X (X)', 'Difference Club (LinkedIn page)']);

    await user.selectOptions(filter, 'Difference Club (LinkedIn page)');
    await user.click(tab(/Scheduled/));
    const [card] = await cards('Scheduled posts');
    expect(within(card as HTMLElement).getByText('From the club')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText('Difference Club')).toBeInTheDocument();
    expect((card as HTMLElement).querySelector('img')).toHaveAttribute('src', 'https://sandbox.test/logo.svg');
    expect(await cards('Scheduled posts')).toHaveLength(1);
    expect(server.callsTo(api.posts.listPosts).at(-1)?.search.get('channelId')).toBe(page.id);
    // The posts and engagement figures are the channel's, and say so.
    const audience = screen.getByRole('region', { name: 'Audience' });
    await within(audience).findByText('7');
    expect(within(audience).getAllByText('Last 30 days · Difference Club')).toHaveLength(2);
    expect(server.callsTo(api.profile.details).at(-1)?.search.get('channelId')).toBe(page.id);

    // A tab with nothing on the channel says so, and leads back to every channel.
    await user.click(tab('Posts'));
    expect(await screen.findByText('Nothing on this channel')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Show all channels' }));
    expect(await screen.findByRole('combobox', { name: 'Channel' })).toHaveValue('all');
  });

  it('shows published posts 24 at a time with the likes and comments the feed shows, and loads more on request', async () => {
    const published = Array.from({ length: 30 }, (_, index) =>
      aPost({
        status: 'published',
        text: `Published ${index + 1}`,
        published_at: new Date(Date.UTC(2026, 0, 31 - index)).toISOString(),
        likes_count: index === 0 ? 12 : 0,
        comments_count: index === 0 ? 3 : 0,
      }),
    );
    const { user, server } = renderProfile({ posts: published });
    expect(await cards('Published posts')).toHaveLength(24);
    const [newest] = await cards('Published posts');
    expect(within(newest as HTMLElement).getByRole('button', { name: '12 likes' })).toBeInTheDocument();
    expect(within(newest as HTMLElement).getByText('3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    await waitFor(async () => expect(await cards('Published posts')).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Load more posts' })).not.toBeInTheDocument();
    const pages = server.callsTo(api.posts.listPosts).filter((call) => call.search.get('status') === 'published');
    expect(pages.map((call) => call.search.get('offset') ?? '0')).toEqual(['0', '24']);
  });

  it('shows the empty states of both tabs, with the way to schedule a first post', async () => {
    const { user, pathname } = renderProfile();
    expect(await screen.findByText('No published posts yet')).toBeInTheDocument();
    expect(screen.getByText('Your published content will appear here once a post goes out.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write your first post' })).toHaveAttribute('href', '/create-post');

    await user.click(tab('Scheduled 0'));
    expect(screen.getByText('No scheduled posts')).toBeInTheDocument();
    expect(screen.getByText('Your upcoming posts will appear here once scheduled.')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'No Scheduled Posts Yet' });
    expect(within(card).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(card).getByRole('link', { name: 'Create Your First Scheduled Post' }));
    await waitFor(() => expect(pathname()).toBe('/create-post'));
  });

  it("shows 'Something went wrong' when the posts cannot be read, and 'Try Again' reads them again", async () => {
    let fail = true;
    const { user } = renderProfile({ postsHandler: () => (fail ? apiError(503, 'upstream_unavailable', 'down') : { body: [] }) });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Failed to load your content. Please try again later.')).toBeInTheDocument();
    claimConsoleErrors(/GET \/posts failed with 503/);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No published posts yet')).toBeInTheDocument();
  });

  describe('published card', () => {
    it('shows author, handle, badge, date, platform, text collapsed beyond 120 characters, image, counts and View Post', async () => {
      const text = `${'word '.repeat(30)}END`;
      const { user } = renderProfile({
        posts: [
          aPost({
            status: 'published',
            text,
            published_at: '2026-01-02T10:00:00Z',
            media_urls: ['https://cdn.example.com/pic.png'],
            platform_url: 'https://x.com/ada_on_x/status/1',
          }),
        ],
      });
      const [card] = await cards('Published posts');
      const view = within(card as HTMLElement);
      // The X account it went out as, not the profile owner's name.
      expect(view.getByText('Ada on X')).toBeInTheDocument();
      expect(view.queryByText('Ada Lovelace')).not.toBeInTheDocument();
      expect(view.getByText('@ada_on_x')).toBeInTheDocument();
      expect(view.getByText('Published')).toBeInTheDocument();
      expect(view.getByText(/Jan 2, 2026/)).toBeInTheDocument();
      expect(view.getByRole('img', { name: 'X' })).toBeInTheDocument();
      expect(view.getByRole('img', { name: 'Attached image' })).toHaveAttribute('src', 'https://cdn.example.com/pic.png');
      expect(view.queryByText(/END/)).not.toBeInTheDocument();
      await user.click(view.getByRole('button', { name: 'See more' }));
      expect(view.getByText(/END/)).toBeInTheDocument();
      await user.click(view.getByRole('button', { name: 'See less' }));
      expect(view.queryByText(/END/)).not.toBeInTheDocument();
      const link = view.getByRole('link', { name: 'View Post' });
      expect(link).toHaveAttribute('href', 'https://x.com/ada_on_x/status/1');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(view.getByText('comments', { exact: false, selector: '.sr-only' }).parentElement).toHaveTextContent('0 comments');
    });

    it('shows the picture’s alt text, and a LinkedIn post’s link card under its text', async () => {
      renderProfile({
        posts: [
          aPost({
            status: 'published',
            text: 'A picture',
            media_urls: ['https://cdn.example.com/pic.png'],
            media_alts: ['A rocket at dawn'],
          }),
          aPost({
            status: 'published',
            platform: 'linkedin',
            text: 'A link',
            link_card: { url: 'https://blog.example.com/plans', title: 'Plans for the week', description: '', imageUrl: null },
          }),
        ],
      });
      const [picture, linked] = await cards('Published posts');
      expect(within(picture as HTMLElement).getByRole('img', { name: 'A rocket at dawn' })).toBeInTheDocument();
      expect(within(linked as HTMLElement).getByRole('link', { name: 'Plans for the week, blog.example.com' })).toHaveAttribute(
        'href',
        'https://blog.example.com/plans',
      );
    });

    it("does not collapse a text of exactly 120 characters, has no View Post without a network address, and says 'No date available'", async () => {
      renderProfile({ posts: [aPost({ status: 'published', text: 'a'.repeat(120), published_at: null, scheduled_for: null })] });
      const [card] = await cards('Published posts');
      const view = within(card as HTMLElement);
      expect(view.getByText('a'.repeat(120))).toBeInTheDocument();
      expect(view.queryByRole('button', { name: 'See more' })).not.toBeInTheDocument();
      expect(view.queryByRole('link', { name: 'View Post' })).not.toBeInTheDocument();
      expect(view.getByText('No date available')).toBeInTheDocument();
    });

    it('raises the like count on a like and lowers it again, locally only', async () => {
      const { user, server } = renderProfile({ posts: [aPost({ status: 'published', published_at: '2026-01-02T10:00:00Z' })] });
      const [card] = await cards('Published posts');
      const like = within(card as HTMLElement).getByRole('button', { name: '0 likes' });
      expect(like).toHaveAttribute('aria-pressed', 'false');
      await user.click(like);
      expect(within(card as HTMLElement).getByRole('button', { name: '1 like' })).toHaveAttribute('aria-pressed', 'true');
      await user.click(like);
      expect(within(card as HTMLElement).getByRole('button', { name: '0 likes' })).toHaveAttribute('aria-pressed', 'false');
      expect(server.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    });
  });

  describe('scheduled card', () => {
    it('shows platform, status badges, text collapsed beyond 150 characters, image and the relative time', async () => {
      const inTwoHours = new Date(Date.now() + 2 * HOUR);
      const sameDay = inTwoHours.toDateString() === new Date().toDateString();
      const { user } = renderProfile({
        posts: [
          aPost({
            status: 'scheduled',
            platform: 'linkedin',
            text: `${'b'.repeat(151)}`,
            scheduled_for: inTwoHours.toISOString(),
            media_urls: ['https://cdn.example.com/plan.png'],
          }),
          aPost({ status: 'pending', text: 'Going out' }),
          aPost({ status: 'failed', text: 'Broke', failure_reason: 'X refused the post: duplicate content.' }),
          aPost({ status: 'needs_reconnect', text: 'Lost', failure_reason: 'Reconnect your X account.' }),
          aPost({ status: 'scheduled', text: 'Unscheduled', scheduled_for: null }),
        ],
      });
      await user.click(await screen.findByRole('tab', { name: /Scheduled/ }));
      const all = await cards('Scheduled posts');
      const byText = (text: string) => within(all.find((card) => card.textContent?.includes(text)) as HTMLElement);

      const linkedIn = byText('bbbb');
      expect(linkedIn.getByRole('heading', { name: 'LinkedIn' })).toBeInTheDocument();
      expect(linkedIn.getByText('Scheduled')).toHaveClass('bg-green-50');
      expect(linkedIn.getByText(sameDay ? /^Today at / : /^Tomorrow at /)).toBeInTheDocument();
      expect(linkedIn.getByRole('img', { name: 'Attached image' })).toBeInTheDocument();
      expect(linkedIn.queryByText('b'.repeat(151))).not.toBeInTheDocument();
      await user.click(linkedIn.getByRole('button', { name: 'Show more' }));
      expect(linkedIn.getByText('b'.repeat(151))).toBeInTheDocument();
      expect(linkedIn.getByRole('button', { name: 'Show less' })).toBeInTheDocument();

      const pending = byText('Going out');
      expect(pending.getByText('Publishing')).toHaveClass('bg-amber-50');
      expect(pending.getByRole('button', { name: 'Publish Now' })).toBeDisabled();

      const failed = byText('Broke');
      expect(failed.getByText('Failed')).toHaveClass('bg-red-50');
      expect(failed.getByText('X refused the post: duplicate content.')).toBeInTheDocument();
      expect(failed.getByRole('button', { name: 'Publish Now' })).toBeEnabled();
      expect(byText('Lost').getByText('Needs reconnect')).toBeInTheDocument();
      expect(byText('Unscheduled').getByText('Not scheduled')).toBeInTheDocument();
    });

    it("publishes now after 'Are you sure you want to publish this post now?', shows it as publishing, then moves it to Posts", async () => {
      const post = aPost({ status: 'scheduled', text: 'Ship it', scheduled_for: new Date(Date.now() + 5 * HOUR).toISOString() });
      let state: Post = post;
      const { user, server } = renderProfile(
        { posts: () => [state] },
        reply(api.posts.publishNow, () => {
          state = { ...post, scheduled_for: new Date().toISOString() };
          // The worker picks it up; by the next read it is out.
          setTimeout(
            () =>
              (state = {
                ...post,
                status: 'published',
                published_at: new Date().toISOString(),
                platform_url: 'https://x.com/ada_on_x/status/9',
              }),
            100,
          );
          return { body: { post: state } };
        }),
      );
      await screen.findByText('No published posts yet');
      await user.click(tab('Scheduled 1'));
      const [card] = await cards('Scheduled posts');
      await user.click(within(card as HTMLElement).getByRole('button', { name: 'Publish Now' }));
      const dialog = screen.getByRole('dialog', { name: 'Publish now?' });
      expect(dialog).toHaveAccessibleDescription(
        /^Are you sure you want to publish this post now\? “Ship it” scheduled for .+ goes out on X/,
      );
      await user.click(within(dialog).getByRole('button', { name: 'Publish now' }));

      expect(await within(card as HTMLElement).findByText('Publishing')).toBeInTheDocument();
      expect(within(card as HTMLElement).getByRole('button', { name: 'Publish Now' })).toBeDisabled();
      expect(server.callsTo(api.posts.publishNow, { id: post.id })).toHaveLength(1);
      expect(screen.getByRole('status')).toHaveTextContent('Publishing on X now“Ship it” goes out within seconds');

      // Read again every few seconds until it is out.
      expect(await screen.findByText('No scheduled posts', {}, { timeout: 8000 })).toBeInTheDocument();
      expect(tab('Scheduled 0')).toBeInTheDocument();
      await user.click(tab('Posts'));
      const [published] = await cards('Published posts');
      expect(within(published as HTMLElement).getByRole('link', { name: 'View Post' })).toHaveAttribute(
        'href',
        'https://x.com/ada_on_x/status/9',
      );
    }, 15_000);

    it("says 'Failed to publish post. Please try again.' when Publish Now fails, and nothing happens on Cancel", async () => {
      const post = aPost({ status: 'scheduled' });
      const { user, server } = renderProfile(
        { posts: [post] },
        reply(api.posts.publishNow, apiError(409, 'conflict', 'This post is already published.')),
      );
      await user.click(await screen.findByRole('tab', { name: /Scheduled/ }));
      const [card] = await cards('Scheduled posts');
      await user.click(within(card as HTMLElement).getByRole('button', { name: 'Publish Now' }));
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(server.callsTo(api.posts.publishNow, { id: post.id })).toHaveLength(0);

      await user.click(within(card as HTMLElement).getByRole('button', { name: 'Publish Now' }));
      await user.click(screen.getByRole('button', { name: 'Publish now' }));
      expect(await within(card as HTMLElement).findByText('Failed to publish post. Please try again.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it("deletes after 'Are you sure you want to delete this scheduled post?' and the card goes", async () => {
      const keep = aPost({ status: 'scheduled', text: 'Keep me' });
      const drop = aPost({ status: 'scheduled', text: 'Drop me' });
      let posts = [keep, drop];
      const { user, server } = renderProfile(
        { posts: () => posts },
        reply(api.posts.remove, () => {
          posts = [keep];
          return { status: 204, body: null };
        }),
      );
      await screen.findByText('No published posts yet');
      await user.click(tab('Scheduled 2'));
      const card = (await cards('Scheduled posts')).find((item) => item.textContent?.includes('Drop me')) as HTMLElement;
      await user.click(within(card).getByRole('button', { name: /^Delete post “Drop me” scheduled for / }));
      const dialog = screen.getByRole('dialog', { name: 'Delete post?' });
      expect(dialog).toHaveAccessibleDescription(
        /^Are you sure you want to delete this scheduled post\? “Drop me” scheduled for .+ will not go out\.$/,
      );
      const confirm = within(dialog).getByRole('button', { name: 'Delete post' });
      expect(confirm).toHaveClass('bg-red-600');
      await user.click(confirm);
      await waitFor(() => expect(screen.queryByText('Drop me')).not.toBeInTheDocument());
      expect(screen.getByText('Keep me')).toBeInTheDocument();
      expect(tab('Scheduled 1')).toBeInTheDocument();
      expect(server.callsTo(api.posts.remove, { id: drop.id })).toHaveLength(1);
      expect(screen.getByRole('status')).toHaveTextContent('Post deleted“Drop me” will not go out on X.');
    });

    it('offers Undo after deleting a scheduled post, which schedules the same post again', async () => {
      const at = new Date(Date.now() + 5 * HOUR).toISOString();
      const drop = aPost({ status: 'scheduled', platform: 'linkedin', text: 'Drop me', scheduled_for: at, time_zone: 'Europe/Berlin' });
      const { user, server } = renderProfile(
        { posts: [drop] },
        reply(api.posts.remove, { status: 204, body: null }),
        reply(api.posts.createPost, { status: 201, body: { scheduled: true, scheduleTime: at, postId: drop.post_id, posts: [drop] } }),
      );
      await user.click(await screen.findByRole('tab', { name: /Scheduled/ }));
      const [card] = await cards('Scheduled posts');
      await user.click(within(card as HTMLElement).getByRole('button', { name: /^Delete post “Drop me”/ }));
      await user.click(screen.getByRole('button', { name: 'Delete post' }));
      await user.click(await screen.findByRole('button', { name: 'Undo: schedule the deleted post again' }));

      expect(await screen.findByText('Post restored')).toBeInTheDocument();
      expect(server.callsTo(api.posts.createPost)[0]?.body).toEqual({
        text: 'Drop me',
        platforms: ['linkedin'],
        scheduledFor: at,
        timeZone: 'Europe/Berlin',
        linkedInOrgId: '',
      });
    });

    it('offers no Undo for a deleted post with an image: its image is deleted with it', async () => {
      const drop = aPost({ status: 'scheduled', text: 'Drop me', media_urls: ['https://cdn.example.com/m.png'] });
      const { user } = renderProfile({ posts: [drop] }, reply(api.posts.remove, { status: 204, body: null }));
      await user.click(await screen.findByRole('tab', { name: /Scheduled/ }));
      const [card] = await cards('Scheduled posts');
      await user.click(within(card as HTMLElement).getByRole('button', { name: /^Delete post “Drop me”/ }));
      await user.click(screen.getByRole('button', { name: 'Delete post' }));
      expect(await screen.findByText('Post deleted')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
    });

    it("says 'Failed to delete post. Please try again.' when the delete fails, and keeps the card", async () => {
      const post = aPost({ status: 'scheduled', text: 'Stubborn' });
      const { user } = renderProfile({ posts: [post] }, reply(api.posts.remove, 'network-error'));
      await user.click(await screen.findByRole('tab', { name: /Scheduled/ }));
      const [card] = await cards('Scheduled posts');
      await user.click(within(card as HTMLElement).getByRole('button', { name: /^Delete post “Stubborn”/ }));
      await user.click(screen.getByRole('button', { name: 'Delete post' }));
      expect(await within(card as HTMLElement).findByText('Failed to delete post. Please try again.')).toBeInTheDocument();
      expect(screen.getByText('Stubborn')).toBeInTheDocument();
    });
  });

  describe('threads (docs/product.md, Composer · Threads)', () => {
    it('lists a thread that stopped partway with what needs attention, and retries it from the first part not out', async () => {
      const post = aPost({
        status: 'partially_published',
        text: 'Part 1 of the thread',
        failure_reason: 'Part 2 failed: X refused it.',
        thread: aStoppedThread(3, 2),
      });
      const { user, server } = renderProfile(
        { posts: [post] },
        reply(api.posts.retry, () => ({ body: { post: { ...post, status: 'pending' } } })),
      );
      await user.click(await screen.findByRole('tab', { name: /Scheduled/ }));
      const [card] = await cards('Scheduled posts');
      const thread = within(within(card as HTMLElement).getByRole('region', { name: 'Thread of 3 parts' }));
      expect(thread.getByText('Partly published: 1 of 3 parts went out.')).toBeInTheDocument();
      expect(within(thread.getByRole('listitem', { name: 'Part 2 of 3' })).getByText('X refused part 2.')).toBeInTheDocument();

      await user.click(thread.getByRole('button', { name: 'Retry from part 2' }));
      expect(await screen.findByText('Retrying from part 2')).toBeInTheDocument();
      expect(server.callsTo(api.posts.retry, { id: post.id }).map((call) => call.body)).toEqual([{ fromPart: 2 }]);
    });

    it('says before deleting a thread that every part goes, and offers no undo', async () => {
      const post = aPost({
        status: 'scheduled',
        text: 'Our launch thread',
        thread: [1, 2, 3, 4].map((position) => aThreadPart(position, { status: 'scheduled', platform_url: null, published_at: null })),
      });
      const { user } = renderProfile({ posts: [post] }, reply(api.posts.remove, { status: 204, body: null }));
      await user.click(await screen.findByRole('tab', { name: /Scheduled/ }));
      const [card] = await cards('Scheduled posts');
      await user.click(within(card as HTMLElement).getByRole('button', { name: /^Delete post “Our launch thread”/ }));

      const dialog = screen.getByRole('dialog', { name: 'Delete thread?' });
      expect(dialog).toHaveAccessibleDescription(/This deletes every part of the thread \(4 parts\), not only the first\.$/);
      await user.click(within(dialog).getByRole('button', { name: 'Delete thread' }));
      // One text cannot bring a thread back: no Undo.
      await screen.findByText('Post deleted');
      expect(screen.queryByRole('button', { name: 'Undo: schedule the deleted post again' })).not.toBeInTheDocument();
    });
  });

  describe('Edit Scheduled Post modal', () => {
    async function openEditor(post: Post, extra: MockRoute[] = []) {
      const rendered = renderProfile({ posts: [post] }, ...extra);
      await rendered.user.click(await screen.findByRole('tab', { name: /Scheduled/ }));
      const [card] = await cards('Scheduled posts');
      await rendered.user.click(within(card as HTMLElement).getByRole('button', { name: 'Edit' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Scheduled Post' });
      return { ...rendered, card: card as HTMLElement, dialog: within(dialog) };
    }

    it('starts from the post: platform, text with its counter, local time with a minimum a minute ahead, media preview', async () => {
      const when = new Date(Date.now() + 26 * HOUR);
      const { dialog } = await openEditor(
        aPost({ platform: 'x', text: 'Hello', scheduled_for: when.toISOString(), media_urls: ['https://cdn.example.com/m.png'] }),
      );
      expect(dialog.getByRole('combobox', { name: 'Platform' })).toHaveValue('twitter');
      expect(dialog.getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['linkedin', 'twitter']);
      expect(dialog.getByRole('textbox', { name: 'Content' })).toHaveValue('Hello');
      expect(dialog.getByText('5/280')).toBeInTheDocument();
      const time = dialog.getByLabelText('Schedule time');
      expect(time).toHaveValue(toLocalInputValue(when));
      const min = new Date(time.getAttribute('min') as string).getTime();
      expect(min).toBeGreaterThan(Date.now());
      expect(min).toBeLessThanOrEqual(Date.now() + 61_000);
      expect(dialog.getByRole('img', { name: 'Attached image' })).toHaveAttribute('src', 'https://cdn.example.com/m.png');
    });

    it('counts X text as X does, turns red and disables Save over the limit, and allows 1300 on LinkedIn', async () => {
      const { dialog, user } = await openEditor(aPost({ platform: 'x', text: 'a'.repeat(279) }));
      const save = dialog.getByRole('button', { name: 'Save Changes' });
      const content = dialog.getByRole('textbox', { name: 'Content' });
      await user.type(content, '😀');
      expect(dialog.getByText('281/280')).toHaveClass('text-red-700');
      expect(save).toBeDisabled();
      await user.selectOptions(dialog.getByRole('combobox', { name: 'Platform' }), 'linkedin');
      expect(dialog.getByText('281/1300')).not.toHaveClass('text-red-700');
      expect(save).toBeEnabled();
      fireEvent.change(content, { target: { value: 'b'.repeat(1301) } });
      expect(dialog.getByText('1301/1300')).toHaveClass('text-red-700');
      expect(save).toBeDisabled();
    });

    it('explains empty text, a missing time and a time in the past, and clears the message on the next edit', async () => {
      const { dialog, user, server } = await openEditor(aPost({ text: 'Hello' }));
      const content = dialog.getByRole('textbox', { name: 'Content' });
      const time = dialog.getByLabelText('Schedule time');
      await user.clear(content);
      await user.type(content, '   ');
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      expect(dialog.getByRole('alert')).toHaveTextContent('Post content cannot be empty');
      await user.type(content, 'Back');
      expect(dialog.queryByRole('alert')).not.toBeInTheDocument();

      fireEvent.change(time, { target: { value: '' } });
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      expect(dialog.getByRole('alert')).toHaveTextContent('Schedule time is required');

      fireEvent.change(time, { target: { value: toLocalInputValue(new Date(Date.now() - HOUR)) } });
      expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      expect(dialog.getByRole('alert')).toHaveTextContent('Schedule time must be in the future');
      expect(server.calls.filter((call) => call.method === 'PUT')).toEqual([]);
    });

    it('saves text, platform and time, disables the form while saving, and updates the card in place', async () => {
      const post = aPost({ platform: 'x', text: 'Old words', media_urls: ['https://cdn.example.com/m.png'] });
      let answer: (value: MockAnswer<typeof postsRoutes.update>) => void = () => {};
      const when = new Date(Date.now() + 50 * HOUR);
      when.setSeconds(0, 0);
      let saved = false;
      const { dialog, user, server } = await openEditor(post, [
        reply(api.posts.update, () => new Promise((resolve) => (answer = resolve))),
        // After the save the lists are read again; that answer never comes, so what the card shows is the edit itself.
        reply(api.posts.listPosts, (call, index) => (saved ? never() : postsByStatus(() => [post])(call, index))),
      ]);
      await user.clear(dialog.getByRole('textbox', { name: 'Content' }));
      await user.type(dialog.getByRole('textbox', { name: 'Content' }), 'New words');
      await user.selectOptions(dialog.getByRole('combobox', { name: 'Platform' }), 'linkedin');
      fireEvent.change(dialog.getByLabelText('Schedule time'), { target: { value: toLocalInputValue(when) } });
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

      expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
      expect(dialog.getByRole('textbox', { name: 'Content' })).toBeDisabled();
      expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      const [call] = server.callsTo(api.posts.update, { id: post.id });
      expect(call?.body).toEqual({
        text: 'New words',
        platform: 'linkedin',
        scheduled_for: when.toISOString(),
        media_urls: ['https://cdn.example.com/m.png'],
        media: [{ alt: '' }],
        linkedin_org_id: '',
      });

      saved = true;
      answer({ body: { post: { ...post, text: 'New words', platform: 'linkedin', scheduled_for: when.toISOString() } } });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const [card] = await cards('Scheduled posts');
      expect(within(card as HTMLElement).getByText('New words')).toBeInTheDocument();
      expect(within(card as HTMLElement).getByRole('heading', { name: 'LinkedIn' })).toBeInTheDocument();
    });

    it('shows each image with its alt text, lets the person change them, and sends them with the edit', async () => {
      const post = aPost({
        platform: 'linkedin',
        text: 'Two pictures',
        media_urls: ['https://cdn.example.com/a.png', 'https://cdn.example.com/b.png'],
        media_alts: ['A red square', ''],
      });
      const { dialog, user, server } = await openEditor(post, [reply(api.posts.update, { body: { post } })]);
      const media = within(dialog.getByRole('group', { name: 'Media' }));
      expect(media.getByRole('img', { name: 'A red square' })).toHaveAttribute('src', 'https://cdn.example.com/a.png');
      expect(media.getByRole('textbox', { name: 'Alt text for attachment 1' })).toHaveValue('A red square');
      expect(media.getByRole('textbox', { name: 'Alt text for attachment 2' })).toHaveValue('');
      await user.click(media.getByRole('textbox', { name: 'Alt text for attachment 2' }));
      await user.paste('A blue square');
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

      await waitFor(() => expect(server.callsTo(api.posts.update, { id: post.id })).toHaveLength(1));
      expect(server.callsTo(api.posts.update, { id: post.id })[0]?.body).toMatchObject({
        text: 'Two pictures',
        media_urls: post.media_urls,
        media: [{ alt: 'A red square' }, { alt: 'A blue square' }],
      });
    });

    it('holds Save while an alt text is longer than the chosen network takes', async () => {
      const { dialog, user } = await openEditor(aPost({ platform: 'x', media_urls: ['https://cdn.example.com/a.png'], media_alts: [''] }));
      fireEvent.change(dialog.getByRole('textbox', { name: 'Alt text for the attachment' }), { target: { value: 'a'.repeat(1001) } });
      expect(dialog.getByText('1,001 / 1,000 characters')).toHaveClass('text-red-700');
      expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
      // LinkedIn takes longer descriptions.
      await user.selectOptions(dialog.getByRole('combobox', { name: 'Platform' }), 'linkedin');
      expect(dialog.getByText('1,001 / 4,086 characters')).not.toHaveClass('text-red-700');
      expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    });

    it('shows a document’s title instead of a picture, and sends it with the edit', async () => {
      const post = aPost({
        platform: 'linkedin',
        text: 'Our deck',
        media_urls: ['https://cdn.example.com/deck'],
        media_alts: [''],
        document_title: 'Launch deck',
      });
      const { dialog, user, server } = await openEditor(post, [reply(api.posts.update, { body: { post } })]);
      expect(dialog.queryByRole('img')).not.toBeInTheDocument();
      const title = dialog.getByRole('textbox', { name: 'Document title' });
      expect(title).toHaveValue('Launch deck');
      await user.type(title, ', v2');
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(server.callsTo(api.posts.update, { id: post.id })).toHaveLength(1));
      expect(server.callsTo(api.posts.update, { id: post.id })[0]?.body).toMatchObject({ document: { title: 'Launch deck, v2' } });
    });

    it('edits every part of an X thread: part 2 rewritten, part 3 moved up, each image kept with its part, numbering kept', async () => {
      const chart = 'https://cdn.example.com/media/7d9f0b52-5a47-4c1e-9d8e-3c2b1a0f9e8d';
      const parts = ['Our launch 1/3', 'Why it matters 2/3', 'Try it 3/3'];
      const post = aPost({
        text: parts[0],
        media_urls: [chart],
        media_alts: ['Sign-ups'],
        media_kinds: ['image'],
        thread: parts.map((text, index) =>
          aThreadPart(index + 1, {
            text,
            status: 'scheduled',
            platform_url: null,
            published_at: null,
            ...(index === 0 ? { media_urls: [chart], media_alts: ['Sign-ups'] } : {}),
          }),
        ),
      });
      const { dialog, user, server } = await openEditor(post, [reply(api.posts.update, { body: { post } })]);
      // The thread editor replaces the one text: each part, without its number, with its images.
      expect(dialog.queryByRole('textbox', { name: 'Content' })).not.toBeInTheDocument();
      expect(dialog.getByRole('textbox', { name: 'Post 1 of 3' })).toHaveValue('Our launch');
      expect(dialog.getByRole('checkbox', { name: 'Number the posts (1/n)' })).toBeChecked();
      expect(dialog.getByRole('list', { name: 'Images for post 1: attached' })).toBeInTheDocument();

      const second = dialog.getByRole('textbox', { name: 'Post 2 of 3' });
      await user.clear(second);
      await user.type(second, 'The reason');
      await user.click(dialog.getByRole('button', { name: 'Move up post 3' }));
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(server.callsTo(api.posts.update, { id: post.id })).toHaveLength(1));
      const body = server.callsTo(api.posts.update, { id: post.id })[0]?.body;
      expect(body).toMatchObject({
        platform: 'twitter',
        media_urls: [],
        thread: [
          { text: 'Our launch 1/3', mediaIds: ['7d9f0b52-5a47-4c1e-9d8e-3c2b1a0f9e8d'], media: [{ alt: 'Sign-ups' }] },
          'Try it 2/3',
          'The reason 3/3',
        ],
      });
      expect(body).not.toHaveProperty('text');
    });

    it('shows a refusal naming a part of the thread under that part', async () => {
      const thread = aPost({
        text: 'One',
        thread: ['One', 'Two'].map((text, index) => aThreadPart(index + 1, { text, status: 'scheduled' })),
      });
      const { dialog, user } = await openEditor(thread, [
        reply(api.posts.update, apiError(400, 'validation_failed', 'Part 2 of the thread is empty', { 'thread.1': 'Write part 2' })),
      ]);
      await user.clear(dialog.getByRole('textbox', { name: 'Post 2 of 2' }));
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Post 2 of 2' })).toHaveAccessibleDescription(/Write part 2/));
    });

    it("edits a LinkedIn post's first comment, and an emptied one is removed", async () => {
      const post = aPost({
        platform: 'linkedin',
        text: 'Launch day',
        first_comment: {
          id: '6a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b',
          text: 'Link: https://example.com',
          status: 'scheduled',
          platform_url: null,
          published_at: null,
          failure_reason: null,
        },
      });
      const { dialog, user, server } = await openEditor(post, [reply(api.posts.update, { body: { post } })]);
      const field = dialog.getByRole('textbox', { name: 'First comment on LinkedIn (optional)' });
      expect(field).toHaveValue('Link: https://example.com');
      await user.clear(field);
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(server.callsTo(api.posts.update, { id: post.id })).toHaveLength(1));
      // Emptied, the comment is removed.
      expect(server.callsTo(api.posts.update, { id: post.id })[0]?.body).toMatchObject({ text: 'Launch day', firstComment: null });
    });

    it("shows the server's message when it refuses, 'Failed to update post. Please try again.' otherwise, and closing clears it", async () => {
      const post = aPost({ text: 'Hello' });
      let calls = 0;
      const { dialog, user, card } = await openEditor(post, [
        reply(api.posts.update, () =>
          ++calls === 1 ? apiError(409, 'conflict', 'This post is being published right now, so it cannot be edited.') : 'network-error',
        ),
      ]);
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      expect(await dialog.findByText('This post is being published right now, so it cannot be edited.')).toBeInTheDocument();
      await user.type(dialog.getByRole('textbox', { name: 'Content' }), '!');
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      expect(await dialog.findByText('Failed to update post. Please try again.')).toBeInTheDocument();

      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await user.click(within(card).getByRole('button', { name: 'Edit' }));
      const again = within(screen.getByRole('dialog', { name: 'Edit Scheduled Post' }));
      expect(again.queryByRole('alert')).not.toBeInTheDocument();
      expect(again.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    });
  });

  describe('Sign-in methods', () => {
    const methods = [
      { id: 'password', kind: 'password' as const, label: null, sandbox: false },
      { id: '7d7f4a8e-1c2b-4d3e-9f00-0a1b2c3d4e5f', kind: 'x' as const, label: '@ada_x', sandbox: true },
    ];

    it('lists the password and the network accounts, and removes one after confirming', async () => {
      const { user, server } = renderProfile(
        {},
        reply(api.accounts.signInMethods, { body: { methods } }),
        reply(api.accounts.removeSignInMethod, { body: { methods: [methods[0] as (typeof methods)[number]] } }),
      );
      const card = within(await screen.findByRole('region', { name: 'Sign-in methods' }));
      expect(await card.findByText('X (Twitter) · @ada_x')).toBeInTheDocument();
      expect(card.getByText('Password')).toBeInTheDocument();

      await user.click(card.getByRole('button', { name: 'Remove X (Twitter) · @ada_x' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Stop signing in with X (Twitter) · @ada_x?' }));
      await user.click(dialog.getByRole('button', { name: 'Remove' }));

      await waitFor(() => expect(card.queryByText('X (Twitter) · @ada_x')).not.toBeInTheDocument());
      expect(server.callsTo(api.accounts.removeSignInMethod, { id: methods[1]?.id as string })).toHaveLength(1);
      expect(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status')).toHaveTextContent(
        'Sign-in method removedYou no longer sign in to Postflow with X (Twitter) · @ada_x.',
      );
      // The last way in cannot be removed.
      expect(card.getByRole('button', { name: 'Remove Password' })).toBeDisabled();
    });

    it('changes the password and says so in a message, with no dialog left to dismiss', async () => {
      const { user, server } = renderProfile(
        {},
        reply(api.accounts.signInMethods, { body: { methods } }),
        reply(api.auth.changePassword, { body: { message: 'Password changed. Your other devices were signed out.' } }),
      );
      const card = within(await screen.findByRole('region', { name: 'Sign-in methods' }));
      await user.click(await card.findByRole('button', { name: 'Change password' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Change password' }));
      await user.type(dialog.getByLabelText('Current password'), 'old password here');
      await user.type(dialog.getByLabelText('New password'), 'a new password here');
      await user.click(dialog.getByRole('button', { name: 'Save password' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status')).toHaveTextContent(
        'Password changedPassword changed. Your other devices were signed out.',
      );
      expect(server.callsTo(api.auth.changePassword)[0]?.body).toEqual({
        currentPassword: 'old password here',
        password: 'a new password here',
      });
    });

    it('asks for the current password to remove the password, and shows why the server refused', async () => {
      const { user, server } = renderProfile(
        {},
        reply(api.accounts.signInMethods, { body: { methods } }),
        reply(
          api.accounts.removeSignInMethod,
          apiError(400, 'validation_failed', 'The current password is incorrect.', {
            currentPassword: 'The current password is incorrect',
          }),
        ),
      );
      const card = within(await screen.findByRole('region', { name: 'Sign-in methods' }));
      await user.click(await card.findByRole('button', { name: 'Remove Password' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Stop signing in with Password?' }));
      await user.type(dialog.getByLabelText('Current password'), 'guess');
      await user.click(dialog.getByRole('button', { name: 'Remove' }));

      expect(await dialog.findByText('The current password is incorrect')).toBeInTheDocument();
      expect(server.callsTo(api.accounts.removeSignInMethod, { id: 'password' })[0]?.body).toEqual({ currentPassword: 'guess' });
    });
  });

  describe('Edit Profile modal', () => {
    async function openProfileEditor(extra: MockRoute[] = [], profile = details()) {
      const rendered = renderProfile({ details: { body: profile } }, ...extra);
      await rendered.user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
      return { ...rendered, dialog: within(screen.getByRole('dialog', { name: 'Edit Profile' })) };
    }

    it('starts from the profile and marks all but bio as required, names at most 50 characters and email as an email', async () => {
      const { dialog } = await openProfileEditor();
      expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveValue('ada');
      expect(dialog.getByRole('textbox', { name: 'Bio' })).toHaveValue('Writes about engines.');
      expect(dialog.getByRole('textbox', { name: 'First name' })).toHaveValue('Ada');
      expect(dialog.getByRole('textbox', { name: 'Last name' })).toHaveValue('Lovelace');
      expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
      for (const name of ['Username', 'First name', 'Last name', 'Email']) expect(dialog.getByRole('textbox', { name })).toBeRequired();
      expect(dialog.getByRole('textbox', { name: 'Bio' })).not.toBeRequired();
      // No maxLength: a longer name is kept and the limit is said (see the pasted-name test below).
      expect(dialog.getByRole('textbox', { name: 'First name' })).not.toHaveAttribute('maxLength');
      expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
      expect(dialog.getByLabelText('Change cover')).toHaveAttribute('type', 'file');
      expect(dialog.getByLabelText('Change photo')).toHaveAttribute('accept', 'image/*');
    });

    it('explains missing and invalid fields before sending anything', async () => {
      const { dialog, user, server } = await openProfileEditor();
      await user.clear(dialog.getByRole('textbox', { name: 'Username' }));
      await user.clear(dialog.getByRole('textbox', { name: 'First name' }));
      await user.clear(dialog.getByRole('textbox', { name: 'Email' }));
      await user.type(dialog.getByRole('textbox', { name: 'Email' }), 'not-an-email');
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription('Username is required');
      expect(dialog.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription('First name is required');
      expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
        'Enter a valid email address, like name@example.com',
      );
      await user.type(dialog.getByRole('textbox', { name: 'Username' }), 'a');
      expect(dialog.getByRole('textbox', { name: 'Username' })).not.toHaveAccessibleDescription();
      expect(server.calls.filter((call) => call.method === 'PUT')).toEqual([]);
    });

    it('saves with PUT /auth/profile, disables the form while saving, then shows the new profile here and in the header', async () => {
      let answer: (value: MockAnswer<typeof profileRoutes.update>) => void = () => {};
      const { dialog, user, server } = await openProfileEditor([
        reply(api.profile.update, () => new Promise((resolve) => (answer = resolve))),
      ]);
      await user.clear(dialog.getByRole('textbox', { name: 'First name' }));
      await user.type(dialog.getByRole('textbox', { name: 'First name' }), 'Augusta');
      await user.clear(dialog.getByRole('textbox', { name: 'Bio' }));
      await user.type(dialog.getByRole('textbox', { name: 'Bio' }), 'Poetical science.');
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

      expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
      expect(dialog.getByRole('textbox', { name: 'First name' })).toBeDisabled();
      expect(server.callsTo(api.profile.update)[0]?.body).toEqual({
        firstName: 'Augusta',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        username: 'ada',
        bio: 'Poetical science.',
        location: 'London',
        website: 'https://ada.example.com',
      });
      answer({ body: { user: aUser({ name: 'Augusta Lovelace', firstName: 'Augusta', username: 'ada', bio: 'Poetical science.' }) } });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(within(main()).getByRole('heading', { level: 2, name: 'Augusta Lovelace' })).toBeInTheDocument();
      expect(within(main()).getByText('Poetical science.')).toBeInTheDocument();
      expect(within(screen.getByRole('banner')).getByText('Augusta Lovelace')).toBeInTheDocument();
      expect(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status')).toHaveTextContent('Profile saved');
    });

    it('says when a pasted name is over 50 characters instead of cutting it', async () => {
      const { dialog, user, server } = await openProfileEditor();
      await user.clear(dialog.getByRole('textbox', { name: 'First name' }));
      await user.click(dialog.getByRole('textbox', { name: 'First name' }));
      await user.paste('A'.repeat(55));
      expect(dialog.getByRole('textbox', { name: 'First name' })).toHaveValue('A'.repeat(55));
      expect(dialog.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
        'Names can be up to 50 characters; this one has 55.',
      );
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      expect(server.callsTo(api.profile.update)).toHaveLength(0);
    });

    it("says 'Failed to update profile. Please try again.' with the server's field message, and closing clears it", async () => {
      const { dialog, user } = await openProfileEditor([
        reply(
          api.profile.update,
          apiError(409, 'conflict', 'That username is already taken. Choose another one.', { username: 'That username is already taken' }),
        ),
      ]);
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      const alert = await dialog.findByRole('alert');
      expect(alert).toHaveTextContent('Failed to update profile. Please try again.');
      expect(alert).toHaveTextContent('That username is already taken');
      expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription('That username is already taken');

      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
      const again = within(screen.getByRole('dialog', { name: 'Edit Profile' }));
      expect(again.queryByRole('alert')).not.toBeInTheDocument();
      expect(again.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    });

    it('asks for the current password only when the email changes, and shows why the server refused it', async () => {
      const { dialog, user, server } = await openProfileEditor([
        reply(
          api.profile.update,
          apiError(400, 'validation_failed', 'The current password is incorrect.', {
            currentPassword: 'The current password is incorrect',
          }),
        ),
      ]);
      expect(dialog.queryByLabelText('Current password')).not.toBeInTheDocument();
      await user.clear(dialog.getByRole('textbox', { name: 'Email' }));
      await user.type(dialog.getByRole('textbox', { name: 'Email' }), 'ada.new@example.org');
      await user.type(dialog.getByLabelText('Current password'), 'my password');
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

      expect(server.callsTo(api.profile.update)[0]?.body).toMatchObject({ email: 'ada.new@example.org', currentPassword: 'my password' });
      expect(await dialog.findByRole('alert')).toHaveTextContent('The current password is incorrect');
      expect(dialog.getByLabelText('Current password')).toHaveAccessibleDescription(
        expect.stringContaining('The current password is incorrect'),
      );
    });

    it('uploads a new picture as profile_image and shows it at once', async () => {
      const { dialog, user, server } = await openProfileEditor([
        reply(api.profile.uploadAvatar, { body: { profileUrl: 'http://localhost/media/new-avatar' } }),
      ]);
      const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
      await user.upload(dialog.getByLabelText('Change photo'), file);
      await waitFor(() =>
        expect(within(main()).getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', 'http://localhost/media/new-avatar'),
      );
      const body = server.callsTo(api.profile.uploadAvatar)[0]?.form as FormData;
      expect((body.get('profile_image') as File).name).toBe('me.png');
    });

    it('uploads a cover as cover_image, and shows why the server refused a file', async () => {
      const { dialog, user, server } = await openProfileEditor([
        reply(api.profile.uploadCover, apiError(415, 'unsupported_media_type', 'That file is not an image; upload a JPG, PNG or GIF.')),
      ]);
      await user.upload(dialog.getByLabelText('Change cover'), new File(['hello'], 'cover.jpg', { type: 'image/jpeg' }));
      expect(await dialog.findByText('That file is not an image; upload a JPG, PNG or GIF.')).toBeInTheDocument();
      expect((server.callsTo(api.profile.uploadCover)[0]?.form as FormData).get('cover_image')).toBeInstanceOf(File);
    });

    it('refuses a file that is not an image, or over 10 MB, without sending it', async () => {
      const { dialog, user, server } = await openProfileEditor();
      // The picker offers images only; a file dropped past it is still checked.
      fireEvent.change(dialog.getByLabelText('Change photo'), {
        target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] },
      });
      expect(dialog.getByRole('alert')).toHaveTextContent('Choose an image file (JPG, PNG or GIF).');
      const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
      await user.upload(dialog.getByLabelText('Change photo'), big);
      expect(dialog.getByRole('alert')).toHaveTextContent('The image is larger than 10 MB. Choose a smaller one.');
      expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);
    });
  });
});

/** The client logs every failed read of the six lists (and of the retries): claims them all. */
function claimConsoleErrors(pattern: RegExp): void {
  expectConsoleError(pattern);
  for (let index = consoleErrors.length - 1; index >= 0; index -= 1) {
    if (pattern.test(consoleErrors[index] as string)) consoleErrors.splice(index, 1);
  }
}
