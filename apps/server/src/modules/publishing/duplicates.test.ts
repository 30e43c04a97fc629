import { beforeEach, describe, expect, it } from 'vitest';
import { networkName, wallClockAt } from '@postflow/contract';
import { admin, connectX, linkedInPosts, xPosts, type RunningSandbox } from '../../../test/helpers/sandbox';
import { usePublishingHarness } from '../../../test/helpers/publishing-harness';
import type { TestSession } from '../../../test/helpers/session';
import type { TestApp } from '../../../test/helpers/test-app';

describe('duplicate refusals and outcomes that cannot be recorded', () => {
  const harness = usePublishingHarness();
  const { compose, target, reaches, published, connect, sentTexts } = harness;
  let sandbox: RunningSandbox;
  let t: TestApp;
  let person: TestSession;
  beforeEach(() => ({ sandbox, t, person } = harness.current()));

  for (const network of ['x', 'linkedin'] as const) {
    const name = networkName(network);

    it(`fails a second ${name} post with the same text at once, saying when the first went out, and tries no more`, async () => {
      await connect(network);
      const text = 'Same words, posted twice';
      const first = await compose({ text, platforms: [network], timeZone: 'Europe/Berlin' });
      const firstRow = await published(first.posts[0]?.id as string);
      const second = await compose({ text, platforms: [network], timeZone: 'Europe/Berlin' });
      const row = await reaches(second.posts[0]?.id as string, 'failed');

      const at = wallClockAt(new Date(firstRow.published_at), 'Europe/Berlin');
      const clock = `${String(at.hour).padStart(2, '0')}:${String(at.minute).padStart(2, '0')}`;
      expect(row.failure_reason).toBe(
        `${name} refused this because you posted the same text at ${clock}; change the text or delete the other post.`,
      );
      expect(row).toMatchObject({ attempt_count: 1, network_post_id: null, network_post_url: null, failure_class: 'DuplicateContent' });
      expect(await target(first.posts[0]?.id as string)).toMatchObject({ status: 'published', network_post_id: firstRow.network_post_id });
      expect((await sentTexts(network)).filter((sent) => sent.includes('Same words'))).toHaveLength(1);
      // Failed for good: a moment later, still one attempt and the owner was told once.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await target(second.posts[0]?.id as string))?.attempt_count).toBe(1);
      const mail = await t.database.db.query(`SELECT 1 FROM emails WHERE subject = $1`, [`Your ${name} post could not be published`]);
      expect(mail.rowCount).toBe(1);
    });

    it(`counts a ${name} retry after a lost answer as published once when ${name} calls it a duplicate`, async () => {
      await connect(network);
      // The first send creates the post but its answer is lost; the look for it fails too, so the
      // second try sends again and the network answers "duplicate" about our own post.
      await admin(sandbox.url, '/_sandbox/faults', {
        rules: [
          {
            network,
            endpoint: `${network}.${network === 'x' ? 'tweets' : 'posts'}.create`,
            kind: 'timeout_after_create',
            rate: 1,
            times: 1,
            holdMs: 3_000,
          },
          {
            network,
            endpoint: network === 'x' ? 'x.users.tweets' : 'linkedin.posts.findByAuthor',
            kind: 'server_error',
            rate: 1,
            times: network === 'x' ? 1 : 2,
          },
        ],
      });
      const { posts } = await compose({ text: `Lost answer on ${name}`, platforms: [network] });
      const row = await published(posts[0]?.id as string);
      const onNetwork =
        network === 'x' ? (await xPosts(sandbox.url)).map((post) => post.id) : (await linkedInPosts(sandbox.url)).map((post) => post.urn);
      expect(onNetwork).toEqual([row.network_post_id]);
      const { rows } = await t.database.db.query<{ outcome: string }>(
        'SELECT outcome FROM publish_attempts WHERE target_id = $1 ORDER BY attempt_no',
        [posts[0]?.id],
      );
      expect(rows.map((attempt) => attempt.outcome)).toEqual(['outcome_unknown', 'duplicate']);
    });
  }

  it('stops trying a post whose outcome cannot be recorded, and says so, after three tries', async () => {
    await connectX(t.services, sandbox.url, person.userId, 'ada_x');
    // The database refuses to record this post as published, whatever the publisher does.
    await t.database.db.query(`
      CREATE FUNCTION refuse_published() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refusing to record a publish'; END $$;
      CREATE TRIGGER refuse_published BEFORE UPDATE ON post_targets
        FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION refuse_published();`);
    const { posts } = await compose({ text: 'Never recorded', platforms: ['x'] });
    const row = await reaches(posts[0]?.id as string, 'failed', 40_000);
    expect(row).toMatchObject({ failure_class: 'OutcomeNotRecorded', outcome_errors: 3 });
    expect(row.failure_reason).toMatch(/^Postflow could not record what happened when sending it, 3 times, and stopped trying\./);
    expect(await sentTexts('x')).toEqual(['Never recorded']);
  }, 60_000);
});
