import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '@postflow/contract';
import { connectLinkedIn, connectX, linkedInPosts, startSandbox, xPosts, type RunningSandbox } from '../../../test/helpers/sandbox';
import { multipart } from '../../../test/helpers/multipart';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, eventually, type TestApp } from '../../../test/helpers/test-app';

describe('channels: several accounts per network and LinkedIn pages as places to post', () => {
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

  const listChannels = async (who = person): Promise<Channel[]> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/channels', headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().channels;
  };
  const publish = (value: object, headers = person.headers) => {
    const body = multipart([{ name: 'data', value: JSON.stringify(value) }]);
    return t.app.inject({ method: 'POST', url: '/content/publish', payload: body.payload, headers: { ...headers, ...body.headers } });
  };
  const count = async (table: string) => (await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;

  /** Two X accounts and a LinkedIn member who administers pages, all in the person's workspace. */
  async function connectEverything() {
    const ada = await connectX(t.services, sandbox.url, person.userId, 'ada');
    const grace = await connectX(t.services, sandbox.url, person.userId, 'grace');
    const member = await connectLinkedIn(t.services, sandbox.url, person.userId, 'Alice Admin');
    const channels = await listChannels();
    const byAccount = (accountId: string, kind: Channel['kind'] = 'person') =>
      channels.find((channel) => channel.accountId === accountId && channel.kind === kind) as Channel;
    const page = channels.find((channel) => channel.kind === 'organization') as Channel;
    return { ada, grace, member, channels, adaChannel: byAccount(ada.accountId), graceChannel: byAccount(grace.accountId), page };
  }

  it('lists each connected account and each page its member administers, with stable ids', async () => {
    const { ada, grace, member, channels, page } = await connectEverything();
    expect(channels.filter((channel) => channel.network === 'x').map((channel) => [channel.handle, channel.accountId])).toEqual([
      ['ada', ada.accountId],
      ['grace', grace.accountId],
    ]);
    expect(channels.filter((channel) => channel.network === 'linkedin' && channel.kind === 'person')).toHaveLength(1);
    expect(page).toMatchObject({ network: 'linkedin', kind: 'organization', accountId: member.accountId });
    expect(member.organizations.map((organization) => organization.name)).toContain(page.name);
    // Asking again answers the same ids: a channel is a place, not a row made per request.
    expect((await listChannels()).map((channel) => channel.id)).toEqual(channels.map((channel) => channel.id));
  });

  it('shows another workspace nothing of these channels', async () => {
    await connectEverything();
    const other = await signUp(t, 'Someone else');
    expect(await listChannels(other)).toEqual([]);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/channels',
      headers: { ...other.headers, 'x-workspace-id': person.userId },
    });
    expect(response.statusCode).toBe(404);
  });

  it('publishes one text to two X accounts and a page, each through its own account, with per-channel texts', async () => {
    const { adaChannel, graceChannel, page } = await connectEverything();
    const response = await publish({
      enhancedContent: { x: 'The launch, for X', linkedin: 'The launch, for LinkedIn' },
      originalText: 'The launch',
      channels: [adaChannel.id, graceChannel.id, page.id],
      perChannel: { [graceChannel.id]: 'Grace says: the launch' },
      isScheduled: false,
    });
    expect(response.statusCode, response.body).toBe(201);
    const posts = response.json().posts as Array<{ text: string; author: { name: string; channel_id: string } }>;
    expect(posts.map((post) => [post.author.channel_id, post.text]).sort()).toEqual(
      [
        [adaChannel.id, 'The launch, for X'],
        [graceChannel.id, 'Grace says: the launch'],
        [page.id, 'The launch, for LinkedIn'],
      ].sort(),
    );

    const sentOnX = await eventually(async () => {
      const sent = await xPosts(sandbox.url);
      return sent.length === 2 ? sent : undefined;
    });
    expect(sentOnX.map((post) => [post.username, post.text]).sort()).toEqual([
      ['ada', 'The launch, for X'],
      ['grace', 'Grace says: the launch'],
    ]);
    const sentOnLinkedIn = await eventually(async () => (await linkedInPosts(sandbox.url))[0]);
    expect(sentOnLinkedIn.author).toBe(`urn:li:organization:${await pageOrganizationId(page.id)}`);
    expect(sentOnLinkedIn.commentary).toBe('The launch, for LinkedIn');

    // The feed files each post under its channel, and filters by it.
    const feed = await t.app.inject({ method: 'GET', url: `/api/v1/social/feed?channelId=${graceChannel.id}`, headers: person.headers });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json().posts.map((post: { text: string; author: { name: string } }) => [post.text, post.author.name])).toEqual([
      ['Grace says: the launch', graceChannel.name],
    ]);
    expect(feed.json().total_count).toBe(1);
  });

  async function pageOrganizationId(channelId: string): Promise<string> {
    const { rows } = await t.database.db.query<{ id: string }>('SELECT external_id AS id FROM channels WHERE id = $1', [channelId]);
    return rows[0]?.id as string;
  }

  it('refuses a channel of another workspace, naming the field, and creates nothing', async () => {
    const other = await signUp(t, 'Someone else');
    await connectX(t.services, sandbox.url, other.userId, 'mallory');
    const [theirs] = await listChannels(other);
    const { adaChannel } = await connectEverything();
    const response = await publish({
      enhancedContent: { x: 'Sneaky' },
      channels: [adaChannel.id, theirs?.id],
      isScheduled: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ 'channels.1': 'Unknown channel' });
    expect(await count('posts')).toBe(0);
    expect(await count('post_targets')).toBe(0);
  });

  it('refuses a text for a channel that was not chosen', async () => {
    const { adaChannel, graceChannel } = await connectEverything();
    const response = await publish({
      enhancedContent: { x: 'Hello' },
      channels: [adaChannel.id],
      perChannel: { [graceChannel.id]: 'Not chosen' },
      isScheduled: false,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual([`perChannel.${graceChannel.id}`]);
    expect(await count('posts')).toBe(0);
  });

  it('keeps the other accounts and their channels when one is disconnected', async () => {
    const { ada, graceChannel } = await connectEverything();
    const response = await t.app.inject({ method: 'DELETE', url: `/auth/social/${ada.accountId}`, headers: person.headers });
    expect(response.statusCode, response.body).toBe(200);
    const left = await listChannels();
    expect(left.map((channel) => channel.id)).toContain(graceChannel.id);
    expect(left.filter((channel) => channel.network === 'x').map((channel) => channel.handle)).toEqual(['grace']);
  });

  it("shows a page channel with its page's logo, read with the pages, on the channel and on the page's posts", async () => {
    const { page } = await connectEverything();
    expect(page.avatarUrl).toMatch(new RegExp(`^${sandbox.url}/_sandbox/logos/linkedin/\\d+\\.svg$`));
    const logo = await fetch(page.avatarUrl as string);
    expect(logo.headers.get('content-type')).toContain('image/svg+xml');
    expect(await logo.text()).toContain(`${page.name} logo`);

    const response = await publish({ enhancedContent: { linkedin: 'From the page' }, channels: [page.id], isScheduled: false });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().posts[0].author).toMatchObject({ kind: 'page', name: page.name, avatar_url: page.avatarUrl });
  });

  it("reads the pages of the LinkedIn account asked for, and refuses another workspace's account", async () => {
    const alice = await connectLinkedIn(t.services, sandbox.url, person.userId, 'Alice Admin');
    const dana = await connectLinkedIn(t.services, sandbox.url, person.userId, 'Dana Admin');
    const x = await connectX(t.services, sandbox.url, person.userId, 'ada');
    const pagesOf = (query = '', who = person) =>
      t.app.inject({ method: 'GET', url: `/auth/linkedin/organizations${query}`, headers: who.headers });
    const names = (response: { json: () => { organizations: Array<{ name: string }> } }) =>
      response
        .json()
        .organizations.map((organization) => organization.name)
        .sort();

    // Without an account: the first one connected, as before accounts could be chosen.
    expect(names(await pagesOf())).toEqual(alice.organizations.map((organization) => organization.name).sort());
    const danas = await pagesOf(`?accountId=${dana.accountId}`);
    expect(danas.statusCode, danas.body).toBe(200);
    expect(names(danas)).toEqual(['Dana Admin Company']);
    expect(danas.json().personal.id).toBe(dana.memberId);

    const notLinkedIn = await pagesOf(`?accountId=${x.accountId}`);
    expect(notLinkedIn.statusCode).toBe(400);
    expect(notLinkedIn.json().error.fields).toEqual({ accountId: 'Not a LinkedIn account' });
    const other = await signUp(t, 'Someone else');
    const theirs = await connectLinkedIn(t.services, sandbox.url, other.userId, 'Erin Admin');
    expect((await pagesOf(`?accountId=${theirs.accountId}`)).statusCode).toBe(404);
    expect((await pagesOf(`?accountId=${alice.accountId}`, other)).statusCode).toBe(404);
  });

  it('still posts by network alone, through the first account of each network', async () => {
    const { adaChannel } = await connectEverything();
    const response = await publish({ enhancedContent: { x: 'By network' }, platforms: ['x'], isScheduled: false });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().posts[0].author.channel_id).toBe(adaChannel.id);
  });
});
