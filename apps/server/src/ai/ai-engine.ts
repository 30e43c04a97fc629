import type { Network } from '@postflow/contract';

export interface EnhanceRequest {
  platform: Network;
  /** What the person wrote. */
  text: string;
  /** Hashtags or topics the person wants used (with or without '#'). */
  tags: string[];
  /** 0 (or absent) for the first suggestion; the wizard's "regenerate" asks for the next one. */
  variant?: number;
  /**
   * The person's own best-performing hashtags on this network, best first (from their analytics).
   * A post may use one when its text is about it; none is added to a text that is not.
   */
  bestHashtags?: readonly string[];
}

/** A tailored version (docs/ai.md). */
export interface EnhanceResult {
  text: string;
  /**
   * X only: the text as a thread, proposed when it cannot be one post without dropping some of it.
   * Its parts are the writer's words, each within 280.
   */
  thread?: string[];
}

export interface HashtagRequest {
  content: string;
  platform: Network;
  /** How many to return; by default 3 for X and 5 for LinkedIn. */
  limit?: number;
}

export interface HashtagSuggestion {
  /** '#' then letters and digits in CamelCase, e.g. '#SmallBusinesses'. */
  tag: string;
  /** How strongly the text supports it, 0 to 1. */
  score: number;
  /** Why it was suggested, in words a person reads. */
  reason: string;
}

export interface IdeasRequest {
  topic: string;
  platform: Network;
  /** How many ideas; 5 by default, at most 10. */
  count?: number;
}

export const contentFormats = ['thread', 'single', 'carousel', 'poll', 'video'] as const;
export type ContentFormat = (typeof contentFormats)[number];

export const contentAngles = [
  'how-to',
  'list',
  'story',
  'contrarian',
  'question',
  'behind-the-scenes',
  'data-point',
  'mistakes',
  'comparison',
  'checklist',
] as const;
export type ContentAngle = (typeof contentAngles)[number];

export interface ContentIdea {
  title: string;
  /** The opening line, sized for the platform (within 280 weighted characters on X). */
  hook: string;
  /** Three to five points the post covers. */
  outline: string[];
  hashtags: string[];
  /** The shape of the post on the network. */
  format: ContentFormat;
  /** The kind of idea. */
  angle: ContentAngle;
}

/**
 * The port for writing help. The built-in engine works offline and is deterministic; the
 * OpenAI-compatible one calls a configured model. Both keep every text within its network's limit
 * (X 280 weighted characters, LinkedIn 3,000 characters after little-text escaping) and the
 * tailoring rules of docs/ai.md, checked by `checkTailoring`.
 *
 * The only error a caller needs to handle is `AiUnavailable`: the content service then applies
 * the documented fallback (`specFallback`; docs/product.md, Composer · Enhance).
 */
export interface AiEngine {
  readonly name: 'builtin' | 'openai-compatible';
  enhance(request: EnhanceRequest): Promise<EnhanceResult>;
  recommendHashtags(request: HashtagRequest): Promise<HashtagSuggestion[]>;
  contentIdeas(request: IdeasRequest): Promise<ContentIdea[]>;
  /**
   * Words for insights that statistics found: one wording per finding, in the same order. The
   * findings' figures are the facts; an engine may only say them better.
   */
  wordInsights(findings: readonly InsightFinding[]): Promise<InsightWording[]>;
}

export interface InsightWording {
  title: string;
  description: string;
  recommendation: string;
}

/** A finding as the statistics phrased it, with the figures behind it. */
export interface InsightFinding extends InsightWording {
  evidence: Record<string, unknown>;
}

export type AiFailure = 'not_ready' | 'network' | 'timeout' | 'http' | 'invalid_answer' | 'empty_answer' | 'over_limit' | 'broke_rules';

/**
 * The engine could not produce an answer (the AI service is down, slow, or answered something
 * unusable; or the built-in language model failed to load). Messages never contain the API key or
 * the service's answer; `detail` keeps a status and a short, scrubbed excerpt for the log.
 */
export class AiUnavailable extends Error {
  override name = 'AiUnavailable';

  constructor(
    message: string,
    readonly reason: AiFailure,
    readonly detail: { status?: number; body?: string } = {},
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
  }
}

export const DEFAULT_HASHTAG_LIMIT: Record<Network, number> = { x: 3, linkedin: 5 };
export const MAX_HASHTAG_LIMIT = 20;
export const DEFAULT_IDEA_COUNT = 5;
export const MAX_IDEA_COUNT = 10;

/** The number of hashtags or ideas to return, from an optional request value. */
export function clampCount(requested: number | undefined, fallback: number, max: number): number {
  if (requested === undefined || !Number.isFinite(requested)) return fallback;
  return Math.min(max, Math.max(1, Math.trunc(requested)));
}
