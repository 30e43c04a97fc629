import { SAMPLE_ARTICLE, SAMPLE_ARTICLE_PATH } from '@postflow/sandbox';
import { beforeEach, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/helpers/multipart';
import { usePublishingHarness } from '../../../test/helpers/publishing-harness';
import { createImageQueue, defaultImageQueueOptions } from '../media/image-queue';
import { linkedInPosts, pngImage, xPosts, type RunningSandbox } from '../../../test/helpers/sandbox';
import type { TestSession } from '../../../test/helpers/session';
import type { TestApp } from '../../../test/helpers/test-app';

/**
 * Link cards end to end (docs/decisions/149-link-cards.md): the preview the composer shows, the post
 * that carries it, and the LinkedIn article share the sandbox ends up holding. The sandbox's sample
 * article is on its own origin, which the app reaches with ALLOW_PRIVATE_FETCH off.
 */
describe('a LinkedIn post with a link card', () => {
  // Who took a turn in the image queue: the card's picture must take one, as uploads do (decision 111).
  const turns: string[] = [];
  const queue = createImageQueue(defaultImageQueueOptions());
  const harness = usePublishingHarness({
    imageQueue: {
      run: (personId, work) => {
        turns.push(personId);
        return queue.run(personId, work);
      },
    },
  });
  const { compose, published, connect } = harness;
  let sandbox: RunningSandbox;
  let t: TestApp;
  let person: TestSession;
  beforeEach(() => ({ sandbox, t, person } = harness.current()));

  async function previewOf(url: string) {
    const answer = await t.app.inject({ method: 'POST', url: '/api/v1/link-preview', headers: person.headers, payload: { url } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { url: string; title: string; description: string; imageUrl: string | null; siteName: string | null };
  }

  it('goes out as an article share with the card the person saw, its picture uploaded as the thumbnail; X gets the plain text', async () => {
    await connect('x');
    await connect('linkedin');
    const articleUrl = `${sandbox.url}${SAMPLE_ARTICLE_PATH}`;
    const card = await previewOf(articleUrl);
    expect(card).toEqual({
      url: articleUrl,
      title: SAMPLE_ARTICLE.title,
      description: SAMPLE_ARTICLE.description,
      imageUrl: `${articleUrl}.png`,
      siteName: SAMPLE_ARTICLE.siteName,
    });

    const text = `Our planning guide is out: ${articleUrl}`;
    turns.length = 0;
    const { postId, posts } = await compose({
      text,
      platforms: ['x', 'linkedin'],
      linkCard: { url: card.url, title: card.title, description: card.description, imageUrl: card.imageUrl },
    });
    for (const post of posts) await published(post.id);

    const onLinkedIn = (await linkedInPosts(sandbox.url)).filter((post) => !post.deleted);
    expect(onLinkedIn).toHaveLength(1);
    const content = onLinkedIn[0]?.content as { article: { source: string; title: string; description: string; thumbnail: string } };
    expect(content).toEqual({
      article: {
        source: articleUrl,
        title: SAMPLE_ARTICLE.title,
        description: SAMPLE_ARTICLE.description,
        thumbnail: expect.stringMatching(/^urn:li:image:/),
      },
    });
    // The picture was re-encoded in a turn of the image queue, queued under the workspace.
    expect(turns).toEqual([person.userId]);
    // The thumbnail is a picture the sandbox holds (the sample's PNG, re-encoded by us).
    const thumbnail = await fetch(`${sandbox.url}/_sandbox/media/linkedin/${encodeURIComponent(content.article.thumbnail)}`);
    expect(thumbnail.status).toBe(200);
    // Its public page shows the card.
    const page = await (await fetch(`${sandbox.url}/linkedin/feed/update/${onLinkedIn[0]?.urn}/`)).text();
    expect(page).toContain(SAMPLE_ARTICLE.title);

    const onX = (await xPosts(sandbox.url)).filter((post) => !post.deleted);
    expect(onX.map((post) => [post.text, post.media.length])).toEqual([[text, 0]]);

    // The card stays with the LinkedIn target, so a retry would send the same one; X's has none.
    const stored = await t.database.db.query<{ network: string; link_card: unknown }>(
      'SELECT network, link_card FROM post_targets WHERE post_id = $1 ORDER BY network',
      [postId],
    );
    expect(stored.rows).toEqual([
      {
        network: 'linkedin',
        link_card: { url: articleUrl, title: SAMPLE_ARTICLE.title, description: SAMPLE_ARTICLE.description, imageUrl: `${articleUrl}.png` },
      },
      { network: 'x', link_card: null },
    ]);
  });

  it('still goes out, without a thumbnail, when the card picture cannot be fetched', async () => {
    await connect('linkedin');
    const { posts } = await compose({
      text: 'Read the notes',
      platforms: ['linkedin'],
      // A picture on a private address: the guard refuses it at send time too.
      linkCard: { url: 'https://notes.example/launch', title: 'Launch notes', description: '', imageUrl: 'http://10.0.0.1/cover.png' },
    });
    await published(posts[0]?.id as string);
    const [post] = (await linkedInPosts(sandbox.url)).filter((candidate) => !candidate.deleted);
    expect(post?.content).toEqual({ article: { source: 'https://notes.example/launch', title: 'Launch notes' } });
  });

  it('is refused with 400, nothing created, when the post also has a picture', async () => {
    await connect('linkedin');
    const body = multipart([
      {
        name: 'data',
        value: JSON.stringify({
          enhancedContent: { linkedin: 'With a picture and a card' },
          platforms: ['linkedin'],
          linkCard: { url: 'https://notes.example/launch', title: 'Launch notes', description: '' },
        }),
      },
      { name: 'image', value: await pngImage(), filename: 'photo.png', type: 'image/png' },
    ]);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/content/publish',
      payload: body.payload,
      headers: { ...person.headers, ...body.headers },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe(
      'A post with pictures, a video or a document cannot also carry a link card. Remove the link card or the files.',
    );
    const targets = await t.database.db.query('SELECT 1 FROM post_targets');
    expect(targets.rowCount).toBe(0);
  });

  it('is refused with 400, naming the field, when the card’s address carries a user name or password', async () => {
    await connect('linkedin');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/posts',
      headers: person.headers,
      payload: {
        text: 'Members only',
        platforms: ['linkedin'],
        linkCard: { url: 'https://member:hunter2@notes.example/launch', title: 'Launch notes' },
      },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields).toEqual({
      'linkCard.url': 'linkCard.url must not contain a user name or password (user:pass@); remove them.',
    });
    expect((await t.database.db.query('SELECT 1 FROM post_targets')).rowCount).toBe(0);
  });

  it('is refused with 400 when the card has no title or a non-web address', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/posts',
      headers: person.headers,
      payload: { text: 'Card', platforms: ['linkedin'], linkCard: { url: 'javascript:alert(1)', title: '' } },
    });
    expect(answer.statusCode).toBe(400);
    expect(Object.values(answer.json().error.fields ?? {}).join(' ')).toMatch(/http:\/\/ or https:\/\//);
  });
});
