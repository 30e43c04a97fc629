import { extractHashtags } from '@postflow/contract';
import { evidenceIn, type HashtagSources } from '../tailoring/hashtag-evidence';
import { hashtagKey, normaliseTag } from '../text-rules';
import {
  AiUnavailable,
  DEFAULT_HASHTAG_LIMIT,
  DEFAULT_IDEA_COUNT,
  MAX_HASHTAG_LIMIT,
  MAX_IDEA_COUNT,
  clampCount,
  type AiEngine,
} from '../ai-engine';
import { enhanceForLinkedIn } from './enhance-linkedin';
import { enhanceForX } from './enhance-x';
import { rankHashtags } from './hashtags';
import { ideasFor } from './ideas';
import { loadNlp, type Nlp, type Term, type TextAnalysis } from './nlp';
import { tightenForX } from './tighten';
import { variantNumber } from './variation';

// Enough suggestions for the X and LinkedIn writers to choose and rotate among.
const SUGGESTION_POOL = 8;

async function nlp(): Promise<Nlp> {
  try {
    return await loadNlp();
  } catch (error) {
    throw new AiUnavailable('The built-in writing assistant could not load its language model', 'not_ready', {}, { cause: error });
  }
}

/** Topics of a text, read after wordy phrases are shortened ("in order to" must not suggest #Order). */
async function analyse(text: string): Promise<{ text: string; analysis: TextAnalysis }> {
  const tightened = tightenForX(text);
  return { text: tightened, analysis: (await nlp()).analyse(tightened) };
}

/**
 * The topic a hook can name ("small businesses", "Postflow"): the text's most repeated noun phrase
 * or name, said at least twice, so a phrase met once in passing never heads a post and a bare word
 * never makes an awkward line ("Let's talk about newsletter."). None when the text has no such topic.
 */
function keyPhrase(terms: Term[]): string | undefined {
  return terms
    .filter((term) => term.kind !== 'keyword' && term.display.length <= 40 && term.count >= 2)
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'phrase' ? -1 : 1) || b.count - a.count || a.first - b.first)[0]?.display;
}

/**
 * The hashtags a version may add, best first (docs/ai.md, Hashtags): the person's own, then the
 * suggestions the text gives evidence for, once each and none the text already has.
 */
function addableHashtags(text: string, candidates: readonly (string | undefined)[], sources: HashtagSources): string[] {
  const taken = new Set(extractHashtags(text).map(hashtagKey));
  const evidence = evidenceIn(text, sources);
  const out: string[] = [];
  for (const tag of candidates) {
    if (!tag || taken.has(hashtagKey(tag)) || evidence(tag) === undefined) continue;
    taken.add(hashtagKey(tag));
    out.push(tag);
  }
  // A single word inside a phrase also offered ('#Pricing' beside '#PricingPages') says the same thing twice.
  const keys = out.map(hashtagKey);
  return out.filter((tag, index) => {
    const key = keys[index] as string;
    return !keys.some((other, at) => at !== index && other.length > key.length && other.includes(key));
  });
}

/**
 * The default engine: offline and deterministic (the same request always gives the same answer;
 * another `variant` gives another equally valid one). Uses platform rules and keywords from
 * wink-nlp; see docs/decisions/040-ai-engine.md.
 */
export function createBuiltinAiEngine(): AiEngine {
  return {
    name: 'builtin',

    // The statistics' own sentences are this engine's wording: they already say each figure plainly.
    async wordInsights(findings) {
      return findings.map(({ title, description, recommendation }) => ({ title, description, recommendation }));
    },

    async enhance({ platform, text, tags, variant, bestHashtags }) {
      const { text: tightened, analysis } = await analyse(text);
      const sources: HashtagSources = { tags, bestHashtags: bestHashtags ?? [] };
      const suggestions = rankHashtags(tightened, analysis, SUGGESTION_POOL + extractHashtags(tightened).length, bestHashtags);
      const input = {
        text,
        variant: variantNumber(variant),
        hashtags: addableHashtags(text, [...tags.map(normaliseTag), ...suggestions.map((suggestion) => suggestion.tag)], sources),
        terms: analysis.terms,
        sources,
      };
      return platform === 'x' ? enhanceForX(input) : enhanceForLinkedIn({ ...input, keyPhrase: keyPhrase(analysis.terms) });
    },

    async recommendHashtags({ content, platform, limit }) {
      const { text, analysis } = await analyse(content);
      return rankHashtags(text, analysis, clampCount(limit, DEFAULT_HASHTAG_LIMIT[platform], MAX_HASHTAG_LIMIT));
    },

    async contentIdeas({ topic, platform, count }) {
      const { text, analysis } = await analyse(topic);
      const topicTags = rankHashtags(text, analysis, 4);
      return ideasFor(topic, platform, clampCount(count, DEFAULT_IDEA_COUNT, MAX_IDEA_COUNT), topicTags);
    },
  };
}
