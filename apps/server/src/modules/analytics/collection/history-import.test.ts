import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  admin,
  consent,
  connectLinkedIn,
  connectX,
  linkedInPosts,
  startSandbox,
  xPosts,
  type RunningSandbox,
} from '../../../../test/helpers/sandbox';
import { signUp, type TestSession } from '../../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { createPostsRepository } from '../../posts/posts.repository';
import { createHistoryImport } from './history-import';
import { createMetricsRepository } from './metrics.repository';

const quiet = { info() {}, warn() {}, error() {} };

describe('history import', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let person: TestSession;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    t = await createTestApp({ env: sandbox.env, worker: false });
    person = await signUp(t);
  });
  afterEach(() => t.close());

  const importHistory = () =>
    createHistoryImport({ db: t.database.db, providers: t.services.providers, vault: t.services.vault, log: quiet });

  async function imported(accountId: string) {
    const { rows } = await t.database.db.query<{ id: string; networkPostId: string; hasMedia: boolean | null }>(
      `SELECT id, network_post_id AS "networkPostId", imported_has_media AS "hasMedia" FROM post_targets WHERE account_id = $1 AND imported`,
      [accountId],
    );
    return rows;
  }

  it('stores whether each imported X post had media, and counts the image posts in the media insight', async () => {
    await admin(sandbox.url, '/_sandbox/x/history', { username: 'pictures', days: 40, postsPerDay: 2, seed: 'imported-media' });
    const { accountId } = await connectX(t.services, sandbox.url, person.userId, 'pictures');
    expect(await importHistory()(accountId)).toBe(80);

    const withMedia = new Set((await xPosts(sandbox.url)).filter((post) => post.media.length > 0).map((post) => post.id));
    const rows = await imported(accountId);
    expect(withMedia.size).toBeGreaterThan(5);
    expect(
      rows
        .filter((row) => row.hasMedia === true)
        .map((row) => row.networkPostId)
        .sort(),
    ).toEqual([...withMedia].sort());
    expect(rows.filter((row) => row.hasMedia === false)).toHaveLength(80 - withMedia.size);

    // Planted numbers: posts with an image get half as many likes again.
    await createMetricsRepository(t.database.db).record(
      rows.map((row, index) => ({
        targetId: row.id,
        capturedAt: new Date(),
        impressions: 1000,
        likes: Math.round((row.hasMedia ? 45 : 30) * (0.95 + (index % 10) / 100)),
        comments: 0,
        shares: 0,
        clicks: null,
      })),
    );
    const drafts = await t.services.insights.generateInsights(person.userId, 'x', 'UTC');
    const media = drafts.find((draft) => draft.fingerprint === 'media:x');
    expect(media?.title).toBe('Posts with an image engage more');
    expect(media?.evidence).toMatchObject({ group_size: withMedia.size, rest_size: 80 - withMedia.size });
  });

  it('stores whether each imported LinkedIn post had media', async () => {
    await admin(sandbox.url, '/_sandbox/linkedin/history', { name: 'Pat Pictures', days: 20, postsPerDay: 1, seed: 'imported-media' });
    const { accountId } = await connectLinkedIn(t.services, sandbox.url, person.userId, 'Pat Pictures');
    expect(await importHistory()(accountId)).toBe(20);

    const posts = await linkedInPosts(sandbox.url);
    const withMedia = posts.filter((post) => post.content !== null && post.content !== undefined).map((post) => post.urn);
    const rows = await imported(accountId);
    expect(withMedia.length).toBeGreaterThan(0);
    expect(
      rows
        .filter((row) => row.hasMedia === true)
        .map((row) => row.networkPostId)
        .sort(),
    ).toEqual(withMedia.sort());
    expect(rows.every((row) => row.hasMedia !== null)).toBe(true);
  });

  /** Connect Accounts → X's consent page → our callback, as the browser goes. Answers the new account's id. */
  async function connectThroughConsent(persona: string): Promise<string> {
    const binding = 'the-browser-that-started-it';
    const url = await t.services.accounts.startAuthorization({
      network: 'x',
      purpose: 'connect',
      userId: person.userId,
      browserBinding: binding,
    });
    const back = await consent(url, persona);
    const outcome = await t.services.accounts.completeAuthorization(
      'x',
      { code: back.searchParams.get('code') ?? undefined, state: back.searchParams.get('state') ?? undefined },
      binding,
    );
    expect(new URL(outcome.redirect).searchParams.get('xConnected'), outcome.redirect).toBe('true');
    const { rows } = await t.database.db.query<{ id: string }>(`SELECT id FROM social_accounts WHERE workspace_id = $1 AND network = 'x'`, [
      person.userId,
    ]);
    return rows[0]?.id as string;
  }

  const feed = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/social/feed?limit=50', headers: person.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { posts: Array<{ platform_url: string | null; likes_count: number }>; total_count: number };
  };

  it('shows each X post once after disconnecting and reconnecting, with its numbers, attached to the account again', async () => {
    await admin(sandbox.url, '/_sandbox/x/history', { username: 'comeback', days: 12, postsPerDay: 1, seed: 'reconnect' });
    const first = await connectThroughConsent('comeback');
    expect(await importHistory()(first)).toBe(12);

    // One post the person sent through Postflow (older than what the network lists), and one reading of an imported post.
    const posts = createPostsRepository(t.database.db);
    const postId = await posts.insertPost({
      workspaceId: person.userId,
      createdBy: person.userId,
      originalText: 'Sent with Postflow',
      aiEnhanced: false,
      timeZone: 'UTC',
    });
    const ownTarget = await posts.insertTarget({
      postId,
      workspaceId: person.userId,
      accountId: first,
      network: 'x',
      linkedinOrgId: null,
      text: 'Sent with Postflow',
      mediaIds: [],
      scheduledAt: new Date(Date.now() - 90 * 86_400_000),
    });
    await t.database.db.query(
      `UPDATE post_targets SET status = 'published', published_at = scheduled_at, network_post_id = 'sent-long-ago',
         network_post_url = 'https://x.com/comeback/status/1' WHERE id = $1`,
      [ownTarget],
    );
    const { rows: imported } = await t.database.db.query<{ id: string }>('SELECT id FROM post_targets WHERE account_id = $1 AND imported', [
      first,
    ]);
    await createMetricsRepository(t.database.db).record([
      { targetId: imported[0]?.id as string, capturedAt: new Date(), impressions: 500, likes: 42, comments: 3, shares: 1, clicks: null },
    ]);
    const before = await feed();
    expect(before.total_count).toBe(13);

    await t.services.accounts.disconnect({ userId: person.userId, workspaceId: person.userId }, first);
    const second = await connectThroughConsent('comeback');
    expect(second).not.toBe(first);
    expect(await importHistory()(second)).toBe(0);

    const after = await feed();
    expect(after.total_count).toBe(13);
    expect(new Set(after.posts.map((post) => post.platform_url)).size).toBe(13);
    expect(after.posts.filter((post) => post.likes_count === 42)).toHaveLength(1);
    const { rows } = await t.database.db.query<{ accountId: string | null; n: number }>(
      'SELECT account_id AS "accountId", count(*)::int AS n FROM post_targets WHERE workspace_id = $1 GROUP BY account_id',
      [person.userId],
    );
    expect(rows).toEqual([{ accountId: second, n: 13 }]);
  });

  it('refuses a second target for the same network post of the same person', async () => {
    const first = await connectThroughConsent('stubborn');
    const posts = createPostsRepository(t.database.db);
    const insert = async (detached: boolean) => {
      const postId = await posts.insertPost({
        workspaceId: person.userId,
        createdBy: person.userId,
        originalText: 'Once',
        aiEnhanced: false,
        timeZone: 'UTC',
      });
      const targetId = await posts.insertTarget({
        postId,
        workspaceId: person.userId,
        accountId: first,
        network: 'x',
        linkedinOrgId: null,
        text: 'Once',
        mediaIds: [],
        scheduledAt: new Date(),
      });
      return t.database.db.query(
        `UPDATE post_targets SET status = 'published', published_at = now(), network_post_id = '777',
           account_id = CASE WHEN $2 THEN NULL ELSE account_id END
         WHERE id = $1`,
        [targetId, detached],
      );
    };
    await insert(false);
    await expect(insert(true)).rejects.toThrow(/duplicate key/);
  });
});
