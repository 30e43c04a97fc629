import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../../test/helpers/factories';
import { signUp, type TestSession } from '../../../../test/helpers/session';
import { insertTarget } from '../../../../test/helpers/targets';
import { createTestApp, eventually, type TestApp } from '../../../../test/helpers/test-app';
import { ratePosts } from './observations';

/**
 * Best times and the posting-time insight count hours in the zone of the person asking, not in UTC
 * and not in the zone a post was planned in (docs/decisions/145-person-time-zone.md). The posts here
 * are planned in UTC (test/helpers/targets.ts), so only the person's zone can move them.
 */
describe('best times in the person’s own zone', () => {
  let t: TestApp;
  let person: TestSession;
  let accountId: string;

  beforeEach(async () => {
    t = await createTestApp();
    person = await signUp(t, 'Ada');
    accountId = await createSocialAccount(t.services, person.userId, { network: 'x' });
  });
  afterEach(() => t.close());

  const setZone = (timeZone: string, session = person) =>
    t.app.inject({ method: 'PUT', url: '/auth/profile/time-zone', headers: session.headers, payload: { timeZone } });
  const optimalTimes = async (session = person) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/analytics/optimal-times?platform=x',
        headers: { ...session.headers, 'x-workspace-id': person.userId },
      })
    ).json() as { time_zone: string; hours: Array<{ hour: number; posts: number }> };
  const published = (at: string, likes = 30) =>
    insertTarget(t.services, {
      userId: person.userId,
      accountId,
      network: 'x',
      at: new Date(at),
      impressions: 1000,
      likes,
      metricsUpdatedAt: new Date(),
    });

  it('counts a post at 23:30 UTC on a Monday as 00:30 on Tuesday in Berlin', () => {
    const [rated] = ratePosts(
      [
        {
          id: 'p',
          network: 'x',
          publishedAt: new Date('2026-01-05T23:30:00Z'),
          text: 'Late',
          hasMedia: null,
          impressions: 100,
          engagements: 5,
        },
      ],
      'Europe/Berlin',
    );
    expect(rated).toMatchObject({ hour: 0, weekday: 2 });
  });

  it('answers the hours in the asking person’s zone, and names it; UTC until they choose one', async () => {
    await published(`${new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)}T23:30:00Z`);
    expect(await optimalTimes()).toMatchObject({ time_zone: 'UTC', hours: [{ hour: 23, posts: 1 }] });

    // Zones without daylight saving, so the hour does not depend on the day the test runs.
    expect((await setZone('Asia/Kolkata')).statusCode).toBe(200);
    expect(await optimalTimes()).toMatchObject({ time_zone: 'Asia/Kolkata', hours: [{ hour: 5, posts: 1 }] });

    // A teammate in Tokyo looks at the same workspace in their own zone.
    const teammate = await signUp(t, 'Grace');
    await t.database.db.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'viewer')`, [
      person.userId,
      teammate.userId,
    ]);
    await setZone('Asia/Tokyo', teammate);
    expect(await optimalTimes(teammate)).toMatchObject({ time_zone: 'Asia/Tokyo', hours: [{ hour: 8, posts: 1 }] });
  });

  it('words the posting-time insight in the zone of the person who asked for it', async () => {
    // 120 posts over 40 days; those sent between 09:00 and 11:00 UTC (18:00–20:00 in Tokyo) liked half as much again.
    const start = Date.now() - 40 * 86_400_000;
    await Promise.all(
      Array.from({ length: 120 }, (_, index) => {
        const at = new Date(start + index * 7 * 3_600_000 + (index % 7) * 60_000);
        const boosted = at.getUTCHours() >= 9 && at.getUTCHours() < 11;
        return published(at.toISOString(), Math.round((boosted ? 45 : 30) * (0.9 + ((index * 37) % 20) / 100)));
      }),
    );
    await setZone('Asia/Tokyo');
    const generate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/insights/generate',
      headers: person.headers,
      payload: { platform: 'x' },
    });
    expect(generate.statusCode).toBe(202);
    const insight = await eventually(async () => {
      const { insights } = (
        await t.app.inject({ method: 'GET', url: '/api/v1/analytics/insights?type=posting_time', headers: person.headers })
      ).json() as { insights: Array<{ title: string; description: string }> };
      return insights.find((candidate) => candidate.title.startsWith('Your posts do best between'));
    });
    expect(insight.title).toBe('Your posts do best between 18:00 and 20:00');
    expect(insight.description).toContain('(Asia/Tokyo)');
    expect((await optimalTimes()).hours[0]?.hour).toBeGreaterThanOrEqual(18);
  });
});
