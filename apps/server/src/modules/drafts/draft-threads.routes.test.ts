import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { uploadSquare } from '../../../test/helpers/upload-media';

/** A draft keeps its X threads and LinkedIn first comments (issue 22; docs/product.md, Drafts). */
describe('drafts with threads and first comments', () => {
  let t: TestApp;
  let ada: TestSession;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: ada.headers, ...(payload ? { payload } : {}) });
  const uploadMedia = (color: string) => uploadSquare(t, ada, color);
  const mediaExists = async (id: string) => (await t.database.db.query('SELECT 1 FROM media WHERE id = $1', [id])).rowCount === 1;
  const sweepEverythingUnused = () => t.services.media.sweepUnreferenced(new Date(Date.now() + 86_400_000), 100);

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    ada = await signUp(t, 'Ada Lovelace');
  });
  afterAll(() => t.close());

  it('saves a thread with an image on part 2 and a first comment, and reads them back; the image outlives the sweep', async () => {
    const own = await uploadMedia('#00ff00');
    const onPart = await uploadMedia('#ff00ff');
    const channel = '5b0e7a52-4a8e-4c7e-9d0f-3f1c2b9a8e11';
    const threads = {
      x: {
        numbered: true,
        parts: [
          { text: 'Launch day, a thread', media: [] },
          { text: 'Here is the new dashboard', media: [{ id: onPart, alt: 'The dashboard in pink' }] },
          { text: 'Thanks for reading', media: [] },
        ],
      },
      [channel]: { numbered: false, parts: [{ text: 'Our own words', media: [] }] },
    };
    const firstComments = { linkedin: 'Sign up at example.com', [channel]: 'A comment of its own' };
    const created = await call('POST', '/api/v1/drafts', {
      text: 'Launch day, a thread\n---\nHere is the new dashboard\n---\nThanks for reading',
      platforms: ['x', 'linkedin'],
      media: [{ id: own, alt: 'Green' }],
      details: { threads, firstComments },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };

    await sweepEverythingUnused();
    expect(await mediaExists(onPart)).toBe(true);

    const draft = (await call('GET', `/api/v1/drafts/${id}`)).json().draft;
    expect(draft.details).toEqual({ threads, firstComments });
    // The draft's own files stay its own; the part's image is named apart, to draw it again.
    expect(draft.media.map((file: { id: string; alt: string }) => [file.id, file.alt])).toEqual([[own, 'Green']]);
    expect(draft.threadMedia).toEqual([
      expect.objectContaining({
        id: onPart,
        kind: 'image',
        fileName: 'ff00ff.png',
        url: expect.stringMatching(new RegExp(`/media/${onPart}$`)),
      }),
    ]);

    // Dropping the thread lets its image go; the draft's own file stays.
    const dropped = await call('PUT', `/api/v1/drafts/${id}`, {
      text: 'One post after all',
      platforms: ['x'],
      details: {},
      revision: draft.revision,
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(await mediaExists(onPart)).toBe(false);
    expect(await mediaExists(own)).toBe(true);
  });

  it('refuses a thread it cannot keep with a 400 naming the field', async () => {
    const part = { text: 'A part', media: [] };
    const tooMany = await call('POST', '/api/v1/drafts', {
      text: 'Long thread',
      platforms: ['x'],
      details: { threads: { x: { numbered: false, parts: Array.from({ length: 26 }, () => part) } } },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toMatch(/up to 25 parts/);
    expect(JSON.stringify(tooMany.json().error.fields)).toContain('details.threads.x.parts');

    const longComment = await call('POST', '/api/v1/drafts', {
      text: 'Hi',
      platforms: ['linkedin'],
      details: { firstComments: { linkedin: 'a'.repeat(1251) } },
    });
    expect(longComment.statusCode).toBe(400);
    expect(longComment.json().error.message).toMatch(/first comment can be up to 1,250 characters/);

    const foreignImage = await call('POST', '/api/v1/drafts', {
      text: 'Hi',
      platforms: ['x'],
      details: {
        threads: { x: { numbered: false, parts: [{ text: 'Hi', media: [{ id: '00000000-0000-4000-8000-000000000000', alt: '' }] }] } },
      },
    });
    expect(foreignImage.statusCode).toBe(400);
    expect(foreignImage.json().error.fields).toEqual({ 'details.threads': 'Unknown image' });
  });
});
