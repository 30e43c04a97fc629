import type { analyticsRoutes, RouteResponse, SocialAccount } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  anAccount,
  apiError,
  aUser,
  mockApi,
  never,
  reply,
  signIn,
  type Answer,
  type MockAnswer,
  type MockRoute,
} from '../../test/api-mock';
import { aChannel } from '../../test/channel-data';
import { expectConsoleError } from '../../test/console';
import { renderApp } from '../../test/render-app';
import { anInsight, aPostItem, aSummary, aTrend } from './testing';

const SUMMARY = api.analytics.summary;
const SYNC = api.analytics.sync;
const SYNC_STATUS = api.analytics.syncStatus;
const GENERATE = api.analytics.generateInsights;
const DAY_MS = 86_400_000;

type SyncStatus = RouteResponse<typeof analyticsRoutes.syncStatus>;
type Audience = RouteResponse<typeof analyticsRoutes.audienceBreakdown>;
type OptimalTimes = RouteResponse<typeof analyticsRoutes.optimalTimes>;

const xAccount = anAccount({ provider: 'x', username: 'ada_on_x' });
const linkedInAccount = anAccount({ id: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c02', provider: 'linkedin', username: 'ada_in' });

function syncStatus(overrides: Partial<SyncStatus> = {}): MockAnswer<typeof analyticsRoutes.syncStatus> {
  return {
    body: {
      platform: 'x',
      status: 'idle',
      sync_type: null,
      requested_at: null,
      finished_at: null,
      posts_synced: 0,
      error: null,
      last_synced_at: null,
      ...overrides,
    },
  };
}

const audience = (overrides: Partial<Audience> = {}): MockAnswer<typeof analyticsRoutes.audienceBreakdown> => ({
  body: { metric_type: 'demographics', available: false, message: 'Not shared with apps.', segments: [], ...overrides },
});

const optimalTimes = (overrides: Partial<OptimalTimes> = {}): MockAnswer<typeof analyticsRoutes.optimalTimes> => ({
  body: {
    platform: 'all',
    time_zone: 'UTC',
    sample_size: 0,
    hours: [],
    recommendation: 'Not enough history yet.',
    insight: null,
    ...overrides,
  },
});

function renderAnalytics(
  options: { accounts?: SocialAccount[] | Answer<typeof api.accounts.list>; timers?: boolean } = {},
  ...routes: MockRoute[]
) {
  signIn();
  const { accounts, timers } = options;
  if (timers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const server = mockApi(
    reply(api.auth.profile, { body: { user: aUser() } }),
    reply(api.accounts.list, accounts === undefined || Array.isArray(accounts) ? { body: { socials: accounts ?? [xAccount] } } : accounts),
    reply(SUMMARY, { body: aSummary() }),
    reply(api.analytics.audienceBreakdown, audience()),
    reply(api.analytics.optimalTimes, optimalTimes()),
    reply(SYNC_STATUS, syncStatus()),
    ...routes,
  );
  const view = renderApp('/analytics', timers ? { userEvent: { advanceTimers: vi.advanceTimersByTimeAsync } } : {});
  return { server, ...view };
}

const overview = () => screen.findByRole('region', { name: 'Overview' });
const figure = (label: string) => within(screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement).getByRole('definition');
const platformSelect = () => screen.getByRole('combobox', { name: 'Platform' });
const syncButton = () => screen.getByRole('button', { name: /Sync Data|Syncing\.\.\./ });
const generateButton = () => screen.getByRole('button', { name: /Generate AI Insights|Generating\.\.\./ });
const notifications = () => screen.getByRole('region', { name: 'Notifications' });

describe('Analytics (/analytics)', () => {
  it("asks for all platforms over the last 30 days, as YYYY-MM-DD days of the person's zone", async () => {
    const { server } = renderAnalytics();
    await overview();

    const [call] = server.callsTo(SUMMARY);
    expect(call?.search.get('platform')).toBe('all');
    const start = call?.search.get('start_date') ?? '';
    const end = call?.search.get('end_date') ?? '';
    expect(start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(end).toBe(new Date().toLocaleDateString('en-CA', { timeZone: zone }));
    // The server reads the days in the same zone, as the dashboard's 'Last 30 days'.
    expect(call?.search.get('tz')).toBe(zone);
    expect((Date.parse(end) - Date.parse(start)) / DAY_MS).toBe(29);
    expect(screen.getByLabelText('Start date')).toHaveValue(start);
    expect(screen.getByLabelText('End date')).toHaveValue(end);
  });

  it('shows skeletons on the first load only, and keeps the figures on screen while a new range loads', async () => {
    let answerSecond: () => void = () => {};
    renderAnalytics(
      {},
      reply(SUMMARY, (_call, index) =>
        index === 0
          ? { body: aSummary() }
          : new Promise<MockAnswer<typeof analyticsRoutes.summary>>(
              (resolve) => (answerSecond = () => resolve({ body: aSummary({}, { total_posts: 3 }) })),
            ),
      ),
    );
    expect(await screen.findByText('Loading analytics...')).toBeInTheDocument();
    await overview();
    expect(figure('Total Posts')).toHaveTextContent('12');

    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-01-01' } });

    expect(screen.queryByText('Loading analytics...')).not.toBeInTheDocument();
    expect(figure('Total Posts')).toHaveTextContent('12');
    answerSecond();
    await waitFor(() => expect(figure('Total Posts')).toHaveTextContent('3'));
  });

  it('refuses an end date before the start date inline, without a call', async () => {
    const { server } = renderAnalytics();
    await overview();

    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-03-10' } });
    await waitFor(() => expect(server.callsTo(SUMMARY)).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-03-01' } });

    expect(await screen.findByText('The end date must not be before the start date')).toBeInTheDocument();
    expect(screen.getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo(SUMMARY)).toHaveLength(2);
    expect(server.callsTo(SUMMARY).some((call) => call.search.get('end_date') === '2026-03-01')).toBe(false);
  });

  it('reloads every section for the platform chosen', async () => {
    const { server, user } = renderAnalytics({ accounts: [xAccount, linkedInAccount] });
    await overview();
    expect(
      within(platformSelect())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All platforms', 'X', 'LinkedIn']);

    await user.selectOptions(platformSelect(), 'LinkedIn');

    await waitFor(() => expect(server.callsTo(SUMMARY).at(-1)?.search.get('platform')).toBe('linkedin'));
    await waitFor(() => expect(server.callsTo(api.analytics.audienceBreakdown).at(-1)?.search.get('platform')).toBe('linkedin'));
    expect(server.callsTo(api.analytics.audienceBreakdown).at(-1)?.search.get('metric_type')).toBe('demographics');
    expect(server.callsTo(api.analytics.optimalTimes).at(-1)?.search.get('platform')).toBe('linkedin');
  });

  it("shows one channel's figures: choosing a channel chooses its network, and another network lets the channel go", async () => {
    const grace = aChannel();
    const { server, user } = renderAnalytics(
      { accounts: [xAccount, linkedInAccount] },
      reply(api.channels.list, { body: { channels: [grace] } }),
      reply(SUMMARY, ({ search }) => ({ body: aSummary({}, { total_posts: search.get('channelId') ? 3 : 12 }) })),
    );
    await overview();
    const channel = await screen.findByRole('combobox', { name: 'Channel' });
    await user.selectOptions(channel, 'Grace on X (X)');

    await waitFor(() => expect(figure('Total Posts')).toHaveTextContent('3'));
    const last = server.callsTo(SUMMARY).at(-1);
    expect([last?.search.get('platform'), last?.search.get('channelId')]).toEqual(['x', grace.id]);
    expect(platformSelect()).toHaveValue('x');
    await waitFor(() => expect(server.callsTo(api.analytics.optimalTimes).at(-1)?.search.get('channelId')).toBe(grace.id));
    // Sync and insights work on the channel's network.
    expect(syncButton()).not.toHaveAttribute('aria-disabled');

    await user.selectOptions(platformSelect(), 'LinkedIn');
    expect(channel).toHaveValue('all');
    await waitFor(() => expect(server.callsTo(SUMMARY).at(-1)?.search.get('platform')).toBe('linkedin'));
    expect(server.callsTo(SUMMARY).at(-1)?.search.has('channelId')).toBe(false);
  });

  describe('Sync Data', () => {
    it("is disabled with 'All platforms' and says to choose one, without a call", async () => {
      const { server, user } = renderAnalytics();
      await overview();

      expect(syncButton()).toHaveAttribute('aria-disabled', 'true');
      expect(syncButton()).toHaveAccessibleDescription('Choose X or LinkedIn to sync its figures or generate insights.');
      await user.click(syncButton());

      expect(within(notifications()).getByRole('status')).toHaveTextContent('Please select a platform first');
      expect(server.callsTo(SYNC)).toHaveLength(0);
      expect(server.callsTo(SYNC_STATUS)).toHaveLength(0);
    });

    it("shows 'Syncing...' and is disabled while the sync is being started", async () => {
      const { server, user } = renderAnalytics({}, reply(SYNC, never));
      await overview();
      await user.selectOptions(platformSelect(), 'X');
      await waitFor(() => expect(syncButton()).not.toHaveAttribute('aria-disabled'));

      await user.click(syncButton());

      expect(await screen.findByRole('button', { name: 'Syncing...' })).toBeDisabled();
      expect(server.callsTo(SYNC)[0]?.body).toEqual({ platform: 'x', sync_type: 'all' });
    });

    it("says '{platform} sync started successfully' and reloads the figures after 2 s", async () => {
      const { server, user } = renderAnalytics(
        { timers: true },
        reply(SYNC, { status: 202, body: { status: 'queued', sync_ids: [], message: 'X sync started successfully' } }),
      );
      await overview();
      await user.selectOptions(platformSelect(), 'X');
      await waitFor(() => expect(server.callsTo(SUMMARY)).toHaveLength(2));

      await user.click(syncButton());

      expect(await within(notifications()).findByText('X sync started successfully')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1_900));
      expect(server.callsTo(SUMMARY)).toHaveLength(2);
      await act(() => vi.advanceTimersByTimeAsync(200));
      await waitFor(() => expect(server.callsTo(SUMMARY)).toHaveLength(3));
      expect(server.callsTo(SUMMARY)[2]?.search.get('platform')).toBe('x');
      expect(figure('Total Posts')).toBeInTheDocument();
    });

    it('follows the sync until it ends, then says when it last synced and reloads again', async () => {
      const finishedAt = new Date(Date.now() - 10_000).toISOString();
      const { server, user } = renderAnalytics(
        { timers: true },
        reply(SYNC, { status: 202, body: { status: 'queued', sync_ids: [], message: 'ok' } }),
        reply(SYNC_STATUS, (_call, index) =>
          index === 0
            ? syncStatus()
            : index < 3
              ? syncStatus({ status: 'running' })
              : syncStatus({ status: 'succeeded', last_synced_at: finishedAt }),
        ),
      );
      await overview();
      await user.selectOptions(platformSelect(), 'X');
      expect(await screen.findByText('X has not been synced yet')).toBeInTheDocument();

      await user.click(syncButton());

      expect(await screen.findByText('Syncing X…')).toBeInTheDocument();
      expect(syncButton()).toBeDisabled();
      // The reload after 2 s comes while the sync still runs…
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      await waitFor(() => expect(server.callsTo(SYNC_STATUS)).toHaveLength(3));
      const summariesWhileRunning = server.callsTo(SUMMARY).length;
      expect(screen.getByText('Syncing X…')).toBeInTheDocument();

      // …so the end of the sync reloads the figures once more.
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      expect(await screen.findByText('Last synced just now')).toBeInTheDocument();
      expect(syncButton()).toBeEnabled();
      await waitFor(() => expect(server.callsTo(SUMMARY)).toHaveLength(summariesWhileRunning + 1));
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(server.callsTo(SYNC_STATUS)).toHaveLength(4);
    });

    it('shows why the last sync failed', async () => {
      const { user } = renderAnalytics({}, reply(SYNC_STATUS, syncStatus({ status: 'failed', error: 'X refused the token' })));
      await overview();
      await user.selectOptions(platformSelect(), 'X');

      expect(await screen.findByText('The last sync failed: X refused the token')).toBeInTheDocument();
    });

    it("says 'Failed to sync {platform} data' when the server refuses", async () => {
      const { user } = renderAnalytics({}, reply(SYNC, apiError(422, 'validation_failed', 'Connect your X account first.')));
      await overview();
      await user.selectOptions(platformSelect(), 'X');

      await user.click(syncButton());

      const alert = await within(notifications()).findByRole('alert');
      expect(alert).toHaveTextContent('Failed to sync X data');
      expect(alert).toHaveTextContent('Connect your X account first.');
      expect(syncButton()).toBeEnabled();
    });
  });

  describe('Generate AI Insights', () => {
    it("is disabled with 'All platforms': a click says 'Please select a platform first'", async () => {
      const { server, user } = renderAnalytics();
      await overview();

      expect(generateButton()).toHaveAttribute('aria-disabled', 'true');
      await user.click(generateButton());

      expect(within(notifications()).getByRole('status')).toHaveTextContent('Please select a platform first');
      expect(server.callsTo(GENERATE)).toHaveLength(0);
    });

    it("says 'AI insights generation started' and reloads after 5 s", async () => {
      const { server, user } = renderAnalytics(
        { accounts: [xAccount, linkedInAccount], timers: true },
        reply(GENERATE, { status: 202, body: { status: 'queued', message: 'AI insights generation started' } }),
      );
      await overview();
      await user.selectOptions(platformSelect(), 'LinkedIn');
      await waitFor(() => expect(server.callsTo(SUMMARY)).toHaveLength(2));

      await user.click(generateButton());

      expect(await within(notifications()).findByText('AI insights generation started')).toBeInTheDocument();
      expect(server.callsTo(GENERATE)[0]?.body).toEqual({ platform: 'linkedin' });
      await act(() => vi.advanceTimersByTimeAsync(4_900));
      expect(server.callsTo(SUMMARY)).toHaveLength(2);
      await act(() => vi.advanceTimersByTimeAsync(200));
      await waitFor(() => expect(server.callsTo(SUMMARY)).toHaveLength(3));
    });

    it("says 'Failed to generate AI insights' when it cannot start", async () => {
      const { user } = renderAnalytics({}, reply(GENERATE, apiError(503, 'upstream_unavailable', 'The queue is down.')));
      await overview();
      await user.selectOptions(platformSelect(), 'X');

      await user.click(generateButton());

      expect(await within(notifications()).findByRole('alert')).toHaveTextContent('Failed to generate AI insights');
      expectConsoleError(/POST \/api\/v1\/analytics\/insights\/generate failed with 503/);
    });
  });

  describe('AI insights', () => {
    const high = anInsight({ title: 'Mornings work best', priority: 'high', insight_type: 'posting_time', confidence_score: 0.876 });
    const medium = anInsight({ title: 'Use fewer hashtags', priority: 'medium', insight_type: 'hashtag_strategy', confidence_score: 0.5 });
    const low = anInsight({
      title: 'Questions get replies',
      priority: 'low',
      insight_type: 'audience_engagement',
      confidence_score: 0.333,
    });
    const card = (title: string) => screen.getByRole('article', { name: title });

    it('shows each with its icon (drawn, not an emoji), a priority badge in its colour, and a rounded confidence', async () => {
      renderAnalytics({}, reply(SUMMARY, { body: aSummary({ ai_insights: [high, medium, low] }) }));
      await overview();

      const icon = within(card('Mornings work best')).getByRole('img', { name: 'Posting time' });
      expect(icon.tagName.toLowerCase()).toBe('svg');
      expect(icon.textContent).toBe('');
      expect(within(card('Use fewer hashtags')).getByRole('img', { name: 'Hashtag strategy' }).tagName.toLowerCase()).toBe('svg');
      expect(within(card('Questions get replies')).getByRole('img', { name: 'Audience engagement' }).tagName.toLowerCase()).toBe('svg');
      expect(within(card('Mornings work best')).getByText('High priority')).toHaveClass('bg-red-100');
      expect(within(card('Use fewer hashtags')).getByText('Medium priority')).toHaveClass('bg-orange-100');
      expect(within(card('Questions get replies')).getByText('Low priority')).toHaveClass('bg-green-100');
      expect(within(card('Mornings work best')).getByText('Confidence 88%')).toBeInTheDocument();
      expect(within(card('Questions get replies')).getByText('Confidence 33%')).toBeInTheDocument();
      expect(within(card('Mornings work best')).getByText(high.recommendation)).toBeInTheDocument();
      expect(within(card('Mornings work best')).getByText(high.description)).toBeInTheDocument();
    });

    it('marks one read and one applied through the API, and the cards change', async () => {
      const { server, user } = renderAnalytics(
        {},
        reply(SUMMARY, { body: aSummary({ ai_insights: [high, medium] }) }),
        reply(api.analytics.markRead, { body: { insight: { ...high, is_read: true } } }),
        reply(api.analytics.markApplied, { body: { insight: { ...medium, is_applied: true } } }),
      );
      await overview();

      await user.click(within(card('Mornings work best')).getByRole('button', { name: 'Mark as read: Mornings work best' }));
      await waitFor(() => expect(card('Mornings work best')).toHaveAttribute('data-read', 'true'));
      expect(within(card('Mornings work best')).queryByRole('button', { name: /Mark as read/ })).not.toBeInTheDocument();
      expect(within(card('Mornings work best')).getByText('Read')).toBeInTheDocument();

      await user.click(within(card('Use fewer hashtags')).getByRole('button', { name: 'Mark as applied: Use fewer hashtags' }));
      expect(await within(card('Use fewer hashtags')).findByText('Applied ✓')).toBeInTheDocument();
      expect(within(card('Use fewer hashtags')).queryByRole('button', { name: /Mark as applied/ })).not.toBeInTheDocument();

      expect(server.callsTo(api.analytics.markRead, { id: high.id })).toHaveLength(1);
      expect(server.callsTo(api.analytics.markApplied, { id: medium.id })).toHaveLength(1);
      expect(server.callsTo(SUMMARY)).toHaveLength(1);
    });

    it("says 'No insights yet' when there are none", async () => {
      renderAnalytics();
      await overview();

      expect(within(screen.getByRole('region', { name: 'AI insights' })).getByText('No insights yet')).toBeInTheDocument();
    });
  });

  it('shows the four figures with K/M and a two-decimal rate, and when they were last refreshed', async () => {
    renderAnalytics();
    await overview();

    expect(figure('Total Posts')).toHaveTextContent('12');
    expect(figure('Impressions')).toHaveTextContent('45.7K');
    expect(figure('Avg. Engagement Rate')).toHaveTextContent('3.26%');
    expect(figure('Total Engagements')).toHaveTextContent('1.5K');
    expect(screen.getByText('Last refreshed 5m ago')).toBeInTheDocument();
  });

  it('says the figures were never refreshed before the first sync', async () => {
    renderAnalytics({}, reply(SUMMARY, { body: aSummary({ last_refreshed_at: null }) }));
    await overview();

    expect(screen.getByText('Not refreshed yet: Sync Data reads the figures from the network')).toBeInTheDocument();
  });

  it('lists the top 5 posts with their figures, a link, and a dash where impressions are unknown', async () => {
    const posts = Array.from({ length: 8 }, (_, index) => aPostItem({ text: `Post number ${index + 1}` }));
    posts[1] = aPostItem({
      text: 'A LinkedIn post',
      platform: 'linkedin',
      engagement_rate: null,
      impressions: null,
      platform_url: 'https://linkedin.example.com/p/2',
    });
    renderAnalytics({}, reply(SUMMARY, { body: aSummary({ post_analytics: posts }) }));
    await overview();

    const list = within(screen.getByRole('region', { name: 'Top posts' })).getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0] as HTMLElement).getByText('Post number 1')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('3.26%')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('30 likes')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('5 comments')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('4 shares')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('1.2K impressions')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'View on X' })).toHaveAttribute(
      'href',
      'https://x.example.com/ada/status/1',
    );
    expect(within(items[0] as HTMLElement).getByText('Updated 5m ago')).toBeInTheDocument();
    const dash = within(items[1] as HTMLElement).getByText('—').parentElement as HTMLElement;
    expect(dash).toHaveAccessibleDescription('LinkedIn does not report impressions for this post');
    expect(within(items[1] as HTMLElement).getByRole('link', { name: 'View on LinkedIn' })).toBeInTheDocument();
    expect(screen.queryByText('Post number 6')).not.toBeInTheDocument();
  });

  it('draws the trend in at most 7 points, summing a 30-day range into periods', async () => {
    renderAnalytics({}, reply(SUMMARY, { body: aSummary({ engagement_trend: aTrend('2026-02-09', 30, () => 2) }) }));
    await overview();

    const trend = screen.getByRole('region', { name: 'Engagement trend' });
    const table = within(trend).getByRole('table', { name: 'Engagements per period' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(7);
    const total = rows.reduce((sum, row) => sum + Number(within(row).getByRole('cell').textContent), 0);
    expect(total).toBe(60);
  });

  it("shows the network's reason when demographics are not available, and the follower spread", async () => {
    renderAnalytics(
      {},
      reply(
        api.analytics.audienceBreakdown,
        audience({
          available: false,
          message: 'X and LinkedIn do not share the demographics of a personal account with apps.',
          segments: [
            { segment: 'X · Ada on X', percentage: 75, count: 1_500 },
            { segment: 'LinkedIn · Ada', percentage: 25, count: 500 },
          ],
        }),
      ),
    );
    await overview();

    const section = screen.getByRole('region', { name: 'Audience breakdown' });
    expect(
      await within(section).findByText('X and LinkedIn do not share the demographics of a personal account with apps.'),
    ).toBeInTheDocument();
    const spread = within(section).getByRole('list', { name: 'Followers per account' });
    expect(within(spread).getByText('X · Ada on X')).toBeInTheDocument();
    expect(within(spread).getByText('1.5K · 75.0%')).toBeInTheDocument();
  });

  it('shows the three best hours to post and the recommendation', async () => {
    renderAnalytics(
      {},
      reply(
        api.analytics.optimalTimes,
        optimalTimes({
          sample_size: 40,
          hours: [
            { hour: 9, posts: 6, median_engagement_rate: 4.5 },
            { hour: 12, posts: 8, median_engagement_rate: 3.25 },
            { hour: 18, posts: 5, median_engagement_rate: 2 },
            { hour: 22, posts: 2, median_engagement_rate: 1 },
          ],
          recommendation: 'Post around 9 AM.',
        }),
      ),
    );
    await overview();

    const section = screen.getByRole('region', { name: 'Best times to post' });
    const hours = await within(section).findAllByRole('listitem');
    expect(hours).toHaveLength(3);
    expect(hours[0]).toHaveTextContent('4.50% median engagement · 6 posts');
    expect(within(section).getByText('Post around 9 AM.')).toBeInTheDocument();
  });

  describe('no data', () => {
    it("offers 'Connect Accounts' when nothing is connected, and goes there", async () => {
      const { user, pathname } = renderAnalytics(
        { accounts: [] },
        reply(SUMMARY, { body: aSummary({ post_analytics: [] }, { total_posts: 0 }) }),
        reply(api.accounts.connections, {
          body: {
            x: { connected: false, username: null, status: null, sandbox: false, available: true },
            linkedin: { connected: false, username: null, status: null, sandbox: false, available: true },
          },
        }),
      );

      const panel = await screen.findByRole('region', { name: 'No analytics yet' });
      expect(screen.queryByRole('region', { name: 'Overview' })).not.toBeInTheDocument();
      await user.click(within(panel).getByRole('link', { name: 'Connect Accounts' }));

      await waitFor(() => expect(pathname()).toBe('/connect-accounts'));
    });

    it("offers 'Create a post' when accounts are connected but nothing was published in the range", async () => {
      renderAnalytics({}, reply(SUMMARY, { body: aSummary({ post_analytics: [] }, { total_posts: 0 }) }));

      const panel = await screen.findByRole('region', { name: 'No published posts in this range' });
      expect(within(panel).getByRole('link', { name: 'Create a post' })).toHaveAttribute('href', '/create-post');
    });

    it('says when the chosen network is not connected', async () => {
      const { user } = renderAnalytics();
      await overview();

      await user.selectOptions(platformSelect(), 'LinkedIn');

      const panel = await screen.findByRole('region', { name: 'No LinkedIn account connected' });
      expect(within(panel).getByRole('link', { name: 'Connect Accounts' })).toHaveAttribute('href', '/connect-accounts');
    });
  });

  it('logs a failed load and says so gently, then tries again on request', async () => {
    const { user } = renderAnalytics(
      {},
      reply(SUMMARY, (_call, index) => (index === 0 ? apiError(500, 'internal', 'Database unavailable') : { body: aSummary() })),
    );

    expect(await screen.findByText('Your analytics could not be loaded just now')).toBeInTheDocument();
    expectConsoleError(/GET \/api\/v1\/analytics\/summary failed with 500/);
    expectConsoleError(/Could not load analytics: Database unavailable/);

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await overview()).toBeInTheDocument();
  });
});
