import { fitToX, type Network } from '@postflow/contract';
import type { z } from 'zod';
import {
  AiUnavailable,
  DEFAULT_HASHTAG_LIMIT,
  DEFAULT_IDEA_COUNT,
  MAX_HASHTAG_LIMIT,
  MAX_IDEA_COUNT,
  clampCount,
  contentAngles,
  contentFormats,
  type AiEngine,
  type ContentAngle,
  type ContentFormat,
  type ContentIdea,
  type HashtagSuggestion,
} from '../ai-engine';
import { hashtagKey, normaliseTag } from '../text-rules';
import { acceptWording } from './insight-wording';
import { acceptTailoredAnswer } from './tailored-answer';
import {
  enhancePrompt,
  enhanceUserMessage,
  hashtagsPrompt,
  ideasPrompt,
  INSIGHT_WORDING_PROMPT,
  insightWordingUserMessage,
} from './prompts';
import { chatCompletionSchema, enhanceAnswerSchema, hashtagsAnswerSchema, ideasAnswerSchema, insightWordingAnswerSchema } from './schemas';

export interface OpenAiCompatibleConfig {
  /** e.g. 'https://api.openai.com/v1' or 'http://localhost:11434/v1' (Ollama). */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const TEMPERATURE = 0.7;
const DETAIL_BODY_MAX = 300;
const LINKEDIN_HOOK_MAX = 200;

/** The model's JSON, also when wrapped in a Markdown fence or in a sentence. */
function parseJsonContent(content: string): unknown {
  const unfenced = content.replace(/^```(?:json)?\s*/iu, '').replace(/\s*```$/u, '');
  try {
    return JSON.parse(unfenced);
  } catch {
    const start = unfenced.indexOf('{');
    const end = unfenced.lastIndexOf('}');
    if (start < 0 || end <= start) return undefined;
    try {
      return JSON.parse(unfenced.slice(start, end + 1));
    } catch {
      return undefined;
    }
  }
}

/** A post as the model wrote it, without quotes around it. */
function cleanPost(text: string): string {
  const trimmed = text.trim();
  const quoted = /^(["“'])([\s\S]*)(["”'])$/u.exec(trimmed);
  return (quoted ? (quoted[2] as string) : trimmed).replace(/\r\n?/gu, '\n').trim();
}

function knownFormat(value: string | undefined): ContentFormat {
  const lower = (value ?? '').toLowerCase();
  return contentFormats.find((format) => lower.includes(format)) ?? 'single';
}

function knownAngle(value: string | undefined, index: number): ContentAngle {
  const normalised = (value ?? '').toLowerCase().replace(/[\s_]+/gu, '-');
  return (
    contentAngles.find((angle) => normalised.includes(angle) || (normalised && angle.includes(normalised))) ??
    (contentAngles[index % contentAngles.length] as ContentAngle)
  );
}

function hashtagsFrom(tags: string[], max: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = normaliseTag(raw);
    if (!tag || seen.has(hashtagKey(tag)) || out.length >= max) continue;
    seen.add(hashtagKey(tag));
    out.push(tag);
  }
  return out;
}

/**
 * An engine for any service that speaks OpenAI's chat-completions protocol (OpenAI, Ollama, vLLM,
 * LM Studio…). Every answer is checked with zod, and a tailored post is held to the tailoring rules
 * (`acceptTailoredAnswer`, docs/ai.md). Any failure (network, timeout, non-2xx, unusable or empty
 * answer, a post that breaks a hard rule) is `AiUnavailable`, and the built-in engine answers
 * instead. The API key is sent only in the Authorization header and never appears in errors.
 */
export function createOpenAiCompatibleEngine(config: OpenAiCompatibleConfig): AiEngine {
  const fetchImpl = config.fetch ?? fetch;
  const endpoint = `${config.baseUrl.replace(/\/+$/u, '')}/chat/completions`;
  const seconds = Math.round(config.timeoutMs / 100) / 10;

  // A service may echo the request (and so the key) in an error body: keep it out of the log.
  const scrub = (text: string) => {
    const withoutKey = config.apiKey ? text.split(config.apiKey).join('[redacted]') : text;
    return withoutKey.replace(/\b(Bearer)\s+\S+/giu, '$1 [redacted]').slice(0, DETAIL_BODY_MAX);
  };

  async function ask<T>(schema: z.ZodType<T>, system: string, user: string, seed = 0): Promise<T> {
    let status: number;
    let raw: string;
    try {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${config.apiKey}` },
        body: JSON.stringify({
          model: config.model,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
          temperature: TEMPERATURE,
          seed,
          response_format: { type: 'json_object' },
        }),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      status = response.status;
      raw = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new AiUnavailable(`The AI service did not answer within ${seconds} s`, 'timeout');
      }
      throw new AiUnavailable('The AI service could not be reached', 'network', {}, { cause: error });
    }
    if (status < 200 || status > 299) {
      throw new AiUnavailable(`The AI service answered with status ${status}`, 'http', { status, body: scrub(raw) });
    }

    let envelope: unknown;
    try {
      envelope = JSON.parse(raw);
    } catch {
      throw new AiUnavailable('The AI service answered something other than JSON', 'invalid_answer', { status, body: scrub(raw) });
    }
    const completion = chatCompletionSchema.safeParse(envelope);
    if (!completion.success) {
      throw new AiUnavailable('The AI service answered in an unexpected shape', 'invalid_answer', { status, body: scrub(raw) });
    }
    const content = completion.data.choices[0]?.message.content?.trim();
    if (!content) throw new AiUnavailable('The AI service gave an empty answer', 'empty_answer', { status });
    const answer = schema.safeParse(parseJsonContent(content));
    if (!answer.success) {
      throw new AiUnavailable("The AI model's answer did not have the expected fields", 'invalid_answer', { status, body: scrub(content) });
    }
    return answer.data;
  }

  return {
    name: 'openai-compatible',

    async enhance({ platform, text, tags, variant, bestHashtags }) {
      const seed = Math.max(0, Math.trunc(variant ?? 0));
      const answer = await ask(enhanceAnswerSchema, enhancePrompt(platform), enhanceUserMessage(text, tags, seed, bestHashtags), seed);
      const post = cleanPost(answer.text);
      if (!post) throw new AiUnavailable('The AI model returned an empty post', 'empty_answer');
      return acceptTailoredAnswer(text, { text: post, thread: answer.thread }, platform, { tags, bestHashtags: bestHashtags ?? [] }, scrub);
    },

    async recommendHashtags({ content, platform, limit }) {
      const max = clampCount(limit, DEFAULT_HASHTAG_LIMIT[platform], MAX_HASHTAG_LIMIT);
      const answer = await ask(hashtagsAnswerSchema, hashtagsPrompt(platform, max), `Post:\n"""\n${content}\n"""`);
      const seen = new Set<string>();
      const suggestions: HashtagSuggestion[] = [];
      for (const item of answer.hashtags) {
        const tag = normaliseTag(item.tag);
        if (!tag || seen.has(hashtagKey(tag)) || suggestions.length >= max) continue;
        seen.add(hashtagKey(tag));
        const score = Number.isFinite(item.score) ? Math.min(1, Math.max(0, item.score as number)) : 0.5;
        suggestions.push({ tag, score: Math.round(score * 100) / 100, reason: item.reason?.trim() || 'Suggested by the AI model' });
      }
      if (suggestions.length === 0) throw new AiUnavailable('The AI model suggested no usable hashtags', 'empty_answer');
      return suggestions;
    },

    async contentIdeas({ topic, platform, count }) {
      const wanted = clampCount(count, DEFAULT_IDEA_COUNT, MAX_IDEA_COUNT);
      const answer = await ask(ideasAnswerSchema, ideasPrompt(platform, wanted), `Topic: ${topic}`);
      const ideas: ContentIdea[] = answer.ideas.slice(0, wanted).flatMap((idea, index) => {
        const outline = idea.outline
          .map((point) => point.trim())
          .filter(Boolean)
          .slice(0, 5);
        if (outline.length === 0) return [];
        return [
          {
            title: idea.title.trim(),
            hook: hookFor(platform, idea.hook.trim()),
            outline,
            hashtags: hashtagsFrom(idea.hashtags ?? [], DEFAULT_HASHTAG_LIMIT[platform]),
            format: knownFormat(idea.format),
            angle: knownAngle(idea.angle, index),
          },
        ];
      });
      if (ideas.length === 0) throw new AiUnavailable('The AI model suggested no usable ideas', 'empty_answer');
      return ideas;
    },

    async wordInsights(findings) {
      if (findings.length === 0) return [];
      const answer = await ask(insightWordingAnswerSchema, INSIGHT_WORDING_PROMPT, insightWordingUserMessage(findings));
      // A shorter or longer list cannot be matched to the findings with certainty.
      if (answer.insights.length !== findings.length) {
        throw new AiUnavailable(`The AI model worded ${answer.insights.length} insights of ${findings.length}`, 'invalid_answer');
      }
      return findings.map((finding, index) => acceptWording(finding, answer.insights[index]));
    },
  };
}

function hookFor(platform: Network, hook: string): string {
  if (platform === 'x') return fitToX(hook);
  return hook.length <= LINKEDIN_HOOK_MAX ? hook : `${hook.slice(0, LINKEDIN_HOOK_MAX - 1).trimEnd()}…`;
}
