import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  admin,
  connectLinkedIn,
  connectX,
  linkedInPosts,
  startSandbox,
  xPosts,
  type RunningSandbox,
} from '../../../../test/helpers/sandbox';
import { signUp, type TestSession } from '../../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { createHistoryImport } from './history-import';
import { createMetricsRepository } from './metrics.repository';

const quiet = { info() {}, warn() {}, error() {} };

describe('history import: media of imported posts', () => {
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
    const drafts = await t.services.insights.generateInsights(person.userId, 'x');
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
});
