import { AiUnavailable, type AiEngine } from './ai-engine';
import { createBuiltinAiEngine } from './builtin/builtin-engine';
import { createOpenAiCompatibleEngine } from './openai-compatible/openai-compatible-engine';

export { specFallback } from './text-rules';
export { createBuiltinAiEngine };

/** What the server's configuration gives the AI module (from AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT). */
export interface AiConfig {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  model?: string | undefined;
  timeoutMs: number;
}

/**
 * The OpenAI-compatible engine when a base URL, an API key and a model are all configured; the
 * built-in engine otherwise (the default: offline, no keys).
 */
export function createAiEngine(config: AiConfig, options: { fetch?: typeof fetch } = {}): AiEngine {
  const { baseUrl, apiKey, model, timeoutMs } = config;
  if (baseUrl && apiKey && model) return createOpenAiCompatibleEngine({ baseUrl, apiKey, model, timeoutMs, ...options });
  return createBuiltinAiEngine();
}

export type AiOperation = 'enhance' | 'recommendHashtags' | 'contentIdeas' | 'wordInsights';

/**
 * `primary`, answering with `fallback` whenever `primary` throws `AiUnavailable` (e.g. the remote
 * model is down, so the built-in engine answers). Other errors are bugs and pass through.
 * `onFallback` is the place to log the reason (messages carry no secrets).
 */
export function withFallback(
  primary: AiEngine,
  fallback: AiEngine,
  options: { onFallback?: (error: AiUnavailable, operation: AiOperation) => void } = {},
): AiEngine {
  const guarded = async <T>(operation: AiOperation, run: (engine: AiEngine) => Promise<T>): Promise<T> => {
    try {
      return await run(primary);
    } catch (error) {
      if (!(error instanceof AiUnavailable)) throw error;
      options.onFallback?.(error, operation);
      return run(fallback);
    }
  };
  return {
    name: primary.name,
    enhance: (request) => guarded('enhance', (engine) => engine.enhance(request)),
    recommendHashtags: (request) => guarded('recommendHashtags', (engine) => engine.recommendHashtags(request)),
    contentIdeas: (request) => guarded('contentIdeas', (engine) => engine.contentIdeas(request)),
    wordInsights: (findings) => guarded('wordInsights', (engine) => engine.wordInsights(findings)),
  };
}
