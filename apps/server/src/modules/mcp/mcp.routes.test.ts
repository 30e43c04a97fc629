import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiKeyScope } from '@postflow/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectX, startSandbox, xPosts, type RunningSandbox } from '../../../test/helpers/sandbox';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, eventually, type TestApp } from '../../../test/helpers/test-app';

/** Issue 23, the MCP server (docs/decisions/164-mcp-server.md), driven by the official SDK's client. */
describe('MCP server at /mcp', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let url: string;
  let ada: TestSession;
  let grace: TestSession;
  const clients: Client[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox();
    t = await createTestApp({ env: sandbox.env });
    url = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/mcp`;
    ada = await signUp(t, 'Ada');
    grace = await signUp(t, 'Grace');
    await connectX(t.services, sandbox.url, ada.userId, 'ada');
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const keyOf = async (who: TestSession, scopes: ApiKeyScope[]) =>
    t.services.apiKeys.create({ workspaceId: who.userId, userId: who.userId, role: 'owner' }, { name: 'assistant', scopes });

  const connect = async (key: string) => {
    const client = new Client({ name: 'postflow-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    clients.push(client);
    return client;
  };
  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    return { isError: result.isError === true, text };
  };

  it('lists its tools, each with a description naming its scope and an input schema from the contract', async () => {
    const client = await connect((await keyOf(ada, ['posts:read'])).key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ['create_draft', 'get_analytics', 'list_channels', 'list_posts', 'schedule_post', 'tailor_post'].sort(),
    );
    const schedule = tools.find((tool) => tool.name === 'schedule_post')!;
    expect(schedule.description).toContain('posts:write');
    expect(schedule.inputSchema.required).toEqual(['text']);
    expect(Object.keys(schedule.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['text', 'platforms', 'channels', 'perPlatformText', 'scheduledFor', 'queue', 'mediaIds', 'thread']),
    );
    expect(schedule.inputSchema.properties?.platforms).toMatchObject({ type: 'array', items: { enum: ['x', 'linkedin'] } });
    expect(tools.find((tool) => tool.name === 'list_posts')!.inputSchema.properties?.status).toMatchObject({
      type: 'array',
      items: { enum: expect.arrayContaining(['scheduled', 'published', 'failed']) },
    });
    expect(tools.find((tool) => tool.name === 'get_analytics')!.description).toContain('analytics:read');
  });

  it('schedules a post that then goes out, and lists it', async () => {
    const client = await connect((await keyOf(ada, ['posts:read', 'posts:write', 'channels:read'])).key);
    const channels = await call(client, 'list_channels');
    expect(channels.text).toContain('"handle":"ada"');
    const channelId = (JSON.parse(channels.text) as { channels: Array<{ id: string }> }).channels[0]!.id;

    const scheduledFor = new Date(Date.now() + 2_000).toISOString();
    const scheduled = await call(client, 'schedule_post', { text: 'Planned by an assistant', channels: [channelId], scheduledFor });
    expect(scheduled.isError, scheduled.text).toBe(false);
    expect(JSON.parse(scheduled.text)).toMatchObject({ scheduled: true, scheduleTime: scheduledFor });

    // Due in two seconds, it may already be `pending` (on its way out).
    const listed = await call(client, 'list_posts', { status: ['scheduled', 'pending'] });
    expect(listed.text).toContain('Planned by an assistant');
    await eventually(async () => (await xPosts(sandbox.url)).find((sent) => sent.text === 'Planned by an assistant'));
    const published = await eventually(async () => {
      const answer = await call(client, 'list_posts', { status: ['published'], limit: 5 });
      return answer.text.includes('Planned by an assistant') && answer;
    });
    expect(published.isError).toBe(false);
  });

  it('tailors a text per network and saves a draft, publishing nothing', async () => {
    const client = await connect((await keyOf(ada, ['posts:write'])).key);
    const tailored = await call(client, 'tailor_post', {
      text: 'We shipped scheduling by AI assistant today.',
      platforms: ['x', 'linkedin'],
    });
    expect(tailored.isError, tailored.text).toBe(false);
    expect((JSON.parse(tailored.text) as Array<{ platform: string }>).map((version) => version.platform).sort()).toEqual(['linkedin', 'x']);
    const draft = await call(client, 'create_draft', { text: 'A draft from an assistant', platforms: ['x'] });
    expect(draft.isError, draft.text).toBe(false);
    expect(JSON.parse(draft.text)).toMatchObject({ id: expect.any(String) });
    const drafts = await t.app.inject({ method: 'GET', url: '/api/v1/drafts', headers: ada.headers });
    expect(drafts.body).toContain('A draft from an assistant');
    expect((await xPosts(sandbox.url)).map((sent) => sent.text)).not.toContain('A draft from an assistant');
  });

  it('refuses what the key may not do with a tool error naming the scope, and bad arguments as the SDK does', async () => {
    const client = await connect((await keyOf(ada, ['posts:read'])).key);
    const refused = await call(client, 'schedule_post', { text: 'Not allowed', platforms: ['x'], queue: true });
    expect(refused).toMatchObject({ isError: true, text: expect.stringContaining('posts:write') });
    expect((await call(client, 'list_posts')).isError).toBe(false);

    expect(await call(client, 'get_analytics')).toMatchObject({ isError: true, text: expect.stringContaining('analytics:read') });

    const untimed = await call(client, 'schedule_post', { text: 'When?', platforms: ['x'] });
    expect(untimed).toMatchObject({ isError: true, text: expect.stringContaining('scheduledFor') });
    expect(await call(client, 'delete_everything')).toMatchObject({ isError: true, text: expect.stringContaining('not found') });
  });

  it('reads analytics for a period', async () => {
    const client = await connect((await keyOf(ada, ['analytics:read'])).key);
    const analytics = await call(client, 'get_analytics', { platform: 'x', start_date: '2026-01-01', end_date: '2026-01-31' });
    expect(analytics.isError, analytics.text).toBe(false);
    expect(JSON.parse(analytics.text)).toMatchObject({ start_date: '2026-01-01', end_date: '2026-01-31', summary: { total_posts: 0 } });
    const backwards = await call(client, 'get_analytics', { start_date: '2026-02-01', end_date: '2026-01-01' });
    expect(backwards).toMatchObject({ isError: true, text: expect.stringContaining('end date') });
  });

  it('tells the model what the API refused, naming the field', async () => {
    const client = await connect((await keyOf(ada, ['posts:write'])).key);
    const past = await call(client, 'schedule_post', { text: 'Too late', platforms: ['x'], scheduledFor: '2020-01-01T09:00:00Z' });
    expect(past.isError).toBe(true);
    expect(past.text).toMatch(/past|future/i);
  });

  it('counts each tool call against the key’s calls a minute, and says when to try again', async () => {
    const { key } = await keyOf(ada, ['channels:read']);
    const client = await connect(key);
    const viaApi = () => t.app.inject({ method: 'GET', url: '/api/v1/channels', headers: { authorization: `Bearer ${key}` } });
    const first = await viaApi();
    for (let left = Number(first.headers['ratelimit-remaining']); left > 0; left--) await viaApi();
    const refused = await call(client, 'list_channels');
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('too many calls');
    expect(refused.text).toMatch(/Try again in \d+ seconds/);
  });

  it('works in its own workspace only: another workspace’s posts and channels are not found', async () => {
    const adas = await connect((await keyOf(ada, ['posts:write', 'channels:read'])).key);
    const adaChannel = (JSON.parse((await call(adas, 'list_channels')).text) as { channels: Array<{ id: string }> }).channels[0]!.id;
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    expect((await call(adas, 'schedule_post', { text: 'Ada’s secret plan', channels: [adaChannel], scheduledFor: inAnHour })).isError).toBe(
      false,
    );

    const graces = await connect((await keyOf(grace, ['posts:read', 'posts:write', 'channels:read'])).key);
    expect((await call(graces, 'list_posts')).text).not.toContain('Ada’s secret plan');
    expect((await call(graces, 'list_channels')).text).not.toContain(adaChannel);
    const borrowed = await call(graces, 'schedule_post', { text: 'On Ada’s channel', channels: [adaChannel], scheduledFor: inAnHour });
    expect(borrowed.isError).toBe(true);
    expect(borrowed.text).toContain('not connected in this workspace');
  });

  /** One JSON-RPC message posted by hand, as a client without the SDK sends it. */
  const post = (body: string, authorization: string | undefined) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(authorization ? { authorization } : {}),
      },
      body,
    });

  it('lets no browser or proxy keep a copy of its answers, which carry the workspace’s posts', async () => {
    const { key } = await keyOf(ada, ['posts:read']);
    for (const authorization of [`Bearer ${key}`, undefined]) {
      const answer = await post(
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_posts', arguments: {} } }),
        authorization,
      );
      expect(answer.headers.get('cache-control'), authorization).toBe('no-store');
    }
  });

  it('answers 401 with WWW-Authenticate to no key, a session token or a revoked key, and 405 to GET', async () => {
    const revoked = await keyOf(ada, ['posts:read']);
    await t.services.apiKeys.revoke({ workspaceId: ada.userId, userId: ada.userId, role: 'owner' }, revoked.id);
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    });
    for (const authorization of [undefined, ada.headers.authorization, `Bearer ${revoked.key}`]) {
      const answer = await post(initialize, authorization);
      expect(answer.status, authorization).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await answer.json()).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringContaining('API key') }, id: null });
    }
    await expect(connect(revoked.key)).rejects.toThrow();
    expect((await fetch(url, { headers: { authorization: `Bearer ${(await keyOf(ada, ['posts:read'])).key}` } })).status).toBe(405);
  });
});
