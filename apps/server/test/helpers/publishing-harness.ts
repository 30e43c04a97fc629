import type { Post } from '@postflow/contract';
import { expect, afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createProviderRegistry } from '../../src/providers/social/registry';
import { parseConfig } from '../../src/config/env';
import type { ImageQueue } from '../../src/modules/media/image-queue';
import { connectLinkedIn, connectX, linkedInPosts, startSandbox, xPosts, type RunningSandbox } from './sandbox';
import { signUp, type TestSession } from './session';
import { createTestApp, eventually, type TestApp } from './test-app';

/**
 * A sandbox for the file and, for each test, a fresh app whose publisher gives up on calls quickly,
 * a signed-up person, and the helpers publishing tests share. Call it inside a describe; read
 * `sandbox`, `t` and `person` from `current()` in the tests.
 */
export function usePublishingHarness(options: { imageQueue?: ImageQueue; env?: Record<string, string> } = {}) {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let person: TestSession;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  beforeEach(async () => {
    await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
    const env = { ...sandbox.env, PUBLIC_URL: 'http://localhost:8080', ...options.env };
    // Short network timeouts, so "timed out after the post was created" is quick to provoke.
    const providers = createProviderRegistry(parseConfig({ ...env }), { timeoutMs: 1_000 });
    t = await createTestApp({
      env,
      providers,
      engine: { publisher: { callBudgetMs: 10_000 }, dispatcher: { leaseMs: 3_000 } },
      ...(options.imageQueue ? { imageQueue: options.imageQueue } : {}),
    });
    person = await signUp(t);
  });
  afterEach(() => t.close());

  async function compose(body: object) {
    const response = await t.app.inject({ method: 'POST', url: '/posts', headers: person.headers, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { postId: string; posts: Post[] };
  }

  const target = async (id: string) =>
    (
      await t.database.db.query(
        `SELECT status, network_post_id, network_post_url, failure_reason, failure_class, attempt_count, outcome_errors, published_at
         FROM post_targets WHERE id = $1`,
        [id],
      )
    ).rows[0];

  async function reaches(id: string, status: string, timeoutMs = 15_000) {
    return eventually(async () => {
      const row = await target(id);
      return row?.status === status ? row : undefined;
    }, timeoutMs);
  }
  const published = (id: string) => reaches(id, 'published');
  const connect = (network: 'x' | 'linkedin') =>
    network === 'x'
      ? connectX(t.services, sandbox.url, person.userId, 'ada_x')
      : connectLinkedIn(t.services, sandbox.url, person.userId, 'Ada Lovelace');
  const sentTexts = async (network: 'x' | 'linkedin') =>
    network === 'x'
      ? (await xPosts(sandbox.url)).map((post) => post.text)
      : (await linkedInPosts(sandbox.url)).map((post) => post.commentary);

  /** A test that needs its own app (its own clock, say) hands it here, so the helpers and the clean-up use it. */
  const replaceApp = (next: { t: TestApp; person: TestSession }) => ({ t, person } = next);
  return { current: () => ({ sandbox, t, person }), replaceApp, compose, target, reaches, published, connect, sentTexts };
}
