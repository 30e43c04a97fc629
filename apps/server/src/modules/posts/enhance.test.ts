import { LINKEDIN_MAX_LENGTH, X_MAX_WEIGHTED_LENGTH, xWeightedLength } from '@postflow/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const longText =
  'We just shipped scheduling for small businesses in Berlin: write one post, let Postflow tailor it for every network, and watch engagement analytics roll in. ' +
  'It took our team three months, a lot of coffee, and more user interviews than we can count. Try it today at https://postflow.example.com/launch and tell us what you think! ' +
  'We would really love to hear from you, in order to make it even better.';

describe('POST /content/enhance', () => {
  let t: TestApp;
  afterEach(() => t.close());

  async function enhance(body: object) {
    const person = await signUp(t);
    return t.app.inject({ method: 'POST', url: '/content/enhance', headers: person.headers, payload: body });
  }

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
