import { describe, expect, it } from 'vitest';
import { DEFAULT_AUDIENCE_MODEL, type AudienceModelInput } from '../src/index';
import { LINKEDIN_VERSION } from './helpers/linkedin';
import { json, manualClock, postJson, startSandbox } from './helpers/sandbox';

interface PublicMetrics {
  impression_count: number;
  like_count: number;
  retweet_count: number;
  reply_count: number;
  quote_count: number;
  bookmark_count: number;
}

interface TweetView {
  id: string;
  created_at: string;
  public_metrics: PublicMetrics;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function xToken(url: string, username: string): Promise<string> {
  return (await json<{ access_token: string }>(await postJson(`${url}/_sandbox/x/tokens`, { username }))).access_token;
}

async function createTweet(url: string, token: string, text: string): Promise<string> {
  const response = await postJson(`${url}/x/2/tweets`, { text }, { authorization: `Bearer ${token}` });
  expect(response.status).toBe(201);
  return (await json<{ data: { id: string } }>(response)).data.id;
}

async function lookup(url: string, token: string, ids: string[]): Promise<TweetView[]> {
  const response = await fetch(`${url}/x/2/tweets?ids=${ids.join(',')}&tweet.fields=public_metrics,created_at`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await json<{ data: TweetView[] }>(response)).data;
}

describe('metrics from the audience model', () => {
  it('grow monotonically with the clock and never decrease', async () => {
    const clock = manualClock();
    const running = await startSandbox({ now: clock.now });
    try {
      const token = await xToken(running.url, 'grower');
      const id = await createTweet(running.url, token, 'Watch the numbers grow');
      let previous: PublicMetrics | undefined;
      for (const step of [0, 10 * 60_000, HOUR, 3 * HOUR, 12 * HOUR, 2 * DAY, 10 * DAY]) {
        running.sandbox.clock.advance(step);
        const fresh = await xToken(running.url, 'grower');
        const [view] = await lookup(running.url, fresh, [id]);
        const metrics = view?.public_metrics;
        expect(metrics).toBeDefined();
        if (previous && metrics) {
          for (const key of Object.keys(metrics) as Array<keyof PublicMetrics>) expect(metrics[key]).toBeGreaterThanOrEqual(previous[key]);
        }
        previous = metrics;
      }
      expect(previous?.impression_count).toBeGreaterThan(0);
    } finally {
      await running.close();
    }
  });

  it('gives the same post the same numbers at the same instant for the same seed', async () => {
    const read = async (seed: string) => {
      const clock = manualClock();
      const running = await startSandbox({ now: clock.now, seed });
      try {
        const token = await xToken(running.url, 'twin');
        const id = await createTweet(running.url, token, 'Deterministic numbers');
        clock.advance(HOUR);
        return { id, metrics: (await lookup(running.url, token, [id]))[0]?.public_metrics };
      } finally {
        await running.close();
      }
    };
    const first = await read('seed-a');
    const second = await read('seed-a');
    expect(second).toEqual(first);
    const other = await read('seed-b');
    expect(other.id).toBe(first.id);
    expect(other.metrics).not.toEqual(first.metrics);
  });

  it('plants the hour-of-day effect in engagement rate, not only in volume', async () => {
    const base: AudienceModelInput = DEFAULT_AUDIENCE_MODEL;
    const model: AudienceModelInput = {
      ...base,
      followers: { ...base.followers, x: { median: 100_000, spread: 0, min: 1, growthPerDay: 0 } },
      effects: {
        hourOfDay: [{ from: 9, to: 11, engagement: 1.5 }],
        weekday: {},
        length: [],
        hashtags: [],
        image: { reach: 1, engagement: 1 },
      },
      noise: { reach: 0.1, engagement: 0.1 },
    };
    const clock = manualClock(Date.UTC(2026, 10, 2, 0, 0, 0));
    const running = await startSandbox({ now: clock.now, audienceModel: model, rateLimits: false });
    try {
      const ids: string[] = [];
      for (let hour = 0; hour < 96; hour++) {
        // Access tokens live 2 h; a fresh one per post keeps the loop simple.
        const token = await xToken(running.url, 'hour_effect');
        ids.push(await createTweet(running.url, token, `Post number ${hour} about the schedule`));
        clock.advance(HOUR);
      }
      clock.advance(7 * DAY);
      const fresh = await xToken(running.url, 'hour_effect');
      const views = await lookup(running.url, fresh, ids);
      expect(views).toHaveLength(96);
      const rate = (m: PublicMetrics) =>
        (m.like_count + m.retweet_count + m.reply_count + m.quote_count + m.bookmark_count) / m.impression_count;
      const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
      const inWindow = (view: TweetView) => {
        const hour = new Date(view.created_at).getUTCHours();
        return hour >= 9 && hour < 11;
      };
      const peak = views.filter(inWindow);
      const rest = views.filter((view) => !inWindow(view));
      expect(peak).toHaveLength(8);
      const rateRatio = mean(peak.map((view) => rate(view.public_metrics))) / mean(rest.map((view) => rate(view.public_metrics)));
      const reachRatio =
        mean(peak.map((view) => view.public_metrics.impression_count)) / mean(rest.map((view) => view.public_metrics.impression_count));
      expect(rateRatio).toBeGreaterThan(1.3);
      expect(rateRatio).toBeLessThan(1.7);
      expect(reachRatio).toBeGreaterThan(0.85);
      expect(reachRatio).toBeLessThan(1.15);
    } finally {
      await running.close();
    }
  });

  it('grows follower counts slowly over time', async () => {
    const clock = manualClock();
    const running = await startSandbox({ now: clock.now });
    try {
      const followers = async () => {
        const token = await xToken(running.url, 'slow_grower');
        const me = await json<{ data: { public_metrics: { followers_count: number } } }>(
          await fetch(`${running.url}/x/2/users/me?user.fields=public_metrics`, { headers: { authorization: `Bearer ${token}` } }),
        );
        return me.data.public_metrics.followers_count;
      };
      const before = await followers();
      running.sandbox.clock.advance(100 * DAY);
      const after = await followers();
      expect(after).toBeGreaterThan(before);
      expect(after).toBeLessThan(before * 2);
    } finally {
      await running.close();
    }
  });

  it('exposes LinkedIn socialMetadata that grows, reactions summed by type', async () => {
    const clock = manualClock();
    const base: AudienceModelInput = DEFAULT_AUDIENCE_MODEL;
    const audienceModel = { ...base, followers: { ...base.followers, linkedin: { median: 20_000, spread: 0, min: 1, growthPerDay: 0 } } };
    const running = await startSandbox({ now: clock.now, audienceModel });
    try {
      const issued = await json<{ access_token: string; member: { personUrn: string } }>(
        await postJson(`${running.url}/_sandbox/linkedin/tokens`, { name: 'Metric Member' }),
      );
      const headers = {
        authorization: `Bearer ${issued.access_token}`,
        'linkedin-version': LINKEDIN_VERSION,
        'x-restli-protocol-version': '2.0.0',
      };
      const created = await postJson(
        `${running.url}/linkedin/rest/posts`,
        {
          author: issued.member.personUrn,
          commentary: 'Metrics on LinkedIn',
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'MAIN_FEED' },
          lifecycleState: 'PUBLISHED',
        },
        headers,
      );
      const urn = created.headers.get('x-restli-id') ?? '';
      const read = async () =>
        json<{ reactionSummaries: Record<string, { count: number }>; commentSummary: { count: number }; entity: string }>(
          await fetch(`${running.url}/linkedin/rest/socialMetadata/${encodeURIComponent(urn)}`, { headers }),
        );
      const early = await read();
      clock.advance(5 * DAY);
      const later = await read();
      const total = (metadata: typeof early) => Object.values(metadata.reactionSummaries).reduce((sum, entry) => sum + entry.count, 0);
      expect(later.entity).toBe(urn);
      expect(total(later)).toBeGreaterThan(total(early));
      expect(later.commentSummary.count).toBeGreaterThanOrEqual(early.commentSummary.count);
    } finally {
      await running.close();
    }
  });
});
