import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../test/helpers/factories';
import { multipart } from '../../../test/helpers/multipart';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/** A day this many days ahead, as YYYY-MM-DD (UTC). */
const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);

describe('bulk import from CSV (POST /api/v1/posts/import)', () => {
  let t: TestApp;
  let person: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    person = await signUp(t, 'Ada Importer');
    await createSocialAccount(t.services, person.userId, { network: 'x' });
    await createSocialAccount(t.services, person.userId, { network: 'linkedin' });
  });
  afterAll(() => t.close());

  const count = async (table: string) =>
    (await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n ?? 0;
  const upload = (file: string | Buffer, dryRun: boolean, range = '') => {
    const body = multipart([{ name: 'file', value: file, filename: 'posts.csv', type: 'text/csv' }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/import?dryRun=${dryRun}${range}`,
      payload: body.payload,
      headers: { ...person.headers, ...body.headers },
    });
  };

  it('checks every row on a dry run, reporting the bad one by line and column, and creates nothing', async () => {
    const file = [
      'text,platforms,scheduled_at,image_url',
      `Launch day!,x;linkedin,${day(3)} 09:00,`,
      `"A note, with a comma",linkedin,${day(4)}T12:30:00+02:00,https://example.com/a.png`,
      `Wrong network,facebook,${day(5)} 10:00,`,
    ].join('\n');
    const response = await upload(file, true);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ dryRun: true, created: 0, failed: 1 });
    expect(body.rows).toEqual([
      expect.objectContaining({
        line: 2,
        ok: true,
        platforms: ['x', 'linkedin'],
        text: 'Launch day!',
        scheduledAt: `${day(3)}T09:00:00.000Z`,
      }),
      expect.objectContaining({
        line: 3,
        ok: true,
        scheduledAt: `${day(4)}T10:30:00.000Z`,
        warnings: [expect.stringMatching(/image address is not fetched/)],
      }),
      expect.objectContaining({
        line: 4,
        ok: false,
        error: { column: 'platforms', message: '"facebook" is not a network Postflow posts to. Use x, linkedin, or both as x;linkedin.' },
      }),
    ]);
    expect(body.rows[0].postId).toBeUndefined();
    expect(await count('posts')).toBe(0);
    expect(await count('post_import_rows')).toBe(0);
  });

  it('creates the valid rows on a real run, in the person’s time zone, reports the others, and never creates a row twice', async () => {
    await t.database.db.query(`UPDATE users SET time_zone = 'America/New_York' WHERE id = $1`, [person.userId]);
    const before = await count('posts');
    const file = Buffer.from(
      [
        '\uFEFFtext;platforms;scheduled_at',
        `"Morning in New York";x;${day(10)} 09:00`,
        `${'a'.repeat(5000)};linkedin;${day(10)} 10:00`,
        `=cmd|' /C calc'!A0;x;${day(10)} 11:00`,
        `Yesterday;x;${day(-1)} 11:00`,
        `"Two\r\nlines";linkedin;${day(11)} 08:15`,
        '',
      ].join('\r\n'),
    );
    const first = await upload(file, false);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ dryRun: false, created: 2, failed: 3 });
    const [morning, long, formula, past, twoLines] = body.rows;
    const ny = await t.database.db.query<{ at: Date }>(`SELECT ($1::timestamp AT TIME ZONE 'America/New_York') AS at`, [
      `${day(10)} 09:00`,
    ]);
    expect(morning).toMatchObject({ line: 2, ok: true, scheduledAt: (ny.rows[0]?.at as Date).toISOString() });
    expect(long).toMatchObject({
      line: 3,
      ok: false,
      error: { column: 'text', message: expect.stringMatching(/5,000 characters; posts can be up to 2,000/) },
    });
    expect(formula).toMatchObject({
      line: 4,
      ok: false,
      text: '',
      error: { column: 'text', message: expect.stringMatching(/formula injection/) },
    });
    expect(past).toMatchObject({ line: 5, ok: false, error: { column: 'scheduled_at', message: expect.stringMatching(/in the past/) } });
    expect(twoLines).toMatchObject({ line: 6, ok: true });

    const stored = await t.database.db.query<{ text: string; network: string; zone: string; status: string }>(
      `SELECT t.text, t.network, p.time_zone AS zone, t.status FROM post_targets t JOIN posts p ON p.id = t.post_id WHERE p.id = ANY($1) ORDER BY t.scheduled_at`,
      [[morning.postId, twoLines.postId]],
    );
    expect(stored.rows).toEqual([
      { text: 'Morning in New York', network: 'x', zone: 'America/New_York', status: 'scheduled' },
      { text: 'Two\r\nlines', network: 'linkedin', zone: 'America/New_York', status: 'scheduled' },
    ]);
    expect(await count('posts')).toBe(before + 2);

    // Sent again (a retry after a cut connection): the rows already created are not created twice.
    const again = (await upload(file, false)).json();
    expect(again).toMatchObject({ created: 0, failed: 3 });
    expect(again.rows[0]).toMatchObject({
      ok: true,
      postId: morning.postId,
      warnings: ['Already imported from this file: not created again.'],
    });
    expect(await count('posts')).toBe(before + 2);
    await t.database.db.query(`UPDATE users SET time_zone = NULL WHERE id = $1`, [person.userId]);
  });

  it('creates only the rows of the lines asked for, so the page can send a large file in parts', async () => {
    const before = await count('posts');
    const file = ['text,platforms,scheduled_at', ...[1, 2, 3, 4].map((n) => `Part ${n},x,${day(6)} 0${n}:00`)].join('\n');
    const part = (await upload(file, false, '&fromLine=3&toLine=4')).json();
    expect(part.rows.map((row: { line: number }) => row.line)).toEqual([3, 4]);
    expect(part.created).toBe(2);
    const rest = (await upload(file, false)).json();
    expect(rest.created).toBe(2);
    expect(
      rest.rows
        .filter((row: { warnings?: string[] }) => row.warnings?.[0]?.startsWith('Already imported'))
        .map((row: { line: number }) => row.line),
    ).toEqual([3, 4]);
    expect(await count('posts')).toBe(before + 4);
    expect((await upload(file, false, '&fromLine=4&toLine=3')).statusCode).toBe(400);
  });

  it("imports an editor's rows in a team workspace as waiting for approval, as the composer does", async () => {
    const team = (await t.services.workspaces.create(person.userId, { name: 'Launch team' })).id;
    await t.database.db.query('UPDATE workspaces SET require_approval = true WHERE id = $1', [team]);
    const editor = await signUp(t, 'Eddie Editor');
    await t.database.db.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'editor')`, [
      team,
      editor.userId,
    ]);
    await createSocialAccount(t.services, team, { network: 'linkedin' });
    const body = multipart([
      { name: 'file', value: `text,platforms,scheduled_at\nFor review,linkedin,${day(9)} 09:00\n`, filename: 'team.csv' },
    ]);
    const send = (dryRun: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/posts/import?dryRun=${dryRun}`,
        payload: body.payload,
        headers: { ...editor.headers, ...body.headers, 'x-workspace-id': team },
      });
    const waits = 'Waits for an owner or admin of the workspace to approve it.';
    expect((await send(true)).json().rows[0]).toMatchObject({ ok: true, warnings: [waits] });
    const real = (await send(false)).json();
    expect(real.rows[0]).toMatchObject({ ok: true, warnings: [waits] });
    const stored = await t.database.db.query<{ status: string; workspace: string }>(
      'SELECT status, workspace_id AS workspace FROM post_targets WHERE post_id = $1',
      [real.rows[0].postId],
    );
    expect(stored.rows).toEqual([{ status: 'pending_approval', workspace: team }]);
  });

  it('puts rows without a date in the queue: the next free posting slots, one row after another', async () => {
    const accounts = await t.app.inject({ method: 'GET', url: '/auth/accounts', headers: person.headers });
    const xAccount = (accounts.json().socials as Array<{ id: string; provider: string }>).find((account) => account.provider === 'x');
    const slots = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/accounts/${xAccount?.id}/slots`,
      headers: person.headers,
      payload: { timeZone: 'UTC', slots: [{ day: 'mon', time: '09:00' }] },
    });
    expect(slots.statusCode, slots.body).toBe(200);
    const file = 'text,platforms,scheduled_at\nQueue me,x,\nQueue me too,x,\n';
    const dry = (await upload(file, true)).json();
    expect(dry.rows[0]).toMatchObject({ line: 2, ok: true, queue: true });
    expect(dry.rows[0].scheduledAt).toBeUndefined();
    const real = (await upload(file, false)).json();
    expect(real).toMatchObject({ created: 2, failed: 0 });
    const [first, second] = real.rows.map((row: { scheduledAt: string }) => new Date(row.scheduledAt));
    // Two Mondays at 09:00 UTC in a row: each row took the next free slot.
    expect([first?.getUTCDay(), first?.getUTCHours(), second?.getUTCDay()]).toEqual([1, 9, 1]);
    expect((second?.getTime() ?? 0) - (first?.getTime() ?? 0)).toBe(7 * 86_400_000);
  });

  it('refuses files it cannot read with a 4xx saying what to do', async () => {
    const cases: Array<[string | Buffer, number, RegExp]> = [
      [Buffer.from([0x74, 0x65, 0x78, 0x74, 0x0a, 0x43, 0x61, 0x66, 0xe9, 0x0a]), 400, /not UTF-8.*CSV UTF-8/],
      ['', 400, /The file is empty\. Its first line must be the header: text,platforms,scheduled_at,image_url/],
      [
        'body,networks,when\nHi,x,\n',
        400,
        /must be the header: text, platforms, scheduled_at and optionally image_url.*without text, platforms, scheduled_at/,
      ],
      ['text,platforms,scheduled_at\n', 400, /header but no rows/],
      ['text,platforms,scheduled_at\n"Hi,x,\n', 400, /Line 2 opens a quoted field/],
    ];
    for (const [file, status, message] of cases) {
      const response = await upload(file, true);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toMatch(message);
    }
  });

  it('checks 10,000 rows quickly and refuses 10,001 before checking them', async () => {
    const rows = (n: number) =>
      ['text,platforms,scheduled_at', ...Array.from({ length: n }, (_, i) => `Post ${i},x,${day(20)} 09:00`)].join('\n');
    const started = performance.now();
    const full = await upload(rows(10_000), true);
    const elapsed = performance.now() - started;
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ failed: 0 });
    expect(full.json().rows).toHaveLength(10_000);
    expect(elapsed).toBeLessThan(5_000);

    const over = await upload(rows(10_001), true);
    expect(over.statusCode).toBe(413);
    expect(over.json().error.message).toMatch(/more than 10,000 rows/);
  });

  it('refuses a file over 5 MB with 413 as it arrives', async () => {
    const response = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 'a'), true);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toMatch(/larger than 5 MB/);
  });

  it('refuses a call that is not multipart, or without dryRun', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/posts/import?dryRun=true', payload: {}, headers: person.headers });
    expect(json.statusCode).toBe(415);
    const body = multipart([{ name: 'file', value: 'text,platforms,scheduled_at\n', filename: 'a.csv' }]);
    const noFlag = await t.app.inject({
      method: 'POST',
      url: '/api/v1/posts/import',
      payload: body.payload,
      headers: { ...person.headers, ...body.headers },
    });
    expect(noFlag.statusCode).toBe(400);
    expect(noFlag.json().error.message).toMatch(/dryRun must be 'true'/);
  });
});

describe('bulk import with PLAN_LIMITS=on', () => {
  let t: TestApp;
  let person: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ worker: false, env: { PLAN_LIMITS: 'on' } });
    person = await signUp(t, 'Planned Person');
    await createSocialAccount(t.services, person.userId, { network: 'x' });
  });
  afterAll(() => t.close());

  const upload = (file: string, dryRun: boolean) => {
    const body = multipart([{ name: 'file', value: file, filename: 'posts.csv' }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/import?dryRun=${dryRun}`,
      payload: body.payload,
      headers: { ...person.headers, ...body.headers },
    });
  };
  const file = ['text,platforms,scheduled_at', ...Array.from({ length: 52 }, (_, i) => `Post ${i},x,${day(2)} 09:00`)].join('\n');

  it('refuses a plan without bulk scheduling with 403, naming the plans that include it', async () => {
    await t.database.db.query(`UPDATE workspaces SET plan = 'pro' WHERE id = $1`, [person.userId]);
    const response = await upload(file, true);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(
      "Bulk scheduling is not part of your Creator plan. Scale and Agency include it: ask the instance's operator to change this workspace's plan.",
    );
  });

  it('lets a plan with bulk scheduling import, up to its daily post limit, the dry run saying so first', async () => {
    await t.database.db.query(`UPDATE workspaces SET plan = 'business' WHERE id = $1`, [person.userId]);
    const dry = (await upload(file, true)).json();
    expect(dry).toMatchObject({ created: 0, failed: 2 });
    expect(dry.rows[50]).toMatchObject({
      line: 52,
      ok: false,
      error: { column: null, message: expect.stringMatching(/daily post limit: its plan allows 50 more posts today/) },
    });
    const real = (await upload(file, false)).json();
    expect(real).toMatchObject({ created: 50, failed: 2 });
    expect(real.rows[51]).toMatchObject({
      ok: false,
      error: { column: null, message: expect.stringMatching(/Scale plan allows 50 posts a day/) },
    });
  });
});
