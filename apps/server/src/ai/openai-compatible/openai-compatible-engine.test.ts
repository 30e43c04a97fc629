import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { xWeightedLength } from '@postflow/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AiUnavailable, type AiEngine } from '../ai-engine';
import { createOpenAiCompatibleEngine } from './openai-compatible-engine';

const API_KEY = 'sk-test-7f3a9c2e4b1d8f6a0c5e3b9d';

interface Received {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  body: { model?: string; messages?: { role: string; content: string }[]; response_format?: unknown };
}

type Handler = (request: Received, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
const received: Received[] = [];

/** An answer shaped like OpenAI's chat completion, carrying `content`. */
function completion(content: string | null) {
  return JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  });
}

// `connection: close` so that no test reuses a socket the previous one left behind.
function reply(response: ServerResponse, status: number, body: string) {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json', connection: 'close' }).end(body);
}

beforeAll(async () => {
  // A small imitation of an OpenAI-compatible /v1/chat/completions endpoint.
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const entry: Received = {
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        body: raw ? (JSON.parse(raw) as Received['body']) : {},
      };
      received.push(entry);
      handler(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterEach(() => {
  received.length = 0;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const engine = (timeoutMs = 2000): AiEngine => createOpenAiCompatibleEngine({ baseUrl, apiKey: API_KEY, model: 'test-model', timeoutMs });

/** The error a call rejects with, checked to carry no trace of the API key. */
async function failure(call: Promise<unknown>): Promise<AiUnavailable> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AiUnavailable);
  const unavailable = error as AiUnavailable;
  expect(`${unavailable.message} ${String(unavailable)} ${JSON.stringify(unavailable.detail)} ${unavailable.stack ?? ''}`).not.toContain(
    API_KEY,
  );
  return unavailable;
}

describe('OpenAI-compatible engine', () => {
  it('posts a chat completion with the key, the model and JSON mode, and returns the text', async () => {
    handler = (_request, response) => reply(response, 200, completion(JSON.stringify({ text: 'Launch day! Postflow is live. #Launch' })));
    const result = await engine().enhance({ platform: 'x', text: 'We launch today', tags: ['launch'], variant: 0 });
    expect(result).toEqual({ text: 'Launch day! Postflow is live. #Launch' });
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body.model).toBe('test-model');
    expect(request?.body.response_format).toEqual({ type: 'json_object' });
    expect(request?.body.messages?.[0]?.role).toBe('system');
    expect(request?.body.messages?.[0]?.content).toMatch(/280/u);
    expect(request?.body.messages?.[1]?.content).toContain('We launch today');
  });

  it('asks LinkedIn for a hook, short paragraphs and hashtags at the end, and tells the model the person’s best hashtags', async () => {
    const post = 'Big news today.\n\nWe shipped scheduling.\n\n#Launch #SaaS #Scheduling';
    handler = (_request, response) => reply(response, 200, completion(`\`\`\`json\n${JSON.stringify({ text: post })}\n\`\`\``));
    const result = await engine().enhance({
      platform: 'linkedin',
      text: 'We shipped scheduling for SaaS teams #Launch',
      tags: [],
      bestHashtags: ['#Scheduling'],
    });
    expect(result).toEqual({ text: post });
    const system = received[0]?.body.messages?.[0]?.content ?? '';
    expect(system).toMatch(/hook/iu);
    expect(system).toMatch(/3,000/u);
    expect(system).toMatch(/Never cut a sentence/u);
    expect(received[0]?.body.messages?.[1]?.content).toContain("The author's best-performing hashtags, best first: #Scheduling");
  });

  it('refuses an X answer over 280 weighted characters instead of cutting it', async () => {
    const long = `${'Scheduling posts for busy teams, every single day of the week. '.repeat(8)}#Growth`;
    handler = (_request, response) => reply(response, 200, completion(JSON.stringify({ text: long })));
    const error = await failure(engine().enhance({ platform: 'x', text: 'Scheduling', tags: [] }));
    expect(error.reason).toBe('over_limit');
    expect(error.message).toContain('length');
  });

  it('refuses a LinkedIn answer over 3,000 characters', async () => {
    handler = (_request, response) => reply(response, 200, completion(JSON.stringify({ text: 'word '.repeat(700) })));
    expect((await failure(engine().enhance({ platform: 'linkedin', text: 'x', tags: [] }))).reason).toBe('over_limit');
  });

  it('refuses an answer that cut a sentence or lost the link, and repairs hashtags the text gives no reason for', async () => {
    const original =
      'We tested five assistants on real client briefs. The best one saved our editors about 4 hours per issue, based on your feedback from last month. Read it at https://example.com/ai-tools';
    handler = (_request, response) =>
      reply(
        response,
        200,
        completion(
          JSON.stringify({ text: 'We tested five assistants. The best one saved our editors about 4 hours per issue, based on your…' }),
        ),
      );
    const cut = await failure(engine().enhance({ platform: 'x', text: original, tags: [] }));
    expect(cut.reason).toBe('broke_rules');
    expect(cut.message).toMatch(/no_cut/u);
    expect(cut.message).toMatch(/urls_kept/u);

    handler = (_request, response) =>
      reply(
        response,
        200,
        completion(
          JSON.stringify({
            text: 'We tested five assistants on client briefs. Read it at https://example.com/ai-tools #AI #Productivity #ClientBriefs #clientbriefs',
          }),
        ),
      );
    expect(await engine().enhance({ platform: 'x', text: original, tags: [] })).toEqual({
      text: 'We tested five assistants on client briefs. Read it at https://example.com/ai-tools #ClientBriefs',
    });
  });

  it('turns a 500 into AiUnavailable without echoing the key', async () => {
    handler = (request, response) =>
      reply(response, 500, JSON.stringify({ error: { message: `internal error for ${request.authorization ?? ''}` } }));
    const error = await failure(engine().enhance({ platform: 'x', text: 'Hello', tags: [] }));
    expect(error.reason).toBe('http');
    expect(error.detail.status).toBe(500);
    expect(error.detail.body).toContain('[redacted]');
  });

  it('gives up after the timeout', async () => {
    handler = (_request, response) => setTimeout(() => reply(response, 200, completion(JSON.stringify({ text: 'late' }))), 1000);
    const started = Date.now();
    const error = await failure(engine(150).enhance({ platform: 'x', text: 'Hello', tags: [] }));
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('rejects malformed answers', async () => {
    handler = (_request, response) => reply(response, 200, '{"choices": [');
    expect((await failure(engine().enhance({ platform: 'x', text: 'Hello', tags: [] }))).reason).toBe('invalid_answer');

    handler = (_request, response) => reply(response, 200, JSON.stringify({ data: [] }));
    expect((await failure(engine().enhance({ platform: 'x', text: 'Hello', tags: [] }))).reason).toBe('invalid_answer');

    handler = (_request, response) => reply(response, 200, completion('Sure! Here is your post: Hello world'));
    expect((await failure(engine().enhance({ platform: 'x', text: 'Hello', tags: [] }))).reason).toBe('invalid_answer');

    handler = (_request, response) => reply(response, 200, completion(JSON.stringify({ post: 'wrong field' })));
    expect((await failure(engine().enhance({ platform: 'x', text: 'Hello', tags: [] }))).reason).toBe('invalid_answer');
  });

  it('rejects empty answers', async () => {
    handler = (_request, response) => reply(response, 200, completion(null));
    expect((await failure(engine().enhance({ platform: 'x', text: 'Hello', tags: [] }))).reason).toBe('empty_answer');

    handler = (_request, response) => reply(response, 200, completion(JSON.stringify({ text: '   ' })));
    expect((await failure(engine().enhance({ platform: 'x', text: 'Hello', tags: [] }))).reason).toBe('empty_answer');
  });

  it('reports an unreachable service', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createOpenAiCompatibleEngine({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: API_KEY,
      model: 'm',
      timeoutMs: 2000,
    });
    expect((await failure(unreachable.enhance({ platform: 'x', text: 'Hello', tags: [] }))).reason).toBe('network');
  });

  it('normalises, de-duplicates and limits hashtag suggestions', async () => {
    handler = (_request, response) =>
      reply(
        response,
        200,
        completion(
          JSON.stringify({
            hashtags: [
              { tag: 'small business', score: 1.7, reason: 'topic' },
              { tag: '#SmallBusiness', score: 0.5 },
              { tag: '#123' },
              { tag: '#Growth', score: -1, reason: 'trend' },
              { tag: 'Marketing', score: 0.4 },
              { tag: '#Extra', score: 0.3 },
            ],
          }),
        ),
      );
    const suggestions = await engine().recommendHashtags({ content: 'A post about small business growth', platform: 'x' });
    expect(suggestions.map((suggestion) => suggestion.tag)).toEqual(['#SmallBusiness', '#Growth', '#Marketing']);
    for (const suggestion of suggestions) {
      expect(suggestion.score).toBeGreaterThanOrEqual(0);
      expect(suggestion.score).toBeLessThanOrEqual(1);
      expect(suggestion.reason.length).toBeGreaterThan(0);
    }
  });

  it('normalises content ideas and keeps X hooks within 280', async () => {
    handler = (_request, response) =>
      reply(
        response,
        200,
        completion(
          JSON.stringify({
            ideas: [
              {
                title: 'How to start',
                hook: 'h'.repeat(400),
                outline: ['a', 'b', 'c', 'd', 'e', 'f'],
                hashtags: ['remote work', '#Tips', '#tips', '#More', '#Four'],
                format: 'Twitter thread',
                angle: 'How-to',
              },
              { title: 'Empty', hook: 'x', outline: ['  '] },
              { title: 'Poll', hook: 'Which one?', outline: ['A', 'B', 'C'], format: 'poll', angle: 'question' },
            ],
          }),
        ),
      );
    const ideas = await engine().contentIdeas({ topic: 'remote work', platform: 'x', count: 3 });
    expect(ideas).toHaveLength(2);
    const [first, second] = ideas;
    expect(xWeightedLength(first?.hook ?? '')).toBeLessThanOrEqual(280);
    expect(first?.outline).toHaveLength(5);
    expect(first?.hashtags).toEqual(['#RemoteWork', '#Tips', '#More']);
    expect(first?.format).toBe('thread');
    expect(first?.angle).toBe('how-to');
    expect(second?.format).toBe('poll');
    expect(second?.angle).toBe('question');
  });

  describe('wording insights', () => {
    const findings = [
      {
        title: 'Posts at 09:00 get 42% more engagement',
        description: 'Your 12 posts published between 09:00 and 10:00 UTC had an engagement rate of 3.4%, against 2.4% for the others.',
        recommendation: 'Schedule your next posts for 09:00.',
        evidence: { lift: 1.42, group_size: 12, rest_size: 40, window: '09:00–10:00' },
      },
      {
        title: 'Images help on LinkedIn',
        description: 'Posts with an image had 1,204 impressions on average, against 610 without.',
        recommendation: 'Add an image to your LinkedIn posts.',
        evidence: { withImage: 1204, withoutImage: 610 },
      },
    ];

    it('sends each insight with its statistics and shows the model wording when it keeps to the figures', async () => {
      const worded = [
        {
          title: 'Your 9 AM posts shine',
          description: 'Posts you sent at 09:00 UTC drew 42% more engagement: 3.4% against 2.4%, over 12 posts.',
          recommendation: 'Keep your best posts for 9 in the morning.',
        },
        {
          title: 'Pictures pay off on LinkedIn',
          description: 'With an image your posts averaged 1,204 impressions; without, 610.',
          recommendation: 'Give your next LinkedIn post a picture.',
        },
      ];
      handler = (_request, response) => reply(response, 200, completion(JSON.stringify({ insights: worded })));
      expect(await engine().wordInsights(findings)).toEqual(worded);
      const user = received[0]?.body.messages?.[1]?.content ?? '';
      expect(user).toContain('Posts at 09:00 get 42% more engagement');
      expect(user).toContain('"withImage":1204');
      expect(received[0]?.body.messages?.[0]?.content).toMatch(/every figure/iu);
    });

    it('keeps the statistics own words for an insight whose wording invents a figure or is empty', async () => {
      handler = (_request, response) =>
        reply(
          response,
          200,
          completion(
            JSON.stringify({
              insights: [
                { title: 'Your 9 AM posts shine', description: 'They drew 57% more engagement.', recommendation: 'Post at 9.' },
                { title: '', description: 'Images help.', recommendation: 'Add one.' },
              ],
            }),
          ),
        );
      const [first, second] = await engine().wordInsights(findings);
      expect(first?.description).toBe(findings[0]?.description);
      expect(second?.title).toBe('Images help on LinkedIn');
    });

    it('is unavailable when the model answers for another number of insights', async () => {
      handler = (_request, response) =>
        reply(response, 200, completion(JSON.stringify({ insights: [{ title: 't', description: 'd', recommendation: 'r' }] })));
      expect((await failure(engine().wordInsights(findings))).reason).toBe('invalid_answer');
    });

    it('asks nothing when there is nothing to word', async () => {
      expect(await engine().wordInsights([])).toEqual([]);
      expect(received).toHaveLength(0);
    });
  });
});
