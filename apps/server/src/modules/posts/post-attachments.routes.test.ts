import type { Channel, FeedPost, Post } from '@postflow/contract';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pdfBytes } from '../../../test/helpers/media-bytes';
import { multipart } from '../../../test/helpers/multipart';
import { connectLinkedIn, connectX, startSandbox, type RunningSandbox } from '../../../test/helpers/sandbox';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

type Part = Parameters<typeof multipart>[0][number];

const inAnHour = () => new Date(Date.now() + 3_600_000);
const later = () => {
  const when = inAnHour();
  return { isScheduled: true, scheduleDate: when.toISOString().slice(0, 10), scheduleTime: when.toISOString().slice(11, 16) };
};
const card = (path: string) => ({
  url: `https://blog.example.com/${path}`,
  title: `The ${path} article`,
  description: `What ${path} is about`,
  imageUrl: `https://blog.example.com/${path}.png`,
});

/**
 * What a post carries besides its text survives an edit and reaches every list: alt texts, a
 * document's title, link cards (docs/decisions/152-channel-picker-and-kept-attachments.md).
 */
describe('a post’s attachments through edits and lists', () => {
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

  const upload = async (name: string, value: Buffer, type: string): Promise<{ id: string; url: string }> => {
    const body = multipart([{ name: 'media', value, filename: name, type }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      payload: body.payload,
      headers: { ...person.headers, ...body.headers },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const square = async (name: string, color: string) =>
    upload(
      name,
      await sharp({ create: { width: 24, height: 16, channels: 3, background: color } })
        .png()
        .toBuffer(),
      'image/png',
    );
  const send = (value: object) => {
    const part: Part = { name: 'data', value: JSON.stringify(value) };
    const body = multipart([part]);
    return t.app.inject({
      method: 'POST',
      url: '/content/publish',
      payload: body.payload,
      headers: { ...person.headers, ...body.headers },
    });
  };
  const publish = async (value: object): Promise<Post[]> => {
    const response = await send(value);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().posts;
  };
  /** A LinkedIn member's own channel and the page they administer. */
  const linkedInChannels = async (memberAccountId: string) => {
    const channels: Channel[] = (await t.app.inject({ method: 'GET', url: '/api/v1/channels', headers: person.headers })).json().channels;
    return {
      own: channels.find((channel) => channel.accountId === memberAccountId && channel.kind === 'person') as Channel,
      page: channels.find((channel) => channel.kind === 'organization') as Channel,
    };
  };
  const edit = (id: string, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/content/${id}`,
      headers: person.headers,
      payload: { platform: 'linkedin', scheduled_for: inAnHour().toISOString(), ...body },
    });
  const listed = async (): Promise<Post[]> => {
    const response = await t.app.inject({ method: 'GET', url: '/posts', headers: person.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const feed = async (): Promise<FeedPost[]> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/social/feed?status=all', headers: person.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().posts;
  };
  /** What the publisher will send: the stored row, not only the answer. */
  const stored = async (id: string) =>
    (
      await t.database.db.query<{ alts: string[]; title: string | null }>(
        'SELECT media_alts AS alts, media_title AS title FROM post_targets WHERE id = $1',
        [id],
      )
    ).rows[0];

  it('keeps each image’s alt text when only the text is edited, follows each file when they move, and takes new ones', async () => {
    await connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
    const files = [await square('red.png', '#ff0000'), await square('green.png', '#00ff00'), await square('blue.png', '#0000ff')];
    const [post] = await publish({
      enhancedContent: { linkedin: 'Three squares' },
      platforms: ['linkedin'],
      mediaIds: files.map((file) => file.id),
      media: [{ alt: 'A red square' }, { alt: 'A green square' }, { alt: 'A blue square' }],
      ...later(),
    });
    const id = (post as Post).id;
    expect(post?.media_alts).toEqual(['A red square', 'A green square', 'A blue square']);
    const urls = (post as Post).media_urls;

    // The edit modal as it was: text, time and the same files, no alt texts.
    const textOnly = await edit(id, { text: 'Three squares, edited', media_urls: urls });
    expect(textOnly.statusCode, textOnly.body).toBe(200);
    expect(textOnly.json().post.media_alts).toEqual(['A red square', 'A green square', 'A blue square']);
    expect((await stored(id))?.alts).toEqual(['A red square', 'A green square', 'A blue square']);

    // A file left out and the others swapped: each keeps its own description.
    const moved = await edit(id, { text: 'Two squares', media_urls: [urls[2], urls[0]] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().post.media_alts).toEqual(['A blue square', 'A red square']);

    const described = await edit(id, {
      text: 'Two squares',
      media_urls: [urls[2], urls[0]],
      media: [{ alt: '  A deep blue square ' }, { alt: '' }],
    });
    expect(described.statusCode, described.body).toBe(200);
    expect((await stored(id))?.alts).toEqual(['A deep blue square', '']);
    expect((await listed()).find((item) => item.id === id)?.media_alts).toEqual(['A deep blue square', '']);
    expect((await feed()).find((item) => item.id === id)?.media_alts).toEqual(['A deep blue square', '']);
  });

  it('refuses alt texts that do not match the files, or are too long for the network, naming the field', async () => {
    await connectX(t.services, sandbox.url, person.userId, 'ada');
    const file = await square('one.png', '#336699');
    const [post] = await publish({ enhancedContent: { x: 'One' }, platforms: ['x'], mediaIds: [file.id], ...later() });
    const id = (post as Post).id;
    const mismatch = await edit(id, { text: 'One', platform: 'x', media_urls: [file.url], media: [{ alt: 'a' }, { alt: 'b' }] });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe('media gives 2 alt texts for 1 file in media_urls; send one per file, in the same order.');
    expect(mismatch.json().error.fields).toEqual({ media: 'One per file of media_urls' });
    const tooLong = await edit(id, { text: 'One', platform: 'x', media_urls: [file.url], media: [{ alt: 'a'.repeat(1001) }] });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toMatch(/The alt text of one\.png is 1001 characters; X takes up to 1000/);
  });

  it('keeps a document’s title through an edit of its text, and changes it when asked', async () => {
    await connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
    const deck = await upload('deck.pdf', pdfBytes(3), 'application/pdf');
    const [post] = await publish({
      enhancedContent: { linkedin: 'Our deck' },
      platforms: ['linkedin'],
      mediaIds: [deck.id],
      document: { title: 'Launch deck' },
      ...later(),
    });
    const id = (post as Post).id;
    expect(post?.document_title).toBe('Launch deck');

    const textOnly = await edit(id, { text: 'Our deck, edited', media_urls: [deck.url] });
    expect(textOnly.statusCode, textOnly.body).toBe(200);
    expect(textOnly.json().post.document_title).toBe('Launch deck');
    expect((await stored(id))?.title).toBe('Launch deck');

    const retitled = await edit(id, { text: 'Our deck, edited', media_urls: [deck.url], document: { title: 'Launch deck, v2' } });
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect((await stored(id))?.title).toBe('Launch deck, v2');
    expect((await feed()).find((item) => item.id === id)?.document_title).toBe('Launch deck, v2');

    const untitled = await edit(id, { text: 'Our deck', media_urls: [deck.url], document: { title: ' ' } });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().error.fields).toEqual({ 'document.title': expect.any(String) });
  });

  it('answers a LinkedIn post’s link card in the post lists and the feed, and none for X', async () => {
    await connectX(t.services, sandbox.url, person.userId, 'ada');
    await connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
    const posts = await publish({
      enhancedContent: { x: 'Read https://blog.example.com/plans', linkedin: 'Read https://blog.example.com/plans' },
      platforms: ['x', 'linkedin'],
      linkCard: card('plans'),
      ...later(),
    });
    const linkedIn = posts.find((post) => post.platform === 'linkedin') as Post;
    const x = posts.find((post) => post.platform === 'x') as Post;
    expect(linkedIn.link_card).toEqual(card('plans'));
    expect(x.link_card).toBeNull();
    expect((await listed()).find((post) => post.id === linkedIn.id)?.link_card).toEqual(card('plans'));
    const onFeed = await feed();
    expect(onFeed.find((post) => post.id === linkedIn.id)?.link_card).toEqual(card('plans'));
    expect(onFeed.find((post) => post.id === x.id)?.link_card).toBeNull();

    // An edit of the text keeps the card the post goes out with.
    const edited = await edit(linkedIn.id, { text: 'Do read https://blog.example.com/plans' });
    expect(edited.json().post.link_card).toEqual(card('plans'));
  });

  it('gives each LinkedIn channel the card of its own text', async () => {
    const member = await connectLinkedIn(t.services, sandbox.url, person.userId, 'Alice Admin');
    const { own, page } = await linkedInChannels(member.accountId);
    expect(page.organizationId).toBe(String(member.organizations.find((organization) => organization.name === page.name)?.id));
    expect(own.organizationId).toBeNull();

    const posts = await publish({
      enhancedContent: { linkedin: 'Read https://blog.example.com/plans' },
      channels: [own.id, page.id],
      perChannel: { [page.id]: 'Our team wrote https://blog.example.com/team' },
      linkCard: card('plans'),
      perChannelLinkCard: { [page.id]: card('team') },
      ...later(),
    });
    const cards = Object.fromEntries(posts.map((post) => [post.author.channel_id, post.link_card]));
    expect(cards).toEqual({ [own.id]: card('plans'), [page.id]: card('team') });
  });

  it('refuses a channel’s link card beside files, and one for a channel not chosen', async () => {
    const member = await connectLinkedIn(t.services, sandbox.url, person.userId, 'Alice Admin');
    const { own, page } = await linkedInChannels(member.accountId);
    const file = await square('one.png', '#336699');
    const beside = await send({
      enhancedContent: { linkedin: 'A picture' },
      channels: [own.id, page.id],
      mediaIds: [file.id],
      perChannelLinkCard: { [page.id]: card('team') },
      ...later(),
    });
    expect(beside.statusCode).toBe(400);
    expect(beside.json().error.fields).toEqual({ linkCard: 'Not with pictures' });
    const notChosen = await send({
      enhancedContent: { linkedin: 'Read' },
      channels: [own.id],
      perChannelLinkCard: { [page.id]: card('team') },
      ...later(),
    });
    expect(notChosen.statusCode).toBe(400);
    expect(notChosen.json().error.fields).toEqual({
      [`perChannelLinkCard.${page.id}`]: 'This link card is for a channel that is not chosen',
    });
  });
});
