import { describe, expect, it, vi } from 'vitest';
import { AiUnavailable, type AiEngine } from './ai-engine';
import { createAiEngine, specFallback, withFallback } from './create-ai-engine';

const stub = (name: AiEngine['name'], enhance: AiEngine['enhance']): AiEngine => ({
  name,
  enhance,
  recommendHashtags: async () => [{ tag: `#${name.replace('-', '')}`, score: 1, reason: name }],
  contentIdeas: async () => [],
  wordInsights: async (findings) => findings.map((finding) => ({ ...finding, title: `${name}: ${finding.title}` })),
});

describe('createAiEngine', () => {
  it('uses the OpenAI-compatible engine only when base URL, key and model are all set', () => {
    expect(createAiEngine({ baseUrl: 'http://localhost:11434/v1', apiKey: 'k', model: 'llama3', timeoutMs: 20_000 }).name).toBe(
      'openai-compatible',
    );
    expect(createAiEngine({ timeoutMs: 20_000 }).name).toBe('builtin');
    expect(createAiEngine({ baseUrl: 'http://localhost:11434/v1', model: 'llama3', timeoutMs: 20_000 }).name).toBe('builtin');
    expect(createAiEngine({ baseUrl: 'http://localhost:11434/v1', apiKey: 'k', timeoutMs: 20_000 }).name).toBe('builtin');
  });

  it('passes the injected fetch to the remote engine', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () => new Response(JSON.stringify({ choices: [{ message: { content: '{"text":"hi"}' } }] }), { status: 200 }),
    );
    const engine = createAiEngine({ baseUrl: 'http://ai.test/v1/', apiKey: 'k', model: 'm', timeoutMs: 1000 }, { fetch });
    expect(await engine.enhance({ platform: 'x', text: 'hello', tags: [] })).toEqual({ text: 'hi' });
    expect(fetch).toHaveBeenCalledWith('http://ai.test/v1/chat/completions', expect.objectContaining({ method: 'POST' }));
  });
});

describe('withFallback', () => {
  it('answers with the fallback when the primary engine is unavailable, and says so', async () => {
    const onFallback = vi.fn();
    const primary = stub('openai-compatible', async () => {
      throw new AiUnavailable('down', 'http', { status: 503 });
    });
    const engine = withFallback(
      primary,
      stub('builtin', async ({ text }) => ({ text: `builtin: ${text}` })),
      { onFallback },
    );
    expect(engine.name).toBe('openai-compatible');
    expect(await engine.enhance({ platform: 'x', text: 'hello', tags: [] })).toEqual({ text: 'builtin: hello' });
    expect(onFallback).toHaveBeenCalledWith(expect.any(AiUnavailable), 'enhance');
  });

  it('keeps the statistics in the built-in words when the model cannot word the insights', async () => {
    const onFallback = vi.fn();
    const primary: AiEngine = {
      ...stub('openai-compatible', async () => ({ text: 'remote' })),
      wordInsights: async () => {
        throw new AiUnavailable('down', 'timeout');
      },
    };
    const engine = withFallback(
      primary,
      stub('builtin', async () => ({ text: 'local' })),
      { onFallback },
    );
    const [worded] = await engine.wordInsights([{ title: 'Posts at 09:00 do best', description: 'd', recommendation: 'r', evidence: {} }]);
    expect(worded?.title).toBe('builtin: Posts at 09:00 do best');
    expect(onFallback).toHaveBeenCalledWith(expect.any(AiUnavailable), 'wordInsights');
  });

  it('uses the primary engine when it answers', async () => {
    const engine = withFallback(
      stub('openai-compatible', async () => ({ text: 'remote' })),
      stub('builtin', async () => ({ text: 'local' })),
    );
    expect(await engine.enhance({ platform: 'linkedin', text: 'hello', tags: [] })).toEqual({ text: 'remote' });
    expect(await engine.recommendHashtags({ content: 'x', platform: 'x' })).toEqual([
      { tag: '#openaicompatible', score: 1, reason: 'openai-compatible' },
    ]);
  });

  it('lets programming errors through', async () => {
    const engine = withFallback(
      stub('openai-compatible', async () => {
        throw new TypeError('bug');
      }),
      stub('builtin', async () => ({ text: 'local' })),
    );
    await expect(engine.enhance({ platform: 'x', text: 'hello', tags: [] })).rejects.toThrow(TypeError);
  });
});

describe('specFallback (docs/product.md, Composer · Enhance)', () => {
  it('keeps the original text, cutting X text over 280 characters to 277 plus "..."', () => {
    const long = 'word '.repeat(100);
    expect(specFallback('x', long)).toBe(`${long.slice(0, 277)}...`);
    expect(specFallback('x', 'short')).toBe('short');
    expect(specFallback('linkedin', long)).toBe(long);
  });
});
