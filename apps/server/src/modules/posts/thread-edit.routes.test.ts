import type { Post } from '@postflow/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePublishingHarness } from '../../../test/helpers/publishing-harness';
import { linkedInComments, xPosts, type RunningSandbox } from '../../../test/helpers/sandbox';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { eventually, type TestApp } from '../../../test/helpers/test-app';
import { uploadSquare } from '../../../test/helpers/upload-media';

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const story = (count: number) => Array.from({ length: count }, (_, i) => `Part ${i + 1} of the story.`);

/** Editing every part of a thread and a LinkedIn first comment before they go out (docs/decisions/155-threads.md, Editing). */
describe('editing a thread and a first comment', () => {
  const harness = usePublishingHarness();
  let sandbox: RunningSandbox;
  let t: TestApp;
  let person: TestSession;
  beforeEach(() => ({ sandbox, t, person } = harness.current()));

  const edit = (id: string, body: object, headers = person.headers) =>
    t.app.inject({ method: 'PUT', url: `/content/${id}`, headers, payload: { platform: 'x', scheduled_for: inAnHour(), ...body } });
  const refusal = (response: { statusCode: number; json: () => unknown }) => ({
    status: response.statusCode,
    ...(response.json() as { error: { message: string; fields?: Record<string, string> } }).error,
  });
  const saved = (response: { statusCode: number; body: string; json: () => unknown }) => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { post: Post }).post;
  };

  async function scheduledThread(parts: unknown[]) {
    await harness.connect('x');
    const { posts } = await harness.compose({ text: 'Story', platforms: ['x'], thread: { x: parts }, scheduledFor: inAnHour() });
    return posts[0] as Post;
  }

  const partRows = async (headId: string) =>
    (
      await t.database.db.query<{ id: string; position: number; text: string; media_ids: string[] }>(
        `SELECT id, position, text, media_ids FROM post_targets WHERE head_target_id = $1 AND kind = 'part' ORDER BY position`,
        [headId],
      )
    ).rows;

  it('publishes an edited thread as its new chain: part 2 rewritten, parts reordered', async () => {
    const thread = await scheduledThread(story(3));
    const edited = saved(
      await edit(thread.id, { thread: ['Part 3 of the story.', 'A rewritten middle.', 'Part 1 of the story.'], media_urls: [] }),
    );
    expect(edited.text).toBe('Part 3 of the story.');
    expect(edited.thread?.map((part) => [part.position, part.text, part.status])).toEqual([
      [1, 'Part 3 of the story.', 'scheduled'],
      [2, 'A rewritten middle.', 'scheduled'],
      [3, 'Part 1 of the story.', 'scheduled'],
    ]);

    const now = await t.app.inject({ method: 'POST', url: `/content/${thread.id}/publish-now`, headers: person.headers });
    expect(now.statusCode, now.body).toBe(200);
    const onX = await eventually(async () => {
      const posts = (await xPosts(sandbox.url)).filter((post) => !post.deleted);
      return posts.length === 3 ? posts : undefined;
    }, 20_000);
    const byText = (text: string) => onX.find((post) => post.text === text);
    expect(byText('Part 3 of the story.')?.replyToId).toBeNull();
    expect(byText('A rewritten middle.')?.replyToId).toBe(byText('Part 3 of the story.')?.id);
    expect(byText('Part 1 of the story.')?.replyToId).toBe(byText('A rewritten middle.')?.id);
    expect(onX.some((post) => post.text === 'Part 2 of the story.')).toBe(false);
  });

  it('adds and removes parts, and `text`, when sent, must be part 1', async () => {
    const thread = await scheduledThread(story(3));
    const longer = saved(await edit(thread.id, { text: 'One', thread: ['One', 'Two', 'Three', 'Four'] }));
    expect(longer.thread?.map((part) => part.text)).toEqual(['One', 'Two', 'Three', 'Four']);
    expect((await partRows(thread.id)).map((row) => row.position)).toEqual([2, 3, 4]);

    const shorter = saved(await edit(thread.id, { thread: ['One', 'Four'] }));
    expect(shorter.thread?.map((part) => part.text)).toEqual(['One', 'Four']);
    // One part left: a single post, no parts waiting behind it.
    const single = saved(await edit(thread.id, { thread: ['Only this'] }));
    expect(single).toMatchObject({ text: 'Only this' });
    expect(single.thread).toBeUndefined();
    expect(await partRows(thread.id)).toEqual([]);

    expect(refusal(await edit(thread.id, { text: 'Something else', thread: ['One', 'Two'] }))).toMatchObject({
      status: 400,
      fields: { text: "With a thread, text is part 1 of it: send the text of the thread's first part, or leave text out" },
    });
  });

  it("changes a part's images: new ones kept, dropped ones forgotten", async () => {
    const red = await uploadSquare(t, person, '#ff0000');
    const blue = await uploadSquare(t, person, '#0000ff');
    const thread = await scheduledThread(['One', { text: 'Two', mediaIds: [red], media: [{ alt: 'Red' }] }]);
    const edited = saved(await edit(thread.id, { thread: ['One', { text: 'Two', mediaIds: [blue], media: [{ alt: 'Blue square' }] }] }));
    expect(edited.thread?.[1]).toMatchObject({ media_urls: [expect.stringContaining(blue)], media_alts: ['Blue square'] });
    // The red square no longer shows anywhere: it is gone from the library and no longer served.
    const { rows } = await t.database.db.query('SELECT id FROM media WHERE id = $1', [red]);
    expect(rows).toEqual([]);

    const video = await t.database.db.query(`UPDATE media SET kind = 'video' WHERE id = $1 RETURNING id`, [blue]);
    expect(video.rowCount).toBe(1);
    expect(refusal(await edit(thread.id, { thread: ['One', 'Two', { text: 'Three', mediaIds: [blue] }] }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Part 3 of the thread can carry images only/),
      fields: { 'thread.2.mediaIds': 'Images only' },
    });
  });

  it('refuses, naming the part, an empty part, a part too long and a thread for LinkedIn, changing nothing', async () => {
    const thread = await scheduledThread(story(3));
    const cases: Array<[object, string, string]> = [
      [{ thread: ['One', 'Two', ' '] }, 'thread.2', 'Part 3 of the thread is empty: write it or remove the part'],
      [
        { thread: ['One', '🙂'.repeat(141)] },
        'thread.1',
        'Part 2 of the thread is 282 characters; X allows 280 (links count 23, emoji and CJK 2)',
      ],
      [{ thread: story(26) }, 'thread', 'The thread has 26 parts; a thread can have up to 25'],
      [
        { platform: 'linkedin', thread: ['One', 'Two'] },
        'thread',
        'LinkedIn has no threads: send one text for LinkedIn, with a first comment if you like',
      ],
      [
        { firstComment: 'A link' },
        'firstComment',
        'X has no first comment: make it part 2 of a thread instead; first comments are for LinkedIn',
      ],
    ];
    for (const [body, field, message] of cases)
      expect(refusal(await edit(thread.id, { text: 'One', ...body }))).toMatchObject({ status: 400, fields: { [field]: message } });
    expect((await partRows(thread.id)).map((row) => row.text)).toEqual(['Part 2 of the story.', 'Part 3 of the story.']);
  });

  it('refuses while a part is being published or once part 1 went out (409), and another workspace’s post is not found', async () => {
    const thread = await scheduledThread(story(3));
    const stranger = await signUp(t, 'Someone else');
    expect(refusal(await edit(thread.id, { thread: ['One', 'Two'] }, stranger.headers))).toMatchObject({
      status: 404,
      message: 'No such post.',
    });

    await t.database.db.query(
      `UPDATE post_targets SET status = 'published', published_at = now(), network_post_id = '1', network_post_url = 'https://x.test/1' WHERE id = $1`,
      [thread.id],
    );
    expect(refusal(await edit(thread.id, { thread: ['One', 'Two'] }))).toMatchObject({
      status: 409,
      message: 'Part 1 of this post already went out, so its thread and first comment can no longer be edited.',
    });
    await t.database.db.query(
      `UPDATE post_targets SET status = 'publishing', lease_owner = 'w', lease_token = gen_random_uuid(), lease_until = now() + interval '1 minute'
       WHERE head_target_id = $1 AND position = 2`,
      [thread.id],
    );
    expect(refusal(await edit(thread.id, { thread: ['One', 'Two'] }))).toMatchObject({
      status: 409,
      message: 'Part 2 of this thread is being published right now, so it cannot be edited. Try again once it is out.',
    });
    expect((await partRows(thread.id)).map((row) => row.text)).toEqual(['Part 2 of the story.', 'Part 3 of the story.']);
  });

  it("adds, changes and removes a LinkedIn post's first comment, and the one kept goes out under the post", async () => {
    await harness.connect('linkedin');
    const { posts } = await harness.compose({ text: 'Launch day', platforms: ['linkedin'], scheduledFor: inAnHour() });
    const id = (posts[0] as Post).id;
    const editLinkedIn = (body: object) => edit(id, { platform: 'linkedin', text: 'Launch day', ...body });

    expect(saved(await editLinkedIn({ firstComment: 'The link: https://example.com/a' })).first_comment).toMatchObject({
      text: 'The link: https://example.com/a',
      status: 'scheduled',
    });
    expect(saved(await editLinkedIn({ firstComment: 'The link: https://example.com/b' })).first_comment?.text).toBe(
      'The link: https://example.com/b',
    );
    // Left out, the comment stays.
    expect(saved(await editLinkedIn({})).first_comment?.text).toBe('The link: https://example.com/b');
    expect(saved(await editLinkedIn({ firstComment: null })).first_comment).toBeUndefined();
    expect(refusal(await editLinkedIn({ firstComment: 'a'.repeat(1251) }))).toMatchObject({
      status: 400,
      fields: { firstComment: 'The first comment is 1,251 characters; LinkedIn allows 1,250 in a comment' },
    });
    expect(saved(await editLinkedIn({ firstComment: 'Sign up: https://example.com/c' })).first_comment).toBeDefined();

    await t.app.inject({ method: 'POST', url: `/content/${id}/publish-now`, headers: person.headers });
    const comments = await eventually(async () => {
      const found = (await linkedInComments(sandbox.url)).filter((comment) => !comment.deleted);
      return found.length ? found : undefined;
    }, 20_000);
    expect(comments.map((comment) => comment.text)).toEqual(['Sign up: https://example.com/c']);
  });
});
