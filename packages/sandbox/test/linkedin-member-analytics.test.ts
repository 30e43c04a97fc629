import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINKEDIN_VERSION } from './helpers/linkedin';
import { json, manualClock, postJson, startSandbox, type RunningSandbox } from './helpers/sandbox';

const METRIC_TYPE = 'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1';

/** docs/networks.md, LinkedIn · Member post analytics: GET /rest/memberCreatorPostAnalytics (r_member_postAnalytics, versions ≥ 202506). */
describe('LinkedIn member post analytics', () => {
  const clock = manualClock();
  let running: RunningSandbox;
  let token = '';
  let author = '';

  beforeAll(async () => {
    running = await startSandbox({ now: clock.now });
    const issued = await json<{ access_token: string; member: { personUrn: string } }>(
      await postJson(`${running.url}/_sandbox/linkedin/tokens`, { name: 'Analytics Member' }),
    );
    token = issued.access_token;
    author = issued.member.personUrn;
  });
  afterAll(async () => {
    await running.close();
  });

  const headers = (bearer = token, version = LINKEDIN_VERSION): Record<string, string> => ({
    authorization: `Bearer ${bearer}`,
    'linkedin-version': version,
    'x-restli-protocol-version': '2.0.0',
  });

  async function publish(commentary: string): Promise<string> {
    const response = await postJson(
      `${running.url}/linkedin/rest/posts`,
      { author, commentary, visibility: 'PUBLIC', distribution: { feedDistribution: 'MAIN_FEED' }, lifecycleState: 'PUBLISHED' },
      headers(),
    );
    expect(response.status).toBe(201);
    return response.headers.get('x-restli-id') as string;
  }

  const impressions = (urn: string, bearer = token) =>
    fetch(
      `${running.url}/linkedin/rest/memberCreatorPostAnalytics?q=entity&entity=(share:${encodeURIComponent(urn)})&queryType=IMPRESSION&aggregation=TOTAL`,
      { headers: headers(bearer) },
    );

  it('answers one TOTAL element with a count that grows as the post ages', async () => {
    const urn = await publish('Reach, measured');
    clock.advance(3_600_000);
    const early = await impressions(urn);
    expect(early.status).toBe(200);
    const first = await json<{ paging: unknown; elements: { count: number; dateRange: unknown; metricType: unknown }[] }>(early);
    expect(first).toEqual({
      paging: { start: 0, count: 10, links: [], total: 1 },
      elements: [{ count: expect.any(Number), dateRange: {}, metricType: { [METRIC_TYPE]: 'IMPRESSION' } }],
    });

    clock.advance(2 * 86_400_000);
    const later = await json<{ elements: { count: number }[] }>(await impressions(urn));
    expect(later.elements[0]!.count).toBeGreaterThan(first.elements[0]!.count);
    expect(later.elements[0]!.count).toBeGreaterThan(0);
  });

  it('answers 403 ACCESS_DENIED to a token without r_member_postAnalytics', async () => {
    const urn = await publish('Reach, hidden');
    const issued = await json<{ access_token: string }>(
      await postJson(`${running.url}/_sandbox/linkedin/tokens`, {
        name: 'Analytics Member',
        scopes: ['openid', 'profile', 'w_member_social', 'r_member_social'],
      }),
    );
    const denied = await impressions(urn, issued.access_token);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED' });
  });
});
