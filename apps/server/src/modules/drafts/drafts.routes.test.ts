import sharp from 'sharp';
import { DRAFTS_PER_WORKSPACE } from '@postflow/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../test/helpers/factories';
import { multipart } from '../../../test/helpers/multipart';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { uploadSquare } from '../../../test/helpers/upload-media';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('drafts', () => {
  let t: TestApp;
  let ada: TestSession;
  let grace: TestSession;
  let team: string;

  const call = (who: TestSession, method: Method, url: string, payload?: object, workspace?: string) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.headers, ...(workspace ? { 'x-workspace-id': workspace } : {}) },
      ...(payload ? { payload } : {}),
    });
  const create = async (who: TestSession, payload: object, workspace?: string) => {
    const response = await call(who, 'POST', '/api/v1/drafts', payload, workspace);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; revision: number; updatedAt: string };
  };
  const upload = async (who: TestSession, draftId: string, workspace?: string) => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const body = multipart([{ name: 'image', value: png, filename: 'picture.png', type: 'image/png' }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/drafts/${draftId}/image`,
      payload: body.payload,
      headers: { ...who.headers, ...body.headers, ...(workspace ? { 'x-workspace-id': workspace } : {}) },
    });
  };
  const publish = (who: TestSession, data: object) => {
    const body = multipart([{ name: 'data', value: JSON.stringify(data) }]);
    return t.app.inject({ method: 'POST', url: '/content/publish', payload: body.payload, headers: { ...who.headers, ...body.headers } });
  };
  const inADay = () => new Date(Date.now() + 86_400_000);
  const utcParts = (date: Date) => ({ scheduleDate: date.toISOString().slice(0, 10), scheduleTime: date.toISOString().slice(11, 16) });
  const mediaExists = async (id: string) => (await t.database.db.query('SELECT 1 FROM media WHERE id = $1', [id])).rowCount === 1;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    ada = await signUp(t, 'Ada Lovelace');
    grace = await signUp(t, 'Grace Hopper');
    team = (await t.services.workspaces.create(ada.userId, { name: 'Launch team' })).id;
    await t.database.db.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'viewer')`, [
      team,
      grace.userId,
    ]);
    await createSocialAccount(t.services, ada.userId, { network: 'x', username: 'ada_x' });
  });
  afterAll(() => t.close());

  it('keeps the link card the composer showed, or that the person removed it (docs/decisions/149-link-cards.md)', async () => {
    const linkCard = {
      url: 'https://blog.example/launch',
      title: 'Launch notes',
      description: 'How it went',
      imageUrl: 'https://blog.example/c.png',
    };
    const withCard = await create(ada, { text: 'Read https://blog.example/launch', platforms: ['linkedin'], details: { linkCard } });
    expect((await call(ada, 'GET', `/api/v1/drafts/${withCard.id}`)).json().draft.details).toEqual({ linkCard });
    const removed = await call(ada, 'PUT', `/api/v1/drafts/${withCard.id}`, {
      text: 'Read https://blog.example/launch',
      platforms: ['linkedin'],
      details: { linkCard: null },
      revision: withCard.revision,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(ada, 'GET', `/api/v1/drafts/${withCard.id}`)).json().draft.details).toEqual({ linkCard: null });
    const bad = await call(ada, 'POST', '/api/v1/drafts', {
      text: 'x',
      platforms: [],
      details: { linkCard: { url: 'file:///etc/passwd', title: 'T' } },
    });
    expect(bad.statusCode).toBe(400);
    await call(ada, 'DELETE', `/api/v1/drafts/${withCard.id}`);
  });

  it('keeps the chosen channels and their own texts, and keeps them when a save leaves them out', async () => {
    const [channel] = (await call(ada, 'GET', '/api/v1/channels')).json().channels as Array<{ id: string }>;
    const id = (channel as { id: string }).id;
    const saved = await create(ada, { text: 'For one channel', platforms: [], channels: [id], perChannel: { [id]: 'Its own words' } });
    await call(ada, 'PUT', `/api/v1/drafts/${saved.id}`, { text: 'For one channel, edited', platforms: [], revision: 1 });
    const read = (await call(ada, 'GET', `/api/v1/drafts/${saved.id}`)).json().draft;
    expect(read).toMatchObject({ text: 'For one channel, edited', channels: [id], perChannel: { [id]: 'Its own words' } });
    expect((await call(ada, 'DELETE', `/api/v1/drafts/${saved.id}`)).statusCode).toBe(204);
  });

  it('creates, reads, lists (newest change first), saves and deletes a draft, with what the composer restores', async () => {
    const first = await create(ada, { text: 'An older idea', platforms: ['x'] });
    const when = inADay().toISOString();
    const saved = await create(ada, {
      text: 'Launch day notes',
      platforms: ['x', 'linkedin'],
      perPlatform: { x: 'Short for X', linkedin: 'Longer for LinkedIn' },
      details: { linkedInTarget: 'personal', skipAi: false, tailoredFrom: 'Launch day notes' },
      scheduledAt: when,
      timeZone: 'Europe/Berlin',
    });
    expect(saved.revision).toBe(1);

    const read = await call(ada, 'GET', `/api/v1/drafts/${saved.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().draft).toMatchObject({
      id: saved.id,
      text: 'Launch day notes',
      platforms: ['x', 'linkedin'],
      perPlatform: { x: 'Short for X', linkedin: 'Longer for LinkedIn' },
      details: { linkedInTarget: 'personal', skipAi: false, tailoredFrom: 'Launch day notes' },
      image: null,
      scheduledAt: when,
      timeZone: 'Europe/Berlin',
      revision: 1,
      author: { id: ada.userId, name: 'Ada Lovelace' },
    });

    const put = await call(ada, 'PUT', `/api/v1/drafts/${first.id}`, {
      text: 'An older idea, reworked',
      platforms: ['linkedin'],
      revision: 1,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().revision).toBe(2);

    const listed = await call(ada, 'GET', '/api/v1/drafts');
    expect(listed.json().total).toBe(2);
    expect(listed.json().drafts.map((draft: { text: string }) => draft.text)).toEqual(['An older idea, reworked', 'Launch day notes']);

    // A save that leaves optional fields out keeps them; null clears one.
    await call(ada, 'PUT', `/api/v1/drafts/${saved.id}`, { text: 'Launch day notes!', platforms: ['x', 'linkedin'], revision: 1 });
    const kept = (await call(ada, 'GET', `/api/v1/drafts/${saved.id}`)).json().draft;
    expect(kept).toMatchObject({ text: 'Launch day notes!', perPlatform: { x: 'Short for X' }, scheduledAt: when, revision: 2 });
    await call(ada, 'PUT', `/api/v1/drafts/${saved.id}`, { text: 'Launch day notes!', platforms: ['x'], scheduledAt: null, revision: 2 });
    expect((await call(ada, 'GET', `/api/v1/drafts/${saved.id}`)).json().draft.scheduledAt).toBeNull();

    expect((await call(ada, 'DELETE', `/api/v1/drafts/${saved.id}`)).statusCode).toBe(204);
    expect((await call(ada, 'GET', `/api/v1/drafts/${saved.id}`)).statusCode).toBe(404);
    expect((await call(ada, 'DELETE', `/api/v1/drafts/${saved.id}`)).statusCode).toBe(404);
    expect((await call(ada, 'DELETE', `/api/v1/drafts/${first.id}`)).statusCode).toBe(204);
  });

  it("answers 404 for another workspace's draft, and changes nothing of it", async () => {
    const secret = await create(ada, { text: 'Team secret plan', platforms: ['x'] }, team);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { text: 'Overwritten', platforms: [], revision: 1 }],
      ['DELETE', undefined],
    ] as const) {
      // Grace's personal workspace, not the team's.
      const response = await call(grace, method, `/api/v1/drafts/${secret.id}`, payload);
      expect(response.statusCode, `${method} ${response.body}`).toBe(404);
      expect(response.body).not.toContain('Team secret plan');
    }
    expect((await upload(grace, secret.id)).statusCode).toBe(404);
    expect((await call(grace, 'GET', '/api/v1/drafts')).json()).toEqual({ drafts: [], total: 0 });
    const still = (await call(ada, 'GET', `/api/v1/drafts/${secret.id}`, undefined, team)).json().draft;
    expect(still).toMatchObject({ text: 'Team secret plan', revision: 1, image: null });
  });

  it('lets a viewer read the workspace’s drafts but not write them (403)', async () => {
    const draft = await create(ada, { text: 'For the team to see', platforms: ['linkedin'] }, team);
    const listed = await call(grace, 'GET', '/api/v1/drafts', undefined, team);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().drafts.map((found: { id: string }) => found.id)).toContain(draft.id);
    expect((await call(grace, 'GET', `/api/v1/drafts/${draft.id}`, undefined, team)).statusCode).toBe(200);
    const writes = [
      await call(grace, 'POST', '/api/v1/drafts', { text: 'Mine', platforms: [] }, team),
      await call(grace, 'PUT', `/api/v1/drafts/${draft.id}`, { text: 'Changed', platforms: [], revision: 1 }, team),
      await call(grace, 'DELETE', `/api/v1/drafts/${draft.id}`, undefined, team),
      await upload(grace, draft.id, team),
    ];
    expect(writes.map((response) => response.statusCode)).toEqual([403, 403, 403, 403]);
    expect((await call(ada, 'GET', `/api/v1/drafts/${draft.id}`, undefined, team)).json().draft.text).toBe('For the team to see');
  });

  it('refuses a save made on an older revision with 409 and the newer draft, and keeps the newer text', async () => {
    const draft = await create(ada, { text: 'Typed in the first tab', platforms: ['x'] });
    const secondTab = await call(ada, 'PUT', `/api/v1/drafts/${draft.id}`, {
      text: 'Typed in the second tab',
      platforms: ['x'],
      revision: 1,
    });
    expect(secondTab.json().revision).toBe(2);

    const firstTab = await call(ada, 'PUT', `/api/v1/drafts/${draft.id}`, { text: 'The first tab again', platforms: ['x'], revision: 1 });
    expect(firstTab.statusCode).toBe(409);
    expect(firstTab.json()).toMatchObject({
      error: { code: 'conflict', message: expect.stringContaining('changed in another tab') },
      draft: { id: draft.id, text: 'Typed in the second tab', revision: 2 },
    });
    expect((await call(ada, 'GET', `/api/v1/drafts/${draft.id}`)).json().draft.text).toBe('Typed in the second tab');
    // Saving on the revision it was shown keeps the person's own text, knowingly.
    const overwrite = await call(ada, 'PUT', `/api/v1/drafts/${draft.id}`, { text: 'The first tab again', platforms: ['x'], revision: 2 });
    expect(overwrite.statusCode).toBe(200);
  });

  it('refuses what a draft cannot hold with a 4xx a person can act on', async () => {
    const tooLong = await call(ada, 'POST', '/api/v1/drafts', { text: 'a'.repeat(2001), platforms: ['x'] });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toMatch(/up to 2000 characters/);
    const badNetwork = await call(ada, 'POST', '/api/v1/drafts', { text: 'Hi', platforms: ['myspace'] });
    expect(badNetwork.statusCode).toBe(400);
    const foreignImage = await call(ada, 'POST', '/api/v1/drafts', {
      text: 'Hi',
      platforms: [],
      mediaId: '00000000-0000-4000-8000-000000000000',
    });
    expect(foreignImage.statusCode).toBe(400);
    expect(foreignImage.json().error.message).toMatch(/image is not in this workspace/);
    const badZone = await call(ada, 'POST', '/api/v1/drafts', { text: 'Hi', platforms: [], timeZone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
  });

  it(`keeps at most ${DRAFTS_PER_WORKSPACE} drafts in a workspace, refusing the next with a clear 409`, async () => {
    const crowded = (await t.services.workspaces.create(ada.userId, { name: 'Crowded' })).id;
    await t.database.db.query(
      `INSERT INTO drafts (workspace_id, created_by, text) SELECT $1, $2, 'idea ' || n FROM generate_series(1, $3) n`,
      [crowded, ada.userId, DRAFTS_PER_WORKSPACE],
    );
    const refused = await call(ada, 'POST', '/api/v1/drafts', { text: 'One more', platforms: [] }, crowded);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/already keeps 500 drafts.*Delete or schedule some/);
    expect((await call(ada, 'GET', '/api/v1/drafts?limit=1', undefined, crowded)).json().total).toBe(DRAFTS_PER_WORKSPACE);
  });

  it('publishing with draftId turns the draft into the post: the draft is gone, and its image is the post’s', async () => {
    const draft = await create(ada, { text: 'Ship it', platforms: ['x'] });
    const image = (await upload(ada, draft.id)).json() as { image: { id: string } };
    const response = await publish(ada, {
      enhancedContent: { x: 'Ship it' },
      platforms: ['x'],
      ...utcParts(inADay()),
      isScheduled: true,
      draftId: draft.id,
      mediaId: image.image.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().posts[0].media_urls).toEqual([expect.stringContaining(`/media/${image.image.id}`)]);
    expect((await call(ada, 'GET', `/api/v1/drafts/${draft.id}`)).statusCode).toBe(404);
    expect(await mediaExists(image.image.id)).toBe(true);
  });

  it('keeps the draft when the publish is refused, and POST /posts deletes it too', async () => {
    const draft = await create(ada, { text: 'Too late', platforms: ['x'] });
    const refused = await publish(ada, {
      enhancedContent: { x: 'Too late' },
      platforms: ['x'],
      ...utcParts(new Date(Date.now() - 3_600_000)),
      isScheduled: true,
      draftId: draft.id,
    });
    expect(refused.statusCode).toBe(400);
    expect((await call(ada, 'GET', `/api/v1/drafts/${draft.id}`)).json().draft.text).toBe('Too late');

    const created = await call(ada, 'POST', '/posts', {
      text: 'Too late, now on time',
      platforms: ['x'],
      scheduledFor: inADay().toISOString(),
      draftId: draft.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await call(ada, 'GET', `/api/v1/drafts/${draft.id}`)).statusCode).toBe(404);
  });

  it('deletes the draft in the transaction that creates the post: when that transaction fails, the draft stays', async () => {
    const draft = await create(ada, { text: 'Both or neither', platforms: ['x'] });
    // The last statement of the post's transaction fails (a trigger on the draft's deletion), after the post was written.
    await t.database.db.query(`CREATE FUNCTION refuse_draft_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
    await t.database.db.query(
      `CREATE TRIGGER refuse_draft_delete BEFORE DELETE ON drafts FOR EACH ROW EXECUTE FUNCTION refuse_draft_delete()`,
    );
    const postsBefore = (await t.database.db.query('SELECT count(*)::int AS n FROM posts')).rows[0]?.n;
    try {
      const response = await publish(ada, {
        enhancedContent: { x: 'Both or neither' },
        platforms: ['x'],
        ...utcParts(inADay()),
        isScheduled: true,
        draftId: draft.id,
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.database.db.query('DROP TRIGGER refuse_draft_delete ON drafts; DROP FUNCTION refuse_draft_delete()');
    }
    expect((await t.database.db.query('SELECT count(*)::int AS n FROM posts')).rows[0]?.n).toBe(postsBefore);
    expect((await call(ada, 'GET', `/api/v1/drafts/${draft.id}`)).json().draft.text).toBe('Both or neither');
  });

  it('keeps an image while a draft uses it, and deletes it with the draft or when replaced', async () => {
    const draft = await create(ada, { text: 'With a picture', platforms: ['x'] });
    const first = (await upload(ada, draft.id)).json() as { image: { id: string }; revision: number };
    expect(first.revision).toBe(2);
    // The nightly sweep of images nothing uses, with every image counted as old enough.
    await t.services.media.sweepUnreferenced(new Date(Date.now() + 86_400_000), 100);
    expect(await mediaExists(first.image.id)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/media/${first.image.id}` })).statusCode).toBe(200);

    // A post showing the same image is deleted: the draft still shows it.
    const post = await publish(ada, {
      enhancedContent: { x: 'Same picture' },
      platforms: ['x'],
      ...utcParts(inADay()),
      isScheduled: true,
      mediaId: first.image.id,
    });
    expect(post.statusCode, post.body).toBe(201);
    expect((await call(ada, 'DELETE', `/content/${post.json().posts[0].id}`)).statusCode).toBe(204);
    expect(await mediaExists(first.image.id)).toBe(true);
    expect((await call(ada, 'GET', `/api/v1/drafts/${draft.id}`)).json().draft.image).toEqual({
      id: first.image.id,
      url: expect.stringMatching(new RegExp(`/media/${first.image.id}$`)),
    });

    const second = (await upload(ada, draft.id)).json() as { image: { id: string } };
    expect(await mediaExists(first.image.id)).toBe(false);
    await call(ada, 'PUT', `/api/v1/drafts/${draft.id}`, { text: 'No picture after all', platforms: ['x'], mediaId: null, revision: 3 });
    expect(await mediaExists(second.image.id)).toBe(false);

    const third = await create(ada, { text: 'Another picture', platforms: [] });
    const thirdImage = (await upload(ada, third.id)).json() as { image: { id: string } };
    await call(ada, 'DELETE', `/api/v1/drafts/${third.id}`);
    expect(await mediaExists(thirdImage.image.id)).toBe(false);
  });

  it('keeps several files in order with their alt texts, and forgets one the draft drops (decision 147)', async () => {
    const uploadMedia = async (color: string) => ({ id: await uploadSquare(t, ada, color) });
    const [red, blue] = [await uploadMedia('#ff0000'), await uploadMedia('#0000ff')];
    const draft = await create(ada, {
      text: 'Two pictures',
      platforms: ['x'],
      media: [
        { id: blue.id, alt: 'Blue' },
        { id: red.id, alt: 'Red' },
      ],
    });
    const saved = (await call(ada, 'GET', `/api/v1/drafts/${draft.id}`)).json().draft;
    expect(
      saved.media.map((file: { id: string; alt: string; kind: string; fileName: string }) => [file.id, file.alt, file.kind, file.fileName]),
    ).toEqual([
      [blue.id, 'Blue', 'image', '0000ff.png'],
      [red.id, 'Red', 'image', 'ff0000.png'],
    ]);
    expect(saved.image.id).toBe(blue.id);

    const kept = await call(ada, 'PUT', `/api/v1/drafts/${draft.id}`, {
      text: 'One picture',
      platforms: ['x'],
      media: [{ id: red.id, alt: 'Only red' }],
      revision: draft.revision,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await mediaExists(blue.id)).toBe(false);
    expect((await call(ada, 'GET', `/api/v1/drafts/${draft.id}`)).json().draft.media).toMatchObject([{ id: red.id, alt: 'Only red' }]);
  });
});
