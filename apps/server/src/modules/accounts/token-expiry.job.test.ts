import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSocialAccount, createUser } from '../../../test/helpers/factories';
import { createTestApp, createTestClock, type TestApp } from '../../../test/helpers/test-app';
import { createTokenExpiryHandler } from './token-expiry.job';

const DAY = 86_400_000;

describe('access expiry warnings', () => {
  let t: TestApp;
  const clock = createTestClock();

  beforeEach(async () => {
    clock.set(new Date());
    t = await createTestApp({ clock, worker: false });
  });
  afterEach(() => t.close());

  const subjects = async () =>
    (await t.database.db.query<{ subject: string }>('SELECT subject FROM emails ORDER BY created_at')).rows.map((row) => row.subject);

  it('warns once at 14, 7, 2 and 1 days before a LinkedIn grant ends, and never for accounts that renew themselves', async () => {
    const owner = await createUser(t.services, { email: 'owner@example.com' });
    await createSocialAccount(t.services, owner.id, { network: 'linkedin', accessExpiresAt: new Date(clock.now().getTime() + 13.5 * DAY) });
    await createSocialAccount(t.services, owner.id, {
      network: 'x',
      refreshToken: 'renews-itself',
      accessExpiresAt: new Date(clock.now().getTime() + 60_000),
    });
    const run = createTokenExpiryHandler({
      db: t.services.db,
      mail: t.services.mail,
      clock,
      publicUrl: 'http://localhost:8080',
      log: console,
    });

    await run();
    await run();
    expect(await subjects()).toEqual(['Your LinkedIn connection ends in 14 days']);

    clock.advance(7 * DAY); // 6.5 days left
    await run();
    clock.advance(5 * DAY); // 1.5 days left
    await run();
    clock.advance(0.75 * DAY); // 0.75 days left
    await run();
    await run();
    expect(await subjects()).toEqual([
      'Your LinkedIn connection ends in 14 days',
      'Your LinkedIn connection ends in 7 days',
      'Your LinkedIn connection ends in 2 days',
      'Your LinkedIn connection ends in 1 day',
    ]);
  });
});
