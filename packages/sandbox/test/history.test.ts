import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, postJson, startSandbox, type RunningSandbox } from './helpers/sandbox';

interface Tweet {
  id: string;
  text: string;
  created_at: string;
  public_metrics: { impression_count: number; like_count: number; retweet_count: number; reply_count: number; quote_count: number };
}

describe('a persona with past posts', () => {
  let running: RunningSandbox;
  beforeAll(async () => {
    running = await startSandbox();
  });
  afterAll(() => running.close());

  it('gets posts dated over the chosen days, newest first on its timeline, with mature numbers', async () => {
    const seeded = await json<{ created: number; user: { id: string } }>(
      await postJson(`${running.url}/_sandbox/x/history`, { username: 'historian', days: 30, postsPerDay: 2 }),
    );
    expect(seeded.created).toBe(60);
    const tokens = await json<{ access_token: string }>(await postJson(`${running.url}/_sandbox/x/tokens`, { username: 'historian' }));
    const response = await fetch(
      `${running.url}/x/2/users/${seeded.user.id}/tweets?max_results=100&tweet.fields=created_at,public_metrics`,
      {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      },
    );
    const { data } = await json<{ data: Tweet[] }>(response);
    expect(data).toHaveLength(60);
    const dates = data.map((tweet) => Date.parse(tweet.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(Date.now() - (dates.at(-1) as number)).toBeLessThan(31 * 86_400_000);
    expect(Date.now() - (dates.at(-1) as number)).toBeGreaterThan(20 * 86_400_000);
    expect(data.every((tweet) => tweet.public_metrics.impression_count > 0)).toBe(true);
  });

  it('keeps the audience model’s hour effect in the engagement rate of past posts', async () => {
    const seeded = await json<{ user: { id: string } }>(
      await postJson(`${running.url}/_sandbox/x/history`, { username: 'hours', days: 300, postsPerDay: 2 }),
    );
    const tokens = await json<{ access_token: string }>(await postJson(`${running.url}/_sandbox/x/tokens`, { username: 'hours' }));
    const tweets: Tweet[] = [];
    let next: string | undefined;
    do {
      const page = await json<{ data: Tweet[]; meta: { next_token?: string } }>(
        await fetch(
          `${running.url}/x/2/users/${seeded.user.id}/tweets?max_results=100&tweet.fields=created_at,public_metrics${next ? `&pagination_token=${next}` : ''}`,
          {
            headers: { authorization: `Bearer ${tokens.access_token}` },
          },
        ),
      );
      tweets.push(...page.data);
      next = page.meta.next_token;
    } while (next && tweets.length < 3200);
    const rate = (group: Tweet[]) => {
      const sum = (pick: (tweet: Tweet) => number) => group.reduce((total, tweet) => total + pick(tweet), 0);
      const engaged = sum(
        (tweet) =>
          tweet.public_metrics.like_count +
          tweet.public_metrics.retweet_count +
          tweet.public_metrics.reply_count +
          tweet.public_metrics.quote_count,
      );
      return engaged / sum((tweet) => tweet.public_metrics.impression_count);
    };
    const hour = (tweet: Tweet) => new Date(tweet.created_at).getUTCHours();
    const morning = tweets.filter((tweet) => hour(tweet) >= 9 && hour(tweet) < 11);
    const rest = tweets.filter((tweet) => hour(tweet) < 6 || (hour(tweet) >= 11 && hour(tweet) < 17));
    expect(morning.length).toBeGreaterThan(20);
    expect(rate(morning) / rate(rest)).toBeGreaterThan(1.3);
  });

  it('offers history on the consent page', async () => {
    const page = await fetch(
      `${running.url}/x/i/oauth2/authorize?response_type=code&client_id=postflow-sandbox-x&redirect_uri=${encodeURIComponent('http://localhost:8080/auth/x/callback')}&scope=tweet.read%20users.read&state=s&code_challenge=abc&code_challenge_method=plain`,
    );
    expect(await page.text()).toContain('Give this persona six months of past posts');
  });
});
