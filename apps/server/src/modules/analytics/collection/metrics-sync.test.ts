import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../../test/helpers/factories';
import { admin, startSandbox, type RunningSandbox } from '../../../../test/helpers/sandbox';
import { signUp, type TestSession } from '../../../../test/helpers/session';
import { createTestApp, eventually, type TestApp } from '../../../../test/helpers/test-app';
import { nextUtcMidnight } from '../../../lib/clock';
import { createHistoryImport } from './history-import';
import { createMetricsSyncService } from './metrics-sync.service';

const quiet = { info() {}, warn() {}, error() {} };
const DAY_MS = 86_400_000;

describe('metrics sync: LinkedIn member impressions and the daily call budget', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let person: TestSession;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    t = await createTestApp({ env: sandbox.env });
    person = await signUp(t);
  });
  afterEach(() => t.close());

  /** A member with 2 (or `postsPerDay`) posts a day over the last 40 days, imported, whose token may read member analytics. */
  async function memberWithHistory(name: string, postsPerDay = 2): Promise<string> {
    await admin(sandbox.url, '/_sandbox/linkedin/history', { name, days: 40, postsPerDay, seed: 'call-budget' });
    // The sandbox's default scopes include r_member_postAnalytics (an approved Community Management app).
    const tokens = await admin<{ access_token: string; expires_in: number; member: { sub: string } }>(
      sandbox.url,
      '/_sandbox/linkedin/tokens',
      { name },
    );
    const accountId = await createSocialAccount(t.services, person.userId, {
      network: 'linkedin',
      networkUserId: tokens.member.sub,
      accessToken: tokens.access_token,
      accessExpiresAt: new Date(Date.now() + tokens.expires_in * 1000),
      username: name,
    });
    expect(
      await createHistoryImport({ db: t.database.db, providers: t.services.providers, vault: t.services.vault, log: quiet })(accountId),
    ).toBe(40 * postsPerDay);
    return accountId;
  }

  const sync = (linkedInDailyCalls?: number) =>
    createMetricsSyncService({
      db: t.database.db,
      providers: t.services.providers,
      vault: t.services.vault,
      rateLimits: t.services.rateLimits,
      clock: t.services.clock,
      log: quiet,
      linkedInDailyCalls,
    });

  /** The account's LinkedIn calls counted today (account-limits.ts linkedInDailyWindow's key and window); adds `cost` first. */
  const callsToday = (accountId: string, cost = 0) =>
    t.services.rateLimits.hit(`calls:linkedin:${accountId}`, new Date(nextUtcMidnight(t.services.clock.now()).getTime() - DAY_MS), cost);

  async function sandboxCalls(): Promise<{ all: number; analytics: number }> {
    const { endpoints } = await admin<{ endpoints: Record<string, { requests: number }> }>(
      sandbox.url,
      '/_sandbox/stats',
      undefined,
      'GET',
    );
    const linkedIn = Object.entries(endpoints).filter(([endpoint]) => endpoint.startsWith('linkedin.'));
    return {
      all: linkedIn.reduce((total, [, stats]) => total + stats.requests, 0),
      analytics: endpoints['linkedin.memberCreatorPostAnalytics.find']?.requests ?? 0,
    };
  }

  const targets = async (accountId: string) =>
    (
      await t.database.db.query<{ likes: number | null; impressions: number | null; publishedAt: Date; readAt: Date | null }>(
        `SELECT likes_count AS likes, impressions_count AS impressions, published_at AS "publishedAt", metrics_updated_at AS "readAt"
         FROM post_targets WHERE account_id = $1`,
        [accountId],
      )
    ).rows;

  it('with the day’s budget nearly used, reads every post’s likes but leaves the reserve, so a publish still goes out', async () => {
    const accountId = await memberWithHistory('Rita Reach');
    // Earlier syncs and publishes today already used 100 of LinkedIn's 150 calls.
    await callsToday(accountId, 100);
    await admin(sandbox.url, '/_sandbox/stats', undefined, 'DELETE');

    expect(await sync().syncAccount({ accountId, syncType: 'post_analytics', manual: true })).toBe(80);

    const rows = await targets(accountId);
    expect(rows.filter((row) => row.readAt !== null && row.likes !== null)).toHaveLength(80);
    const calls = await sandboxCalls();
    const used = await callsToday(accountId);
    // Some reach was read, not all of it: the reserve of 30 calls stopped the rest.
    expect(calls.analytics).toBeGreaterThan(0);
    expect(rows.filter((row) => row.impressions !== null).length).toBeLessThanOrEqual(calls.analytics);
    expect(rows.filter((row) => row.impressions === null).length).toBeGreaterThan(0);
    // Every call LinkedIn saw is counted, and 30 calls of the day are left for publishing.
    expect(calls.all).toBeLessThanOrEqual(used - 100);
    expect(used).toBe(120);

    const created = await t.app.inject({
      method: 'POST',
      url: '/posts',
      headers: person.headers,
      payload: { text: 'Still goes out today', platforms: ['linkedin'] },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const targetId = created.json().posts[0].id as string;
    const outcome = await eventually(async () => {
      const {
        rows: [target],
      } = await t.database.db.query<{ status: string; reason: string | null }>(
        'SELECT status, failure_reason AS reason FROM post_targets WHERE id = $1',
        [targetId],
      );
      return target && (target.status === 'published' || target.reason) ? target : undefined;
    });
    expect(outcome).toEqual({ status: 'published', reason: null });
  });

  it('leaves the likes of later batches and the follower counts their calls before spending any on reach', async () => {
    // 160 posts: two batches of likes and comments, then the follower counts.
    const accountId = await memberWithHistory('Bea Batches', 4);
    await callsToday(accountId, 60);
    await sync().syncAccount({ accountId, syncType: 'all', manual: true });
    const rows = await targets(accountId);
    expect(rows.filter((row) => row.readAt !== null && row.likes !== null)).toHaveLength(160);
    expect(rows.filter((row) => row.impressions !== null).length).toBeGreaterThan(0);
    // 60 + two batches (15 + 9) + reach up to what the follower counts need (4): all of it, no more.
    expect(await callsToday(accountId)).toBe(120);
  });

  it('stops a sync before it would take the calls kept for publishing, and counts none it did not make', async () => {
    const accountId = await memberWithHistory('Sam Spent');
    // 115 of 150 used: the batch's 12 calls would eat into the 30 kept for publishing.
    await callsToday(accountId, 115);
    const before = await sandboxCalls();
    await expect(sync().syncAccount({ accountId, syncType: 'post_analytics', manual: true })).rejects.toThrow(/kept for publishing/);
    expect(await callsToday(accountId)).toBe(115);
    expect((await sandboxCalls()).all).toBe(before.all);
  });

  it("keeps to a Community Management tier's 100 calls a day when told so, still leaving 30 to publishing", async () => {
    const accountId = await memberWithHistory('Tia Tier');
    await callsToday(accountId, 40);
    await sync(100).syncAccount({ accountId, syncType: 'post_analytics', manual: true });
    expect(await callsToday(accountId)).toBe(70);
  });

  it('asks LinkedIn for the reach of posts of the last 30 days only; older ones keep what they had', async () => {
    const accountId = await memberWithHistory('Olga Older');
    await admin(sandbox.url, '/_sandbox/stats', undefined, 'DELETE');

    expect(await sync().syncAccount({ accountId, syncType: 'post_analytics', manual: true })).toBe(80);

    const rows = await targets(accountId);
    const monthAgo = t.services.clock.now().getTime() - 30 * DAY_MS;
    const young = rows.filter((row) => row.publishedAt.getTime() > monthAgo);
    const old = rows.filter((row) => row.publishedAt.getTime() <= monthAgo);
    expect(young.length).toBeGreaterThan(40);
    expect(old.length).toBeGreaterThan(10);
    expect((await sandboxCalls()).analytics).toBe(young.length);
    expect(young.every((row) => row.impressions !== null)).toBe(true);
    expect(old.every((row) => row.impressions === null && row.likes !== null)).toBe(true);
  });
});
