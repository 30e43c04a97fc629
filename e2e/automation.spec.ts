import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { api } from '@postflow/contract/client';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWebhookReceiver } from '../apps/server/test/helpers/webhook-receiver';
import { connectThroughConsent, registerThroughUi, sessionToken } from './support/accounts';
import { callApi } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { PNG, sandboxPosts } from './support/sandbox';

/** Polls `check` until it answers something, for work the worker does in its own time. */
async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Issue 23's Done when, on the app as `npm start` runs it: with an API key, upload an image and
 * schedule a post with it; a receiver checked with the `standardwebhooks` package gets
 * `post.published` with the post's id and URL; a receiver failing twice gets it on the third try
 * with the same `webhook-id`; an MCP client on the official SDK lists the tools and schedules a
 * post that then goes out.
 */
describe('Automation: API keys, webhooks and MCP', () => {
  let browser: Browser;
  let token: string;
  let key: string;
  const baseUrl = () => inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
    const { page } = await newPage(browser);
    await registerThroughUi(page, 'Otto Automation');
    await connectThroughConsent(page, 'x', `otto_${Date.now().toString(36)}`);
    token = await sessionToken(page);
    const created = await callApi(page.request, token, api.apiKeys.create, {
      body: { name: 'Workflow', scopes: ['posts:read', 'posts:write', 'channels:read'] },
    });
    expect(created.status, created.text).toBe(201);
    key = created.body.key;
  }, 60_000);
  afterAll(() => browser?.close());

  const withKey = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, baseUrl()), { ...init, headers: { Authorization: `Bearer ${key}`, ...init.headers } });

  it('schedules a post with an uploaded image by key, and signed webhooks tell two receivers it went out', async () => {
    const steady = await startWebhookReceiver();
    const flaky = await startWebhookReceiver([500, 503]);
    try {
      const { page } = await newPage(browser);
      const secrets: string[] = [];
      for (const receiver of [steady, flaky]) {
        const hook = await callApi(page.request, token, api.webhooks.create, { body: { url: receiver.url, events: ['post.published'] } });
        expect(hook.status, hook.text).toBe(201);
        secrets.push(hook.body.secret);
      }

      const form = new FormData();
      form.append('media', new Blob([PNG], { type: 'image/png' }), 'square.png');
      const uploaded = await withKey(api.media.upload.path, { method: 'POST', body: form });
      expect(uploaded.status).toBe(201);
      const { id: mediaId } = (await uploaded.json()) as { id: string };

      const text = `Sent by a workflow ${Date.now().toString(36)}`;
      const scheduled = await withKey(api.posts.createPost.path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text, platforms: ['x'], scheduledFor: new Date(Date.now() + 3_000).toISOString(), mediaIds: [mediaId] }),
      });
      expect(scheduled.status).toBe(201);
      const postId = ((await scheduled.json()) as { posts: Array<{ id: string }> }).posts[0]!.id;

      const onX = await eventually(async () => (await sandboxPosts('x')).find((post) => post.text === text));
      expect(onX.media).toHaveLength(1);

      const delivery = await eventually(async () => steady.received[0]);
      const event = new Webhook(secrets[0]!).verify(delivery.body, delivery.headers) as {
        type: string;
        data: { postId: string; url: string };
      };
      expect(event.type).toBe('post.published');
      expect(event.data.postId).toBe(postId);
      expect(event.data.url).toContain(String(onX.id));

      const third = await eventually(async () => flaky.received[2]);
      expect(new Set(flaky.received.map((attempt) => attempt.headers['webhook-id'])).size).toBe(1);
      expect(new Webhook(secrets[1]!).verify(third.body, third.headers)).toMatchObject({ type: 'post.published', data: { postId } });
    } finally {
      await steady.close();
      await flaky.close();
    }
  }, 90_000);

  it('lets an MCP client list the tools and schedule a post that then goes out', async () => {
    const client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', baseUrl()), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['list_channels', 'schedule_post', 'list_posts']));

      const text = `Planned by an assistant ${Date.now().toString(36)}`;
      const result = await client.callTool({
        name: 'schedule_post',
        arguments: { text, platforms: ['x'], scheduledFor: new Date(Date.now() + 3_000).toISOString() },
      });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      await eventually(async () => (await sandboxPosts('x')).find((post) => post.text === text));
    } finally {
      await client.close();
    }
  }, 60_000);
});
