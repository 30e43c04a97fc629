import { wallClockAt } from '@postflow/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { admin, connectX, startSandbox, type RunningSandbox } from '../../../test/helpers/sandbox';
import { signUp } from '../../../test/helpers/session';
import { createTestApp, eventually, type TestApp } from '../../../test/helpers/test-app';

/**
 * The "Done when": a post added to the queue before a daylight-saving change, for a Monday
 * 09:00 Europe/Berlin slot, goes out at 09:00 local on the Monday after the change.
 */
describe('a queued 09:00 post across a daylight-saving change', () => {
  let sandbox: RunningSandbox;
  let t: TestApp | undefined;
  // Real speed, shifted to whatever instant the test names (timers stay real).
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  const setNow = (instant: Date) => {
    offset = instant.getTime() - Date.now();
  };

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    await admin(sandbox.url, '/_sandbox/reset', {});
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function queueOnFridayAndPublish(friday: string, expected: string) {
    setNow(new Date(friday));
    t = await createTestApp({ env: sandbox.env, clock });
    const app = t;
    const person = await signUp(app);
    const { accountId } = await connectX(app.services, sandbox.url, person.userId, 'berliner');
    const slots = await app.app.inject({
      method: 'PUT',
      url: `/api/v1/accounts/${accountId}/slots`,
      headers: person.headers,
      payload: { timeZone: 'Europe/Berlin', slots: [{ day: 'mon', time: '09:00' }] },
    });
    expect(slots.statusCode, slots.body).toBe(200);
    const added = await app.app.inject({
      method: 'POST',
      url: '/posts',
      headers: person.headers,
      payload: { text: `Guten Morgen ${friday}`, platforms: ['x'], queue: true, timeZone: 'Europe/Berlin' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const [target] = added.json().queued as Array<{ id: string; scheduledAt: string }>;
    expect(target?.scheduledAt).toBe(expected);

    // The worker's clock reaches Monday morning, a few seconds before the slot.
    const instant = new Date(expected);
    setNow(new Date(instant.getTime() - 1_500));
    const row = await eventually(async () => {
      const found = (await app.database.db.query('SELECT status, published_at FROM post_targets WHERE id = $1', [target?.id])).rows[0];
      return found?.status === 'published' ? found : undefined;
    }, 20_000);
    const sentAt = new Date(row.published_at);
    expect(sentAt.getTime() - instant.getTime()).toBeGreaterThanOrEqual(0);
    expect(sentAt.getTime() - instant.getTime()).toBeLessThan(1_500);
    return wallClockAt(sentAt, 'Europe/Berlin');
  }

  it('spring: added on Friday 26 March 2027, sent Monday 29 March at 09:00 Berlin (07:00 UTC)', async () => {
    const sent = await queueOnFridayAndPublish('2027-03-26T10:00:00.000Z', '2027-03-29T07:00:00.000Z');
    expect(sent).toMatchObject({ year: 2027, month: 3, day: 29, hour: 9, minute: 0 });
  });

  it('autumn: added on Friday 29 October 2027, sent Monday 1 November at 09:00 Berlin (08:00 UTC)', async () => {
    const sent = await queueOnFridayAndPublish('2027-10-29T10:00:00.000Z', '2027-11-01T08:00:00.000Z');
    expect(sent).toMatchObject({ year: 2027, month: 11, day: 1, hour: 9, minute: 0 });
  });
});
