import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINKEDIN_VERSION } from './helpers/linkedin';
import { json, postJson, startSandbox, type RunningSandbox } from './helpers/sandbox';

/** Comments as docs/networks.md (LinkedIn · Comments) describes them, and the admin listing. */

interface Issued {
  access_token: string;
  member: { personUrn: string; organizations: { urn: string; name: string; roles: string[] }[] };
}

interface AdminComment {
  urn: string;
  object: string;
  actor: string;
  text: string;
  createdAt: string;
  deleted: boolean;
}

describe('LinkedIn comments', () => {
  let running: RunningSandbox;
  let alice: Issued;
  let bob: Issued;
  let acme = '';

  beforeAll(async () => {
    running = await startSandbox();
  });
  afterAll(async () => {
    await running.close();
  });
  beforeEach(async () => {
    await fetch(`${running.url}/_sandbox/reset`, { method: 'POST' });
    alice = await json<Issued>(await postJson(`${running.url}/_sandbox/linkedin/tokens`, { name: 'Alice Admin' }));
    bob = await json<Issued>(await postJson(`${running.url}/_sandbox/linkedin/tokens`, { name: 'Bob Member' }));
    acme = alice.member.organizations.find((organization) => organization.name === 'Acme Sandbox Ltd')?.urn ?? '';
  });

  const headers = (who: Issued) => ({
    authorization: `Bearer ${who.access_token}`,
    'linkedin-version': LINKEDIN_VERSION,
    'x-restli-protocol-version': '2.0.0',
  });
  const commentsUrl = (postUrn: string) => `${running.url}/linkedin/rest/socialActions/${encodeURIComponent(postUrn)}/comments`;

  async function post(who: Issued, author = who.member.personUrn): Promise<string> {
    const response = await postJson(
      `${running.url}/linkedin/rest/posts`,
      {
        author,
        commentary: `A post ${Math.random()}`,
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED' },
        lifecycleState: 'PUBLISHED',
      },
      headers(who),
    );
    expect(response.status).toBe(201);
    return response.headers.get('x-restli-id') ?? '';
  }
  const comment = (who: Issued, postUrn: string, text: string, actor = who.member.personUrn, object = postUrn) =>
    postJson(commentsUrl(postUrn), { actor, object, message: { text } }, headers(who));
  const list = (who: Issued, postUrn: string) => fetch(commentsUrl(postUrn), { headers: headers(who) });
  const remove = (who: Issued, postUrn: string, id: string, actor?: string) =>
    fetch(`${commentsUrl(postUrn)}/${id}${actor ? `?actor=${encodeURIComponent(actor)}` : ''}`, {
      method: 'DELETE',
      headers: headers(who),
    });
  const adminComments = async (object?: string) =>
    (
      await json<{ comments: AdminComment[] }>(
        await fetch(`${running.url}/_sandbox/linkedin/comments${object ? `?object=${encodeURIComponent(object)}` : ''}`),
      )
    ).comments;

  it('creates a comment as the member: 201, its id in x-restli-id, the comment and its urn in the body', async () => {
    const postUrn = await post(alice);
    const response = await comment(alice, postUrn, 'The link: https://example.com (and more)');
    expect(response.status).toBe(201);
    const id = response.headers.get('x-restli-id') ?? '';
    expect(id).toMatch(/^\d+$/);
    expect(await json(response)).toEqual({
      actor: alice.member.personUrn,
      commentUrn: `urn:li:comment:(${postUrn},${id})`,
      created: { actor: alice.member.personUrn, time: expect.any(Number) },
      lastModified: { actor: alice.member.personUrn, time: expect.any(Number) },
      id,
      message: { attributes: [], text: 'The link: https://example.com (and more)' },
      object: postUrn,
    });
  });

  it('lists the post’s comments, and the admin API lists them by post', async () => {
    const first = await post(alice);
    const second = await post(alice);
    await comment(alice, first, 'One');
    await comment(alice, first, 'Two');
    await comment(alice, second, 'Elsewhere');
    const answer = await json<{ paging: { total: number }; elements: { message: { text: string } }[] }>(await list(alice, first));
    expect(answer.paging.total).toBe(2);
    expect(answer.elements.map((element) => element.message.text)).toEqual(['One', 'Two']);

    expect((await adminComments(first)).map((entry) => [entry.object, entry.actor, entry.text, entry.deleted])).toEqual([
      [first, alice.member.personUrn, 'One', false],
      [first, alice.member.personUrn, 'Two', false],
    ]);
    expect(await adminComments()).toHaveLength(3);
    expect((await adminComments())[0]).toEqual({
      urn: expect.stringMatching(/^urn:li:comment:\(urn:li:share:\d+,\d+\)$/),
      id: expect.any(String),
      object: first,
      actor: alice.member.personUrn,
      createdBy: expect.any(String),
      clientId: 'postflow-sandbox-linkedin',
      text: 'One',
      receivedAt: expect.any(String),
      createdAt: expect.any(String),
      deleted: false,
      deletedAt: null,
    });
  });

  it('comments as a page the member may comment for, and refuses a page they may not (403)', async () => {
    const pagePost = await post(alice, acme);
    const asPage = await comment(alice, pagePost, 'From the page', acme);
    expect(asPage.status).toBe(201);
    expect(await json(asPage)).toMatchObject({ actor: acme, created: { actor: alice.member.personUrn } });

    // Bob is only an ANALYST of Acme; nor may he comment as Alice.
    const analyst = await comment(bob, pagePost, 'Not allowed', acme);
    expect(analyst.status).toBe(403);
    expect(await json(analyst)).toMatchObject({ status: 403, code: 'ACCESS_DENIED' });
    expect((await comment(bob, pagePost, 'Not me', alice.member.personUrn)).status).toBe(403);
    expect(await adminComments(pagePost)).toHaveLength(1);
  });

  it('answers 404 for an unknown post, 422 for a missing or empty text, 400 over 1,250 characters', async () => {
    const unknown = await comment(alice, 'urn:li:share:123', 'Hello');
    expect(unknown.status).toBe(404);
    const postUrn = await post(alice);
    const missing = await postJson(commentsUrl(postUrn), { actor: alice.member.personUrn, object: postUrn }, headers(alice));
    expect(missing.status).toBe(422);
    expect(await json(missing)).toMatchObject({ message: expect.stringContaining('ERROR :: /message :: field is required') });
    const empty = await comment(alice, postUrn, '   ');
    expect(empty.status).toBe(422);
    expect((await comment(alice, postUrn, 'é'.repeat(1250))).status).toBe(201);
    const long = await comment(alice, postUrn, 'x'.repeat(1251));
    expect(long.status).toBe(400);
    expect(await json(long)).toMatchObject({
      code: 'FIELD_LENGTH_TOO_LONG',
      message: '/message/text :: length 1251 exceeds the maximum allowed 1250',
    });
    expect((await comment(alice, postUrn, 'Wrong object', alice.member.personUrn, 'urn:li:share:1')).status).toBe(422);
  });

  it('deletes a comment only as its actor; a deleted comment is gone (404)', async () => {
    const pagePost = await post(alice, acme);
    const created = await comment(alice, pagePost, 'Page comment', acme);
    const id = created.headers.get('x-restli-id') ?? '';
    expect((await remove(alice, pagePost, id)).status).toBe(403);
    expect((await remove(bob, pagePost, id, acme)).status).toBe(403);
    expect((await remove(alice, pagePost, id, acme)).status).toBe(204);
    expect((await remove(alice, pagePost, id, acme)).status).toBe(404);
    expect((await json<{ elements: unknown[] }>(await list(alice, pagePost))).elements).toEqual([]);
    expect((await adminComments(pagePost))[0]).toMatchObject({ deleted: true, deletedAt: expect.any(String) });
  });

  it('shows a post’s comments on its public page, by the page or member who wrote them', async () => {
    const pagePost = await post(alice, acme);
    await comment(alice, pagePost, 'Read more: https://example.com/launch', acme);
    const page = await (await fetch(`${running.url}/linkedin/feed/update/${pagePost}/`)).text();
    expect(page).toContain('<section aria-label="Comments">');
    expect(page).toContain('<strong>Acme Sandbox Ltd</strong><p class="text">Read more: https://example.com/launch</p>');
  });

  it('makes a deleted post’s comments unreachable', async () => {
    const postUrn = await post(alice);
    const id = (await comment(alice, postUrn, 'First comment')).headers.get('x-restli-id') ?? '';
    const deleted = await fetch(`${running.url}/linkedin/rest/posts/${encodeURIComponent(postUrn)}`, {
      method: 'DELETE',
      headers: { ...headers(alice), 'x-restli-method': 'DELETE' },
    });
    expect(deleted.status).toBe(204);
    expect((await list(alice, postUrn)).status).toBe(404);
    expect((await remove(alice, postUrn, id)).status).toBe(404);
    expect((await comment(alice, postUrn, 'Too late')).status).toBe(404);
    expect((await adminComments(postUrn)).map((entry) => entry.deleted)).toEqual([true]);
  });

  it('lists comments only for someone who may read the author’s social data', async () => {
    const postUrn = await post(alice);
    await comment(alice, postUrn, 'Mine');
    expect((await list(bob, postUrn)).status).toBe(403);
    const writeOnly = await json<Issued>(
      await postJson(`${running.url}/_sandbox/linkedin/tokens`, { name: 'Alice Admin', scopes: ['openid', 'profile', 'w_member_social'] }),
    );
    expect((await list(writeOnly, postUrn)).status).toBe(403);
    expect((await comment(writeOnly, postUrn, 'Write-only tokens may comment')).status).toBe(201);
  });
});

describe('LinkedIn comments in the state file', () => {
  const directory = mkdtempSync(join(tmpdir(), 'sandbox-comments-'));
  const stateFile = join(directory, 'state.json');
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('keeps comments across a restart', async () => {
    const first = await startSandbox({ stateFile, persistDebounceMs: 10 });
    const issued = await json<Issued>(await postJson(`${first.url}/_sandbox/linkedin/tokens`, { name: 'Restart Rita' }));
    const headers = {
      authorization: `Bearer ${issued.access_token}`,
      'linkedin-version': LINKEDIN_VERSION,
      'x-restli-protocol-version': '2.0.0',
    };
    const author = issued.member.personUrn;
    const created = await postJson(
      `${first.url}/linkedin/rest/posts`,
      {
        author,
        commentary: 'Before a restart',
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED' },
        lifecycleState: 'PUBLISHED',
      },
      headers,
    );
    const postUrn = created.headers.get('x-restli-id') ?? '';
    const url = (base: string) => `${base}/linkedin/rest/socialActions/${encodeURIComponent(postUrn)}/comments`;
    await postJson(url(first.url), { actor: author, object: postUrn, message: { text: 'Kept' } }, headers);
    await first.close();

    const second = await startSandbox({ stateFile });
    try {
      const listed = await json<{ elements: { message: { text: string } }[] }>(await fetch(url(second.url), { headers }));
      expect(listed.elements.map((element) => element.message.text)).toEqual(['Kept']);
    } finally {
      await second.close();
    }
  });
});
