import { LINKEDIN_MAX_LENGTH, X_MAX_WEIGHTED_LENGTH, extractHashtags, xWeightedLength, type EnhanceResponse } from '@postflow/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../test/helpers/factories';
import { EVALUATION_TEXTS } from '../../ai/evaluation/texts';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { insertTarget } from '../../../test/helpers/targets';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const longText =
  'We just shipped scheduling for small businesses in Berlin: write one post, let Postflow tailor it for every network, and watch engagement analytics roll in. ' +
  'It took our team three months, a lot of coffee, and more user interviews than we can count. Try it today at https://postflow.example.com/launch and tell us what you think! ' +
  'We would really love to hear from you, in order to make it even better.';

describe('POST /content/enhance', () => {
  let t: TestApp;
  afterEach(() => t.close());

  async function enhance(body: object, person?: TestSession) {
    const caller = person ?? (await signUp(t));
    return t.app.inject({ method: 'POST', url: '/content/enhance', headers: caller.headers, payload: body });
  }

  // The example: a 600-character text with a link and a closing question (docs/ai.md, Evaluation).
  const newsletter = EVALUATION_TEXTS.find((text) => text.id === 'newsletter-600')?.text ?? '';

  it('shortens a 600-character text for X by leaving out whole sentences, keeps its link and closing question, and offers it as a thread', async () => {
    t = await createTestApp({ worker: false });
    const person = await signUp(t);
    const text = newsletter;
    const versions: EnhanceResponse[number][] = [];
    for (const variant of [0, 1, 0]) {
      const response = await enhance({ platforms: ['x'], text, tags: [], variant }, person);
      expect(response.statusCode, response.body).toBe(200);
      versions.push((response.json() as EnhanceResponse)[0] as EnhanceResponse[number]);
    }
    const [first, second, back] = versions as [EnhanceResponse[number], EnhanceResponse[number], EnhanceResponse[number]];
    for (const { enhanced, thread } of [first, second]) {
      expect(xWeightedLength(enhanced)).toBeLessThanOrEqual(X_MAX_WEIGHTED_LENGTH);
      expect(enhanced).not.toMatch(/…|\.\.\./u);
      // Every sentence of the version is one of the writer's, whole (a hashtag may be written into one).
      const asRead = (value: string) =>
        value.replace(/#(\w+)/gu, (_tag, words: string) => words.replace(/(?<=[a-z])(?=[A-Z])/gu, ' ')).toLowerCase();
      const body = enhanced.replace(/(\s#\w+)+$/u, '');
      for (const sentence of body.split(/(?<=[.?!])\s+/u)) expect(asRead(text)).toContain(asRead(sentence));
      expect(enhanced).toContain('https://example.com/ai-tools');
      expect(enhanced).toContain('which assistant do you trust with your newsletter?');
      expect(thread?.join(' ')).toBe(text);
      for (const part of thread ?? []) expect(xWeightedLength(part)).toBeLessThanOrEqual(X_MAX_WEIGHTED_LENGTH);
    }
    expect(second.enhanced).not.toBe(first.enhanced);
    // Going back to the first variant gives the first version again.
    expect(back).toEqual(first);
  });

  it('adds one of the person’s best-performing hashtags on that network to a post about it, and never to a post that is not', async () => {
    t = await createTestApp({ worker: false });
    const person = await signUp(t);
    const accountId = await createSocialAccount(t.services, person.userId, { network: 'x' });
    const day = 24 * 60 * 60 * 1000;
    const published = (text: string, engagements: number, daysAgo: number) =>
      insertTarget(t.services, {
        userId: person.userId,
        accountId,
        network: 'x',
        at: new Date(Date.now() - daysAgo * day),
        text,
        likes: engagements,
        impressions: 1000,
        metricsUpdatedAt: new Date(),
      });
    await published('Our weekly issue is out #Newsletter', 90, 3);
    await published('Another issue, another lesson #Newsletter', 80, 5);
    await published('A quiet Monday update #Updates', 5, 7);
    await published('Office news #Updates', 4, 9);

    const about = await enhance(
      { platforms: ['x', 'linkedin'], text: 'This week in our newsletter: five tools we tested for small teams.', tags: [] },
      person,
    );
    const [onX, onLinkedIn] = about.json() as EnhanceResponse;
    expect(extractHashtags(onX?.enhanced ?? '')).toContain('#Newsletter');
    // What did best on X says nothing about LinkedIn, where this person has published nothing.
    expect(extractHashtags(onLinkedIn?.enhanced ?? '')).not.toContain('#Newsletter');

    const other = await enhance(
      { platforms: ['x', 'linkedin'], text: 'We moved our office to a bigger floor this week.', tags: [] },
      person,
    );
    for (const version of other.json() as EnhanceResponse) {
      expect(extractHashtags(version.enhanced), version.platform).not.toContain('#Newsletter');
      expect(extractHashtags(version.enhanced), version.platform).not.toContain('#Updates');
    }
  });

  it('answers one version per platform, each within its network’s limit, and a different one when asked to regenerate', async () => {
    t = await createTestApp({ worker: false });
    const first = await enhance({ platforms: ['x', 'linkedin'], text: longText, tags: [] });
    expect(first.statusCode, first.body).toBe(200);
    const versions = Object.fromEntries(first.json().map((item: { platform: string; enhanced: string }) => [item.platform, item.enhanced]));
    expect(xWeightedLength(versions.x)).toBeLessThanOrEqual(X_MAX_WEIGHTED_LENGTH);
    expect(versions.x).toContain('https://postflow.example.com/launch');
    expect(versions.linkedin.length).toBeLessThanOrEqual(LINKEDIN_MAX_LENGTH);
    expect(versions.linkedin.split('\n\n').length).toBeGreaterThan(2);

    const again = await enhance({ platforms: ['linkedin'], text: longText, tags: [], variant: 1 });
    expect(again.json()[0].enhanced).not.toBe(versions.linkedin);
  });

  it('falls back to the built-in engine when the configured model cannot be reached', async () => {
    t = await createTestApp({
      worker: false,
      env: { AI_BASE_URL: 'http://127.0.0.1:9', AI_API_KEY: 'key', AI_MODEL: 'model', AI_TIMEOUT: '2s' },
    });
    const response = await enhance({ platforms: ['x'], text: longText, tags: [] });
    expect(response.statusCode).toBe(200);
    expect(xWeightedLength(response.json()[0].enhanced)).toBeLessThanOrEqual(X_MAX_WEIGHTED_LENGTH);
    expect(t.logs.join('\n')).toContain('the built-in engine answered');
  });

  it('refuses empty text and no platforms with the wizard’s messages', async () => {
    t = await createTestApp({ worker: false });
    const blank = await enhance({ platforms: ['x'], text: '  ', tags: [] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Post content cannot be empty');
    const none = await enhance({ platforms: [], text: 'Hello', tags: [] });
    expect(none.json().error.message).toBe('Please select at least one platform');
  });
});
