import { extractHashtags } from '@postflow/contract';
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
 * The topic a hook can name: the most repeated, earliest noun phrase, else a name, else a keyword
 * the text repeats. None when the text gives no clear topic (the hook is then its first sentence).
 */
function keyPhrase(terms: Term[]): string | undefined {
  const rank = { phrase: 0, name: 1, keyword: 2 } as const;
  const best = terms
    .filter((term) => term.display.length <= 40 && (term.kind !== 'keyword' || term.count >= 2))
    .sort((a, b) => rank[a.kind] - rank[b.kind] || b.count - a.count || a.first - b.first)[0];
  return best?.display;
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

    async enhance({ platform, text, tags, variant }) {
      const { text: tightened, analysis } = await analyse(text);
      // Hashtags the text already has come first among the suggestions; the writers skip them.
      const suggestions = rankHashtags(tightened, analysis, SUGGESTION_POOL + extractHashtags(tightened).length);
      const input = { text, tags, variant: variantNumber(variant), suggestions };
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
