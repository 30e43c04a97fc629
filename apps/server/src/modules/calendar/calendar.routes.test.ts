import type { CalendarResponse } from '@postflow/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSession } from '../../../test/helpers/session';
import { personWithAccounts } from '../../../test/helpers/person-with-accounts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('GET /api/v1/calendar', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
  });
  afterAll(() => t.close());

  /** A person with an X and a LinkedIn account, and a helper that writes their targets. */
  async function person(name = 'Ada Lovelace') {
    const { session, x, linkedin, post } = await personWithAccounts(t, name, { x: 'ada_x', linkedin: 'ada-li' });
    const draft = async (text: string, at: Date | null, platforms = ['x']) =>
      (
        await t.database.db.query<{ id: string }>(
          `INSERT INTO drafts (workspace_id, created_by, text, platforms, scheduled_at, time_zone) VALUES ($1, $1, $2, $3, $4, 'Europe/Berlin') RETURNING id`,
          [session.userId, text, platforms, at],
        )
      ).rows[0]?.id as string;
    return { session, x, linkedin, post, draft };
  }

  const ask = (session: TestSession, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/calendar?${query}`, headers: session.headers });
  const calendar = async (session: TestSession, query: string) => {
    const response = await ask(session, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CalendarResponse;
  };
  const range = (start: Date, end: Date, extra = '') => `start=${start.toISOString()}&end=${end.toISOString()}${extra}`;
  const texts = (answer: CalendarResponse) => answer.items.map((item) => item.text);

  it('answers posts of every status by their time, published ones by their publish time, and dated drafts', async () => {
    const ada = await person();
    const grace = await person('Grace Hopper');
    const start = new Date(Date.UTC(2030, 2, 1));
    const end = new Date(Date.UTC(2030, 3, 1));
    const inside = (days: number) => new Date(start.getTime() + days * DAY + 9 * HOUR);
    await ada.post({ network: 'x', at: inside(1), status: 'scheduled', text: 'Scheduled' });
    await ada.post({ network: 'linkedin', at: inside(2), status: 'failed', text: 'Failed', failureReason: 'Refused' });
    await ada.post({ network: 'x', at: inside(3), status: 'missed', text: 'Missed' });
    await ada.post({ network: 'x', at: inside(4), status: 'pending_approval', text: 'Waiting' });
    // Planned before the range, published inside it: shown, at its publish time.
    await ada.post({
      network: 'x',
      at: inside(5),
      scheduledAt: new Date(start.getTime() - DAY),
      status: 'published',
      text: 'Went out late',
    });
    // Planned inside, published after the range: not shown.
    await ada.post({ network: 'x', at: new Date(end.getTime() + HOUR), scheduledAt: inside(6), status: 'published', text: 'Out after' });
    await ada.post({ network: 'x', at: new Date(end.getTime()), status: 'scheduled', text: 'At the end, excluded' });
    await ada.post({ network: 'x', at: start, status: 'scheduled', text: 'At the start, included' });
    await ada.draft('A dated draft', inside(7), ['x', 'linkedin']);
    await ada.draft('An undated draft', null);
    await grace.post({ network: 'x', at: inside(1), status: 'scheduled', text: 'Not Ada’s' });
    await grace.draft('Not Ada’s draft', inside(1));

    const answer = await calendar(ada.session, range(start, end, '&timeZone=UTC'));

    expect(texts(answer)).toEqual(['At the start, included', 'Scheduled', 'Failed', 'Missed', 'Waiting', 'Went out late', 'A dated draft']);
    expect(answer.more).toEqual([]);
    expect(answer.timeZone).toBe('UTC');
    const late = answer.items.find((item) => item.text === 'Went out late');
    expect(late).toMatchObject({
      kind: 'post',
      status: 'published',
      at: inside(5).toISOString(),
      publishedAt: inside(5).toISOString(),
      scheduledAt: new Date(start.getTime() - DAY).toISOString(),
      platforms: ['x'],
      timeZone: 'UTC',
      account: { username: 'ada_x' },
      author: { id: ada.session.userId, name: 'Ada Lovelace' },
      platformUrl: expect.stringMatching(/^https:\/\//),
    });
    expect(answer.items.find((item) => item.text === 'Failed')).toMatchObject({
      status: 'failed',
      failureReason: 'Refused',
      platforms: ['linkedin'],
    });
    expect(answer.items.find((item) => item.text === 'Waiting')?.status).toBe('pending_approval');
    expect(answer.items.at(-1)).toMatchObject({
      kind: 'draft',
      status: 'draft',
      platforms: ['x', 'linkedin'],
      at: inside(7).toISOString(),
      postId: null,
      timeZone: 'Europe/Berlin',
    });
  });

  it('filters by network and by account (drafts have no account yet)', async () => {
    const ada = await person();
    const start = new Date(Date.UTC(2030, 5, 1));
    const end = new Date(start.getTime() + 7 * DAY);
    await ada.post({ network: 'x', at: new Date(start.getTime() + HOUR), status: 'scheduled', text: 'On X' });
    await ada.post({ network: 'linkedin', at: new Date(start.getTime() + 2 * HOUR), status: 'scheduled', text: 'On LinkedIn' });
    await ada.draft('Draft for LinkedIn', new Date(start.getTime() + 3 * HOUR), ['linkedin']);

    expect(texts(await calendar(ada.session, range(start, end, '&network=x')))).toEqual(['On X']);
    expect(texts(await calendar(ada.session, range(start, end, '&network=linkedin')))).toEqual(['On LinkedIn', 'Draft for LinkedIn']);
    expect(texts(await calendar(ada.session, range(start, end, `&accountId=${ada.linkedin}`)))).toEqual(['On LinkedIn']);
  });

  it('filters by channel, and shows each post as its channel', async () => {
    const ada = await person();
    const start = new Date(Date.UTC(2030, 5, 1));
    const end = new Date(start.getTime() + 7 * DAY);
    await ada.post({ network: 'x', at: new Date(start.getTime() + HOUR), status: 'scheduled', text: 'On X' });
    await ada.post({ network: 'linkedin', at: new Date(start.getTime() + 2 * HOUR), status: 'scheduled', text: 'On LinkedIn' });
    const { rows } = await t.database.db.query<{ id: string; name: string }>(
      "SELECT id, name FROM channels WHERE account_id = $1 AND kind = 'person'",
      [ada.x],
    );
    const channel = rows[0] as { id: string; name: string };
    const answer = await calendar(ada.session, range(start, end, `&channelId=${channel.id}`));
    expect(texts(answer)).toEqual(['On X']);
    expect(answer.items[0]?.channel).toMatchObject({ name: channel.name, channel_id: channel.id });
  });

  it("cuts days in the person's zone and answers at most perDay posts a day, with the count of the rest", async () => {
    const ada = await person();
    // Berlin's spring change, Sunday 29 March 2026: that day has 23 hours.
    const start = new Date('2026-03-28T23:00:00Z'); // midnight of the 29th in Berlin (CET)
    const end = new Date('2026-03-30T22:00:00Z'); // midnight of the 31st (CEST)
    // 23:30 UTC on the 29th is 01:30 on the 30th in Berlin: the 30th's post.
    for (const minute of [0, 10, 20])
      await ada.post({ network: 'x', at: new Date(Date.UTC(2026, 2, 29, 7, minute)), status: 'scheduled', text: `29th ${minute}` });
    await ada.post({ network: 'x', at: new Date('2026-03-29T23:30:00Z'), status: 'scheduled', text: '30th early' });

    const answer = await calendar(ada.session, range(start, end, '&timeZone=Europe/Berlin&perDay=2'));

    expect(texts(answer)).toEqual(['29th 0', '29th 10', '30th early']);
    expect(answer.more).toEqual([{ start: start.toISOString(), end: '2026-03-29T22:00:00.000Z', count: 1, exact: true }]);
  });

  it('counts a crowded day up to a cap and says the count is a floor', async () => {
    const ada = await person();
    const at = new Date(Date.UTC(2030, 8, 2, 9));
    const first = await ada.post({ network: 'x', at, status: 'scheduled', text: 'Crowded' });
    await t.database.db.query(
      `INSERT INTO post_targets (post_id, workspace_id, account_id, network, text, media_ids, status, scheduled_at, due_at)
       SELECT post_id, workspace_id, account_id, network, 'Crowded ' || k, media_ids, status, scheduled_at + k * interval '1 minute',
         due_at + k * interval '1 minute'
       FROM post_targets, generate_series(1, 130) k WHERE id = $1`,
      [first],
    );
    const answer = await calendar(
      ada.session,
      range(new Date(Date.UTC(2030, 8, 2)), new Date(Date.UTC(2030, 8, 3)), '&timeZone=UTC&perDay=2'),
    );
    expect(answer.items).toHaveLength(2);
    expect(answer.more).toEqual([{ start: '2030-09-02T00:00:00.000Z', end: '2030-09-03T00:00:00.000Z', count: 98, exact: false }]);
  });

  it("uses the person's own zone when the call names none", async () => {
    const ada = await person();
    await t.database.db.query(`UPDATE users SET time_zone = 'America/New_York' WHERE id = $1`, [ada.session.userId]);
    const start = new Date('2030-01-01T05:00:00Z');
    expect((await calendar(ada.session, range(start, new Date(start.getTime() + DAY)))).timeZone).toBe('America/New_York');
  });

  it('refuses a range it cannot read with a message that says what to send', async () => {
    const { session } = await person();
    const cases: Array<[string, RegExp]> = [
      ['start=yesterday&end=2030-01-02T00:00:00Z', /start must be a date-time/],
      ['start=2030-01-01T00:00:00Z', /end is required/],
      ['start=2030-01-02T00:00:00Z&end=2030-01-01T00:00:00Z', /end must be after start/],
      ['start=2030-01-01T00:00:00Z&end=2030-01-01T00:00:00Z', /end must be after start/],
      ['start=2030-01-01T00:00:00Z&end=2030-03-01T00:00:00Z', /at most 45 days/],
      ['start=2030-01-01T00:00:00Z&end=2030-01-08T00:00:00Z&network=facebook', /network must be 'x' or 'linkedin'/],
      ['start=2030-01-01T00:00:00Z&end=2030-01-08T00:00:00Z&accountId=nope', /id is not valid/],
      ['start=2030-01-01T00:00:00Z&end=2030-01-08T00:00:00Z&timeZone=Mars/Base', /Unknown time zone/],
      ['start=2030-01-01T00:00:00Z&end=2030-01-08T00:00:00Z&perDay=0', /perDay must be at least 1/],
    ];
    for (const [query, message] of cases) {
      const response = await ask(session, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toMatch(message);
    }
  });
});
