import type { FeedPost, FeedResponse, feedRoutes } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageNavigation } from '../../lib/page-navigation';
import {
  anAccount,
  apiError,
  aUser,
  aWorkspace,
  mockApi,
  never,
  reply,
  signIn,
  type MockAnswer,
  type MockHandler,
  type MockRoute,
} from '../../test/api-mock';
import { aChannel, aPageChannel } from '../../test/channel-data';
import { expectConsoleError } from '../../test/console';
import { aPost as aStoredPost, aStoppedThread, aThreadPart } from '../../test/post-data';
import { renderApp } from '../../test/render-app';
// Loaded up front, so the first test does not wait for the lazy route chunk to compile.
import './feed-page';

const MINUTE = 60_000;

function aPost(overrides: Partial<FeedPost> = {}): FeedPost {
  return {
    id: crypto.randomUUID(),
    user_profile_image: null,
    username: 'ada_on_x',
    user_first_name: 'Ada',
    user_last_name: 'Lovelace',
    platform: 'x',
    status: 'published',
    published_at: new Date(Date.now() - 5 * MINUTE).toISOString(),
    scheduled_for: new Date(Date.now() - 5 * MINUTE).toISOString(),
    text: 'Hello from the feed',
    media_urls: [],
    media_alts: [],
    media_kinds: [],
    document_title: null,
    link_card: null,
    platform_url: 'https://x.com/ada_on_x/status/1',
    likes_count: 0,
    comments_count: 0,
    shares_count: 0,
    metrics_updated_at: null,
    failure_reason: null,
    author: { kind: 'account', name: 'Ada on X', handle: 'ada_on_x', avatar_url: null },
    ...overrides,
  };
}

type Feed = typeof feedRoutes.personal;

const answer = (posts: FeedPost[], total = posts.length, exact = true): MockAnswer<Feed> => ({
  body: { posts, total_count: total, total_count_exact: exact } satisfies FeedResponse,
});

function renderFeed(feed: MockAnswer<Feed> | MockHandler<Feed> = answer([]), path = '/feed', socials = [anAccount()]) {
  signIn();
  const server = mockApi(
    reply(api.auth.profile, { body: { user: aUser() } }),
    reply(api.accounts.list, { body: { socials } }),
    reply(api.feed.personal, feed),
  );
  return { server, ...renderApp(path) };
}

const lastQuery = (server: ReturnType<typeof mockApi>) => Object.fromEntries(server.callsTo(api.feed.personal).at(-1)?.search ?? []);
const cards = () => screen.getAllByRole('article');

describe('Feed (/feed)', () => {
  it('shows skeletons while the first page loads', async () => {
    renderFeed(never);
    expect(await screen.findByRole('status', { name: 'Loading posts' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Feed' })).toBeInTheDocument();
    expect(screen.getByText('Your published posts')).toBeInTheDocument();
  });

  it('asks for the first 10 personal posts, sending cookies', async () => {
    const { server } = renderFeed(answer([aPost()]));
    await screen.findByRole('article');
    expect(lastQuery(server)).toEqual({ type: 'personal', limit: '10', offset: '0' });
    expect(server.callsTo(api.feed.personal)[0]?.credentials).toBe('include');
  });

  it('shows every part of a published post', async () => {
    renderFeed(
      answer([
        aPost({
          author: { kind: 'account', name: 'Ada on X', handle: 'ada_on_x', avatar_url: 'https://pbs.example.com/ada.png' },
          likes_count: 1500,
          comments_count: 42,
          shares_count: 2_300_000,
          media_urls: ['http://localhost/media/one', 'http://localhost/media/two'],
        }),
      ]),
    );

    // Who it went out as (the X account), not the Postflow user's own name.
    const card = await screen.findByRole('article', { name: 'Ada on X' });
    expect(within(card).queryByText('Ada Lovelace')).not.toBeInTheDocument();
    expect(card.querySelector('img[src="https://pbs.example.com/ada.png"]')).not.toBeNull();
    expect(within(card).getByText('@ada_on_x')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'X' })).toBeInTheDocument();
    expect(within(card).getByText('Twitter/X')).toBeInTheDocument();
    expect(within(card).getByText('5m ago')).toBeInTheDocument();
    // Blue, as on the profile and the dashboard (lib/post-status.ts).
    expect(within(card).getByText('Published')).toHaveClass('bg-blue-50');
    expect(within(card).getByText('Hello from the feed')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Image 1 of the post' })).toHaveAttribute('src', 'http://localhost/media/one');
    expect(within(card).getByRole('img', { name: 'Image 2 of the post' })).toHaveAttribute('src', 'http://localhost/media/two');
    const link = within(card).getByRole('link', { name: 'View on X' });
    expect(link).toHaveAttribute('href', 'https://x.com/ada_on_x/status/1');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const counts = within(card).getByRole('list', { name: 'Engagement' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1.5K1.5K likes', '4242 comments', '2.3M2.3M shares']);
  });

  it('describes each picture with the alt text it went out with', async () => {
    renderFeed(
      answer([aPost({ media_urls: ['http://localhost/media/one', 'http://localhost/media/two'], media_alts: ['A rocket at dawn', ''] })]),
    );
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('img', { name: 'A rocket at dawn' })).toHaveAttribute('src', 'http://localhost/media/one');
    expect(within(card).getByRole('img', { name: 'Image 2 of the post' })).toHaveAttribute('src', 'http://localhost/media/two');
  });

  it('plays a video post and opens a document post instead of drawing them as pictures', async () => {
    renderFeed(
      answer([
        aPost({
          id: 'video',
          media_urls: ['http://localhost/media/clip'],
          media_alts: ['Our launch in 30 seconds'],
          media_kinds: ['video'],
        }),
        aPost({
          id: 'document',
          platform: 'linkedin',
          media_urls: ['http://localhost/media/deck'],
          media_alts: [''],
          media_kinds: ['document'],
          document_title: 'Q3 roadmap',
        }),
      ]),
    );
    const [video, document] = await screen.findAllByRole('article');
    // No picture of the file: only the network's icon is an image there.
    expect((video as HTMLElement).querySelector('img')).toBeNull();
    expect(within(video as HTMLElement).getByLabelText('Our launch in 30 seconds')).toHaveAttribute('src', 'http://localhost/media/clip');
    expect((document as HTMLElement).querySelector('img')).toBeNull();
    expect(within(document as HTMLElement).getByRole('link', { name: /Q3 roadmap/u })).toHaveAttribute(
      'href',
      'http://localhost/media/deck',
    );
  });

  it('shows a LinkedIn post’s link card small under its text, leading to the page', async () => {
    renderFeed(
      answer([
        aPost({
          platform: 'linkedin',
          text: 'How we plan our week',
          link_card: {
            url: 'https://www.blog.example.com/plans',
            title: 'Ten ways to plan a week of posts',
            description: 'A method',
            imageUrl: 'https://www.blog.example.com/plans.png',
          },
        }),
      ]),
    );
    const card = await screen.findByRole('article');
    const link = within(card).getByRole('link', { name: 'Ten ways to plan a week of posts, blog.example.com' });
    expect(link).toHaveAttribute('href', 'https://www.blog.example.com/plans');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.querySelector('img')).toHaveAttribute('src', 'https://www.blog.example.com/plans.png');
  });

  it('counts one of a thing in the singular: 1 like, 1 comment, 1 share', async () => {
    renderFeed(answer([aPost({ likes_count: 1, comments_count: 1, shares_count: 1 })]));
    const counts = within(await screen.findByRole('list', { name: 'Engagement' })).getAllByRole('listitem');
    expect(counts.map((item) => item.textContent)).toEqual(['11 like', '11 comment', '11 share']);
    expect(counts[1]).toHaveAttribute('title', '1 comment');
  });

  it('shows a scheduled post as the LinkedIn page it goes out as, with its time', async () => {
    const at = '2030-05-01T09:30:00.000Z';
    renderFeed(
      answer([
        aPost({
          platform: 'linkedin',
          status: 'scheduled',
          published_at: null,
          scheduled_for: at,
          platform_url: null,
          author: { kind: 'page', name: 'Analytical Engines Ltd', handle: 'analytical-engines', avatar_url: null },
        }),
      ]),
    );
    const card = await screen.findByRole('article', { name: 'Analytical Engines Ltd' });
    expect(within(card).getByText('Page · analytical-engines')).toBeInTheDocument();
    expect(within(card).queryByText('Ada Lovelace')).not.toBeInTheDocument();
    expect(within(card).getByText('LinkedIn')).toBeInTheDocument();
    expect(within(card).getByText('Scheduled')).toBeInTheDocument();
    expect(within(card).getByText(/^Scheduled for/)).toHaveTextContent(
      `Scheduled for ${new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`,
    );
    expect(within(card).queryByRole('link', { name: /View on/ })).not.toBeInTheDocument();
  });

  it('shows a failed post with the reason', async () => {
    renderFeed(
      answer([
        aPost({ status: 'failed', published_at: null, platform_url: null, failure_reason: 'X refused the post: duplicate content.' }),
      ]),
    );
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Failed')).toBeInTheDocument();
    expect(within(card).getByText('X refused the post: duplicate content.')).toBeInTheDocument();
  });

  it("says 'No posts yet' to a person with an account, and offers to write the first post", async () => {
    renderFeed(answer([]));
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Write your first post' })).toHaveAttribute('href', '/create-post');
    expect(screen.queryByRole('navigation', { name: 'Feed pages' })).not.toBeInTheDocument();
  });

  it('sends a person with nothing connected to connect an account first', async () => {
    renderFeed(answer([]), '/feed', []);
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Connect an account' })).toHaveAttribute('href', '/connect-accounts');
    expect(screen.getByText(/Postflow posts through your X or LinkedIn account/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Write your first post' })).not.toBeInTheDocument();
  });

  it("says 'Failed to load posts. Please try again.' and 'Try Again' reloads the page", async () => {
    const { user } = renderFeed(apiError(500, 'internal', 'Something went wrong on our side. Please try again.'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load posts. Please try again.');
    expectConsoleError(/GET \/api\/v1\/social\/feed failed with 500/);

    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(pageNavigation.assign).toHaveBeenCalledExactlyOnceWith(window.location.href);
  });

  describe('paging', () => {
    const page = (number: number, total: number): MockAnswer<Feed> => {
      const count = Math.max(0, Math.min(10, total - (number - 1) * 10));
      return answer(
        Array.from({ length: count }, (_, index) => aPost({ text: `post ${(number - 1) * 10 + index + 1}` })),
        total,
      );
    };
    const byOffset: MockHandler<Feed> = (call) => page(Number(call.search.get('offset')) / 10 + 1, 73);

    it("says 'Page X of Y (N posts total)' and moves with Next, Previous and the page buttons", async () => {
      const { user, server } = renderFeed(byOffset);
      expect(await screen.findByText('Page 1 of 8 (73 posts total)')).toBeInTheDocument();
      expect(cards()).toHaveLength(10);
      const pages = screen.getByRole('navigation', { name: 'Feed pages' });
      expect(
        within(pages)
          .getAllByRole('button', { name: /^Page/ })
          .map((button) => button.textContent),
      ).toEqual(['1', '2', '3', '4', '5']);
      expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

      await user.click(within(pages).getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('Page 2 of 8 (73 posts total)')).toBeInTheDocument();
      expect(lastQuery(server)).toMatchObject({ limit: '10', offset: '10' });
      // The new page is read from its top: focus moves from the buttons at the bottom to the list.
      await waitFor(() => expect(screen.getByRole('region', { name: 'Posts, page 2 of 8' })).toHaveFocus());

      await user.click(within(pages).getByRole('button', { name: 'Page 5' }));
      expect(await screen.findByText('Page 5 of 8 (73 posts total)')).toBeInTheDocument();
      expect(
        within(pages)
          .getAllByRole('button', { name: /^Page/ })
          .map((button) => button.textContent),
      ).toEqual(['3', '4', '5', '6', '7']);
      expect(within(pages).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');

      await user.click(within(pages).getByRole('button', { name: 'Previous' }));
      expect(await screen.findByText('Page 4 of 8 (73 posts total)')).toBeInTheDocument();
      expect(lastQuery(server)).toMatchObject({ offset: '30' });
    });

    it('the last page has the rest and no Next', async () => {
      renderFeed(byOffset, '/feed?page=8');
      expect(await screen.findByText('Page 8 of 8 (73 posts total)')).toBeInTheDocument();
      expect(cards()).toHaveLength(3);
      expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
      expect(screen.getAllByRole('button', { name: /^Page \d/ }).map((button) => button.textContent)).toEqual(['4', '5', '6', '7', '8']);
    });

    it('with more posts than the server counts, says so and still pages on', async () => {
      const horizon: MockHandler<Feed> = (call) => {
        const offset = Number(call.search.get('offset'));
        return answer(
          Array.from({ length: 10 }, (_, index) => aPost({ text: `post ${offset + index + 1}` })),
          offset + 10_000,
          false,
        );
      };
      const { user } = renderFeed(horizon);
      expect(await screen.findByText('Page 1 of 1,000+ (10,000+ posts total)')).toBeInTheDocument();
      const pages = screen.getByRole('navigation', { name: 'Feed pages' });
      await user.click(within(pages).getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('Page 2 of 1,001+ (10,010+ posts total)')).toBeInTheDocument();
      expect(within(pages).getByRole('button', { name: 'Next' })).toBeEnabled();
    });

    it('a page past the end (posts deleted meanwhile) turns into the last page', async () => {
      const { server, router } = renderFeed(byOffset, '/feed?page=20');
      expect(await screen.findByText('Page 8 of 8 (73 posts total)')).toBeInTheDocument();
      expect(router.state.location.search).toBe('?page=8');
      expect(server.callsTo(api.feed.personal).map((call) => call.search.get('offset'))).toEqual(['190', '70']);
    });
  });

  describe('filters', () => {
    it('are hidden behind the Filters toggle', async () => {
      const { user } = renderFeed(answer([aPost()]));
      const toggle = await screen.findByRole('button', { name: 'Filters' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('combobox', { name: 'Platform' })).not.toBeInTheDocument();

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const platform = screen.getByRole('combobox', { name: 'Platform' });
      expect(
        within(platform)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All Platforms', 'LinkedIn', 'Twitter/X']);
      expect(
        within(screen.getByRole('combobox', { name: 'Time' }))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All Time', 'Today', 'This Week', 'This Month']);
      expect(
        within(screen.getByRole('combobox', { name: 'Status' }))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All Posts', 'Published', 'Scheduled', 'Pending approval']);
    });

    it('filter by channel, naming each by its own name and network', async () => {
      signIn();
      const grace = aChannel();
      const page = aPageChannel();
      const server = mockApi(
        reply(api.auth.profile, { body: { user: aUser() } }),
        reply(api.accounts.list, { body: { socials: [anAccount()] } }),
        reply(api.feed.personal, answer([aPost()])),
        reply(api.channels.list, { body: { channels: [grace, page] } }),
      );
      const { user } = renderApp('/feed');
      await screen.findByRole('article');
      await user.click(screen.getByRole('button', { name: 'Filters' }));
      const channel = await screen.findByRole('combobox', { name: 'Channel' });
      expect(
        within(channel)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All Channels', 'Grace on X (X)', 'Difference Club (LinkedIn page)']);
      await user.selectOptions(channel, 'Grace on X (X)');
      await waitFor(() => expect(lastQuery(server)).toEqual({ type: 'personal', limit: '10', offset: '0', channelId: grace.id }));
    });

    it('each change reloads from page 1 with the right query', async () => {
      const { user, server } = renderFeed((call) => answer([aPost({ text: `offset ${call.search.get('offset')}` })], 45), '/feed?page=3');
      expect(await screen.findByText('Page 3 of 5 (45 posts total)')).toBeInTheDocument();
      expect(lastQuery(server)).toMatchObject({ offset: '20' });
      await user.click(screen.getByRole('button', { name: 'Filters' }));

      await user.selectOptions(screen.getByRole('combobox', { name: 'Platform' }), 'Twitter/X');
      expect(await screen.findByText('Page 1 of 5 (45 posts total)')).toBeInTheDocument();
      expect(lastQuery(server)).toEqual({ type: 'personal', limit: '10', offset: '0', platform: 'x' });

      await user.click(screen.getByRole('button', { name: 'Page 2' }));
      await screen.findByText('Page 2 of 5 (45 posts total)');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Scheduled');
      await screen.findByText('Page 1 of 5 (45 posts total)');
      expect(lastQuery(server)).toEqual({ type: 'personal', limit: '10', offset: '0', platform: 'x', status: 'scheduled' });

      await user.selectOptions(screen.getByRole('combobox', { name: 'Platform' }), 'LinkedIn');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), 'Today');
      await screen.findByText('offset 0');
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
      expect(lastQuery(server)).toEqual({
        type: 'personal',
        limit: '10',
        offset: '0',
        platform: 'linkedin',
        status: 'scheduled',
        start_date: today,
        tz: timeZone,
      });

      await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), 'This Month');
      await screen.findByText('offset 0');
      expect(lastQuery(server)).toMatchObject({ start_date: `${today.slice(0, 8)}01`, tz: timeZone });

      await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), 'This Week');
      await screen.findByText('offset 0');
      const weekStart = Date.parse(lastQuery(server).start_date as string);
      expect(Math.abs(Date.now() - 7 * 24 * 60 * MINUTE - weekStart)).toBeLessThan(60_000);

      await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), 'All Time');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All Posts');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Platform' }), 'All Platforms');
      await screen.findByText('offset 0');
      expect(lastQuery(server)).toEqual({ type: 'personal', limit: '10', offset: '0' });
    });

    it("open by themselves when the address carries some; with no match they say so, and 'Clear filters' shows everything", async () => {
      const { server, user } = renderFeed(
        (request) => (request.search.has('platform') ? answer([]) : answer([aPost({ text: 'On X, published' })])),
        '/feed?platform=linkedin&status=published',
      );
      expect(await screen.findByRole('heading', { name: 'No posts match these filters' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'No posts yet' })).not.toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Platform' })).toHaveValue('linkedin');
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('published');
      expect(lastQuery(server)).toEqual({ type: 'personal', limit: '10', offset: '0', platform: 'linkedin', status: 'published' });

      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      expect(await screen.findByText('On X, published')).toBeInTheDocument();
      expect(lastQuery(server)).toEqual({ type: 'personal', limit: '10', offset: '0' });
      expect(screen.getByRole('combobox', { name: 'Platform' })).toHaveValue('all');
    });
  });
});

describe('Feed: threads and first comments (docs/product.md, Composer · Threads)', () => {
  /** The feed with these posts, "Retry from part k" answered, and any other routes. */
  function renderThreads(posts: FeedPost[], ...routes: MockRoute[]) {
    signIn();
    const server = mockApi(
      reply(api.auth.profile, { body: { user: aUser() } }),
      reply(api.accounts.list, { body: { socials: [anAccount()] } }),
      reply(api.feed.personal, answer(posts)),
      reply(api.posts.retry, ({ params }) => ({ body: { post: aStoredPost({ id: params.id, status: 'pending' }) } })),
      ...routes,
    );
    return { server, ...renderApp('/feed') };
  }

  const stopped = () =>
    aPost({
      text: 'Part 1 of the thread',
      status: 'partially_published',
      likes_count: 30,
      thread: aStoppedThread(4, 3),
    });

  it('shows a thread as one card with its parts, their links, reasons and counts', async () => {
    const { user } = renderThreads([aPost({ likes_count: 60, thread: [aThreadPart(1), aThreadPart(2), aThreadPart(3)] })]);
    const card = within((await screen.findAllByRole('article'))[0] as HTMLElement);
    expect(cards()).toHaveLength(1);
    const thread = within(card.getByRole('region', { name: 'Thread of 3 parts' }));
    // Out in full: the parts wait behind the toggle.
    expect(thread.queryByRole('listitem')).not.toBeInTheDocument();
    await user.click(thread.getByRole('button', { name: 'Show the 3 parts' }));

    const second = within(thread.getByRole('listitem', { name: 'Part 2 of 3' }));
    expect(second.getByText('Part 2 of the thread')).toBeInTheDocument();
    expect(second.getByText('20 likes · 2 comments · 1 share')).toBeInTheDocument();
    expect(second.getByRole('link', { name: 'View part 2 on X' })).toHaveAttribute('href', 'https://x.com/ada_on_x/status/2');
    expect(thread.getByText('All parts together: 60 likes · 6 comments · 3 shares')).toBeInTheDocument();
    expect(thread.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    await user.click(thread.getByRole('button', { name: 'Hide the parts' }));
    expect(thread.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('says which parts of a stopped thread went out and why the others did not, and retries from the first one missing', async () => {
    const { server, user } = renderThreads([stopped()]);
    const card = within((await screen.findAllByRole('article'))[0] as HTMLElement);
    expect(card.getByText('Partly published', { selector: 'span' })).toBeInTheDocument();
    const thread = within(card.getByRole('region', { name: 'Thread of 4 parts' }));
    expect(thread.getByText('Partly published: 2 of 4 parts went out.')).toBeInTheDocument();
    // Open at once: what went wrong is the point.
    const third = within(thread.getByRole('listitem', { name: 'Part 3 of 4' }));
    expect(third.getByText('Failed')).toBeInTheDocument();
    expect(third.getByText('X refused part 3.')).toBeInTheDocument();
    expect(third.queryByRole('link')).not.toBeInTheDocument();
    expect(within(thread.getByRole('listitem', { name: 'Part 4 of 4' })).getByText('Not sent')).toBeInTheDocument();
    expect(
      within(thread.getByRole('listitem', { name: 'Part 1 of 4' })).getByRole('link', { name: 'View part 1 on X' }),
    ).toBeInTheDocument();

    await user.click(thread.getByRole('button', { name: 'Retry from part 3' }));
    expect(await screen.findByText('Retrying from part 3')).toBeInTheDocument();
    expect(server.callsTo(api.posts.retry).map((call) => call.body)).toEqual([{ fromPart: 3 }]);
  });

  it('says a thread whose last part was missed stopped partway, and offers to retry it', async () => {
    const missed = aStoppedThread(3, 3).map((part) =>
      part.position === 3
        ? { ...part, status: 'missed' as const, failure_reason: 'Missed: Postflow could not send part 3 in time.' }
        : part,
    );
    renderThreads([aPost({ text: 'Part 1 of the thread', status: 'partially_published', thread: missed })]);
    const thread = within(await screen.findByRole('region', { name: 'Thread of 3 parts' }));
    expect(thread.getByText('Partly published: 2 of 3 parts went out.')).toBeInTheDocument();
    expect(within(thread.getByRole('listitem', { name: 'Part 3 of 3' })).getByText('Missed')).toBeInTheDocument();
    expect(thread.getByRole('button', { name: 'Retry from part 3' })).toBeInTheDocument();
  });

  it('offers no retry to a viewer', async () => {
    renderThreads([stopped()], reply(api.workspaces.list, { body: { workspaces: [aWorkspace({ role: 'viewer' })] } }));
    const card = within((await screen.findAllByRole('article'))[0] as HTMLElement);
    expect(card.getByRole('listitem', { name: 'Part 3 of 4' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('shows a LinkedIn post’s first comment, and sends a failed one again', async () => {
    const { server, user } = renderThreads([
      aPost({
        platform: 'linkedin',
        status: 'partially_published',
        first_comment: {
          id: '6e1f0a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
          text: 'The full story: https://example.com/planner',
          status: 'failed',
          platform_url: null,
          published_at: null,
          failure_reason: 'LinkedIn did not take the comment: try again.',
        },
      }),
    ]);
    const card = within((await screen.findAllByRole('article'))[0] as HTMLElement);
    expect(card.getByText('The full story: https://example.com/planner')).toBeInTheDocument();
    expect(card.getByText('LinkedIn did not take the comment: try again.')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Send the first comment again' }));
    expect(await screen.findByText('Sending the first comment again')).toBeInTheDocument();
    expect(server.callsTo(api.posts.retry).map((call) => call.body)).toEqual([{}]);
  });

  it('offers to send again a first comment that was missed or waits for its account to be reconnected', async () => {
    const comment = (status: 'missed' | 'needs_reconnect', id: string) =>
      aPost({
        id,
        platform: 'linkedin',
        status: 'partially_published',
        first_comment: {
          id: `6e1f0a2b-3c4d-4e5f-8a6b-7c8d9e0f1a${id.slice(-2)}`,
          text: `A ${status} comment`,
          status,
          platform_url: null,
          published_at: null,
          failure_reason: `The comment was ${status}.`,
        },
      });
    renderThreads([
      comment('missed', '6e1f0a2b-3c4d-4e5f-8a6b-7c8d9e0f1b01'),
      comment('needs_reconnect', '6e1f0a2b-3c4d-4e5f-8a6b-7c8d9e0f1b02'),
    ]);
    for (const card of await screen.findAllByRole('article'))
      expect(within(card).getByRole('button', { name: 'Send the first comment again' })).toBeInTheDocument();
    expect(cards()).toHaveLength(2);
  });
});
