import type { DashboardStats, dashboardRoutes, Post } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAccount, apiError, aUser, mockApi, never, reply, signIn, type MockAnswer, type MockRoute } from '../../test/api-mock';
import { expectConsoleError } from '../../test/console';
import { renderApp } from '../../test/render-app';
// Loaded up front, so the first test does not wait for the lazy route chunk to compile.
import './dashboard-page';

function someStats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    totalPosts: 42,
    postsTrend: 50,
    scheduledPosts: 5,
    scheduledTrend: 0,
    totalEngagement: 250,
    engagementRate: 2.8,
    engagementTrend: -33.3,
    connectedAccounts: 2,
    platformStats: [],
    bestPost: null,
    range: '30d',
    startDate: '2026-02-09',
    endDate: '2026-03-10',
    computedAt: '2026-03-10T12:00:00.000Z',
    metricsUpdatedAt: null,
    ...overrides,
  };
}

function aPost(overrides: Partial<Post> = {}): Post {
  return {
    id: crypto.randomUUID(),
    post_id: crypto.randomUUID(),
    user_id: aUser().id,
    platform: 'x',
    text: 'A recent post',
    status: 'published',
    media_urls: [],
    media_alts: [],
    media_kinds: [],
    document_title: null,
    link_card: null,
    platform_url: null,
    scheduled_for: new Date(Date.now() - 3_600_000).toISOString(),
    published_at: new Date(Date.now() - 3_600_000).toISOString(),
    created_at: new Date(Date.now() - 3_600_000).toISOString(),
    time_zone: 'UTC',
    linkedin_org_id: null,
    failure_reason: null,
    likes_count: 0,
    comments_count: 0,
    shares_count: 0,
    metrics_updated_at: null,
    account: { id: null, username: null, displayName: null, sandbox: false },
    author: { kind: 'account', name: 'X account', handle: null, avatar_url: null },
    ...overrides,
  };
}

function renderDashboard(routes: MockRoute[] = [], path = '/dashboard') {
  signIn();
  const server = mockApi(
    reply(api.auth.profile, { body: { user: aUser() } }),
    reply(api.accounts.list, { body: { socials: [anAccount()] } }),
    reply(api.dashboard.stats, { body: someStats() }),
    reply(api.posts.recent, { body: { contents: [] } }),
    ...routes,
  );
  return { server, ...renderApp(path) };
}

const card = (name: string) => screen.findByRole('article', { name });
const progress = (article: HTMLElement) => within(article).getByRole('progressbar');

describe('Dashboard (/dashboard)', () => {
  it('shows skeletons, then loads stats, the 5 recent posts and the accounts together', async () => {
    const { server } = renderDashboard([reply(api.dashboard.stats, never)]);
    expect(await screen.findByRole('status', { name: 'Loading dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(api.posts.recent)).toHaveLength(1));
    expect(server.callsTo(api.dashboard.stats)[0]?.search.get('range')).toBe('30d');
    // Days in the person's zone, as analytics and the profile count them.
    expect(server.callsTo(api.dashboard.stats)[0]?.search.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(server.callsTo(api.posts.recent)[0]?.search.get('limit')).toBe('5');
    expect(server.callsTo(api.accounts.list).length).toBeGreaterThanOrEqual(1);
  });

  it('shows the four key metrics with value, explanation, trend and progress', async () => {
    renderDashboard([reply(api.dashboard.stats, { body: someStats({ connectedAccounts: 3 }) })]);

    const posts = await card('Total Posts');
    expect(within(posts).getByText('42')).toBeInTheDocument();
    expect(within(posts).getByText('+50%')).toBeInTheDocument();
    expect(within(posts).getByText('↑')).toBeInTheDocument();
    expect(progress(posts)).toHaveAttribute('aria-valuenow', '42');
    expect(within(posts).getByRole('button', { name: 'About Total Posts' })).toHaveAccessibleDescription(
      'Posts published in the last 30 days, counting each network separately. The trend compares with the period before; the bar fills at 100 posts.',
    );

    const scheduled = await card('Scheduled Posts');
    expect(within(scheduled).getByText('5')).toBeInTheDocument();
    // At 0 the badge is positive, without a sign.
    expect(within(scheduled).getByText('0%')).toBeInTheDocument();
    expect(within(scheduled).getByText('↑')).toBeInTheDocument();
    expect(progress(scheduled)).toHaveAttribute('aria-valuenow', '25');

    const engagement = await card('Engagement Rate');
    expect(within(engagement).getByText('2.80%')).toBeInTheDocument();
    expect(within(engagement).getByText('250 engagements')).toBeInTheDocument();
    expect(within(engagement).getByText('-33.3%')).toBeInTheDocument();
    expect(within(engagement).getByText('↓')).toBeInTheDocument();
    expect(progress(engagement)).toHaveAttribute('aria-valuenow', '25');

    const accounts = await card('Connected Accounts');
    expect(within(accounts).getByText('3')).toBeInTheDocument();
    expect(progress(accounts)).toHaveAttribute('aria-valuenow', '75');
    expect(within(accounts).getByRole('button', { name: 'About Connected Accounts' })).toBeInTheDocument();
  });

  it('shows no comparison when there is nothing before the range to compare with (a new account)', async () => {
    renderDashboard([
      reply(api.dashboard.stats, {
        body: someStats({ totalPosts: 3, postsTrend: null, scheduledTrend: null, engagementTrend: null }),
      }),
    ]);
    for (const name of ['Total Posts', 'Scheduled Posts', 'Engagement Rate']) {
      const article = await card(name);
      expect(within(article).queryByText(/compared with the period before/)).not.toBeInTheDocument();
      expect(within(article).queryByText('0%')).not.toBeInTheDocument();
    }
    expect(within(await card('Total Posts')).getByText('3')).toBeInTheDocument();
  });

  it('caps every bar (posts 100, scheduled 20, engagement 1000, 25 per account up to 100) and formats large numbers', async () => {
    renderDashboard([
      reply(api.dashboard.stats, {
        body: someStats({ totalPosts: 1500, scheduledPosts: 21, totalEngagement: 2_300_000, engagementRate: null, connectedAccounts: 5 }),
      }),
    ]);
    const posts = await card('Total Posts');
    expect(within(posts).getByText('1.5K')).toBeInTheDocument();
    expect(progress(posts)).toHaveAttribute('aria-valuenow', '100');
    expect(progress(await card('Scheduled Posts'))).toHaveAttribute('aria-valuenow', '100');
    const engagement = await card('Engagement Rate');
    expect(within(engagement).getByText('—')).toBeInTheDocument();
    expect(within(engagement).getByText('2.3M engagements')).toBeInTheDocument();
    expect(progress(engagement)).toHaveAttribute('aria-valuenow', '100');
    expect(progress(await card('Connected Accounts'))).toHaveAttribute('aria-valuenow', '100');
  });

  it('changing the time range reloads the numbers for that range', async () => {
    const { user, server, router } = renderDashboard([
      reply(api.dashboard.stats, (call) => ({
        body: someStats({
          range: call.search.get('range') as DashboardStats['range'],
          totalPosts: call.search.get('range') === '7d' ? 7 : 42,
        }),
      })),
    ]);
    expect(within(await card('Total Posts')).getByText('42')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Time Range' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Last 7 days', 'Last 30 days', 'Last 90 days', 'Last year']);
    expect(select).toHaveValue('30d');

    await user.selectOptions(select, 'Last 7 days');

    expect(within(await card('Total Posts')).getByText('7')).toBeInTheDocument();
    expect(server.callsTo(api.dashboard.stats).map((call) => call.search.get('range'))).toEqual(['30d', '7d']);
    expect(router.state.location.search).toBe('?range=7d');
  });

  it('Refresh reloads everything while the numbers stay on screen', async () => {
    let release: (answer: MockAnswer<typeof dashboardRoutes.stats>) => void = () => {};
    const { user, server } = renderDashboard([
      reply(api.dashboard.stats, (_call, index) =>
        index === 0 ? { body: someStats() } : new Promise<MockAnswer<typeof dashboardRoutes.stats>>((resolve) => (release = resolve)),
      ),
    ]);
    expect(within(await card('Total Posts')).getByText('42')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByRole('button', { name: 'Refreshing...' })).toBeDisabled();
    expect(within(await card('Total Posts')).getByText('42')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading dashboard' })).not.toBeInTheDocument();
    expect(server.callsTo(api.posts.recent)).toHaveLength(2);
    expect(server.callsTo(api.accounts.list)).toHaveLength(2);

    release({ body: someStats({ totalPosts: 43 }) });
    expect(await within(await card('Total Posts')).findByText('43')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('shows the error panel when the stats fail, and Retry loads them', async () => {
    const { user } = renderDashboard([
      reply(api.dashboard.stats, (_call, index) => (index === 0 ? apiError(503, 'upstream_unavailable', 'Down') : { body: someStats() })),
    ]);
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('Failed to load dashboard data. Please try again.');
    expectConsoleError(/GET \/api\/v1\/dashboard\/stats failed with 503/);

    await user.click(within(panel).getByRole('button', { name: 'Retry' }));

    expect(within(await card('Total Posts')).getByText('42')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('Quick Actions', () => {
    const actions = () => screen.findByRole('region', { name: 'Quick Actions' });

    it('highlights Connect Accounts while nothing is connected', async () => {
      renderDashboard([
        reply(api.accounts.list, { body: { socials: [] } }),
        reply(api.dashboard.stats, { body: someStats({ connectedAccounts: 0 }) }),
      ]);
      const connect = within(await actions()).getByRole('link', { name: 'Connect Accounts' });
      await waitFor(() => expect(connect).toHaveAccessibleDescription('Connect your social platforms Get Started'));
      expect(within(connect.closest('li') as HTMLElement).getByText('Start here')).toBeInTheDocument();
      expect(connect).toHaveAttribute('href', '/connect-accounts');
    });

    it("says 'Manage your social accounts' once one is connected, without the highlight", async () => {
      renderDashboard();
      const connect = within(await actions()).getByRole('link', { name: 'Connect Accounts' });
      await waitFor(() => expect(connect).toHaveAccessibleDescription('Manage your social accounts Get Started'));
      expect(within(await actions()).queryByText('Start here')).not.toBeInTheDocument();
    });

    it('falls back on the stats for the account count when the accounts list fails', async () => {
      renderDashboard([
        reply(api.accounts.list, 'network-error'),
        reply(api.dashboard.stats, { body: someStats({ connectedAccounts: 1 }) }),
      ]);
      expect(await screen.findByText('Failed to load connected accounts')).toBeInTheDocument();
      const connect = within(await actions()).getByRole('link', { name: 'Connect Accounts' });
      await waitFor(() => expect(connect).toHaveAccessibleDescription('Manage your social accounts Get Started'));
    });

    it('marks the PRO cards and offers Get Started on the others', async () => {
      renderDashboard();
      const region = await actions();
      expect(within(region).getByRole('link', { name: 'Create Post' })).toHaveAccessibleDescription(
        'Write once, publish to X and LinkedIn Get Started',
      );
      expect(within(region).getByRole('link', { name: 'Create Post' })).toHaveAttribute('href', '/create-post');
      for (const name of ['Schedule Content', 'View Analytics']) {
        const button = within(region).getByRole('button', { name });
        expect(button).toHaveAccessibleDescription(expect.stringMatching(/Upgrade to Pro$/));
        expect(within(button).getByText('PRO')).toBeInTheDocument();
      }
      expect(within(region).getAllByText('PRO')).toHaveLength(2);
    });

    it('the PRO prompt sends the feature request and thanks the person', async () => {
      const { user, server } = renderDashboard([reply(api.feedback.send, { status: 201, body: { ok: true } })]);
      await user.click(within(await actions()).getByRole('button', { name: 'Schedule Content' }));

      const prompt = screen.getByRole('dialog', { name: 'Schedule Content is a PRO feature' });
      expect(prompt).toHaveAccessibleDescription(/Upgrade to Pro to use Schedule Content/);
      await user.click(within(prompt).getByRole('button', { name: 'Request Access' }));

      // The answer is a message; the prompt closes and no second dialog waits for an OK.
      const notifications = screen.getByRole('region', { name: 'Notifications' });
      expect(await within(notifications).findByText('Request Submitted')).toBeInTheDocument();
      expect(within(notifications).getByText("Thanks for your interest! We'll notify you about PRO features soon.")).toBeInTheDocument();
      expect(server.callsTo(api.feedback.send).map((call) => call.body)).toEqual([
        {
          type: 'feature_request',
          title: 'Pro Feature Request: Schedule Content',
          content: 'I am interested in the Schedule Content PRO feature.',
        },
      ]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      // A second prompt starts afresh.
      await user.click(within(await actions()).getByRole('button', { name: 'View Analytics' }));
      expect(screen.getByRole('dialog', { name: 'View Analytics is a PRO feature' })).toBeInTheDocument();
    });

    it('says when the request could not be sent', async () => {
      const { user } = renderDashboard([reply(api.feedback.send, apiError(500, 'internal', 'Boom'))]);
      await user.click(within(await actions()).getByRole('button', { name: 'View Analytics' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Request Access' }));

      const failed = await screen.findByRole('alert');
      expect(failed).toHaveTextContent('Something went wrong');
      expect(failed).toHaveTextContent('Could not submit your request. Please try again later.');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expectConsoleError(/POST \/api\/feedback\/ failed with 500/);
    });

    it('Cancel closes the prompt without sending anything', async () => {
      const { user, server } = renderDashboard();
      await user.click(within(await actions()).getByRole('button', { name: 'Schedule Content' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(server.callsTo(api.feedback.send)).toHaveLength(0);
    });
  });

  describe('Recent Posts', () => {
    const recent = () => screen.findByRole('region', { name: 'Recent Posts' });

    it('lists the most recent posts', async () => {
      renderDashboard([
        reply(api.posts.recent, {
          body: {
            contents: [
              aPost({ text: 'Out an hour ago' }),
              aPost({ text: 'Later today', status: 'scheduled', platform: 'linkedin', published_at: null }),
            ],
          },
        }),
      ]);
      const region = await recent();
      const items = await within(region).findAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        expect.stringContaining('Out an hour agoPublished1h ago'),
        expect.stringContaining('Later todayScheduledfor'),
      ]);
      // The same words and colours as the feed and the profile.
      expect(within(items[0] as HTMLElement).getByText('Published')).toHaveClass('bg-blue-50');
      expect(within(items[1] as HTMLElement).getByText('Scheduled')).toHaveClass('bg-green-50');
      expect(within(region).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/feed');
    });

    it('with none yet, offers to write the first post', async () => {
      renderDashboard();
      const region = await recent();
      expect(await within(region).findByRole('link', { name: 'Write your first post' })).toHaveAttribute('href', '/create-post');
    });

    it('with none yet and nothing connected, offers to connect an account', async () => {
      renderDashboard([
        reply(api.accounts.list, { body: { socials: [] } }),
        reply(api.dashboard.stats, { body: { ...someStats(), connectedAccounts: 0 } }),
      ]);
      const region = await recent();
      expect(await within(region).findByRole('link', { name: 'Connect an account' })).toHaveAttribute('href', '/connect-accounts');
      expect(within(region).queryByRole('link', { name: 'Write your first post' })).not.toBeInTheDocument();
    });

    it('shortens a long post at a word, never inside one', async () => {
      const text = `${'Launch day is here and we would love your thoughts, so '.repeat(2)}tell me what you think of it all`;
      renderDashboard([reply(api.posts.recent, { body: { contents: [aPost({ text })] } })]);
      const [item] = await within(await recent()).findAllByRole('listitem');
      const shown = within(item as HTMLElement).getByText(/^Launch day/).textContent ?? '';
      expect(shown).toMatch(/…$/);
      expect(text.startsWith(shown.slice(0, -1))).toBe(true);
      expect(text.charAt(shown.length - 1)).toMatch(/[\s,]/);
    });

    it('shows an empty list when they fail, and the rest of the dashboard works', async () => {
      renderDashboard([reply(api.posts.recent, apiError(500, 'internal', 'Boom'))]);
      const region = await recent();
      expect(await within(region).findByText(/No posts yet/)).toBeInTheDocument();
      expect(within(await card('Total Posts')).getByText('42')).toBeInTheDocument();
      expectConsoleError(/GET \/content\/recent failed with 500/);
    });
  });

  it("links 'Detailed Analytics' to /analytics", async () => {
    renderDashboard();
    expect(await screen.findByRole('link', { name: 'Detailed Analytics' })).toHaveAttribute('href', '/analytics');
  });
});
