import { extractHashtags } from '@postflow/contract';
import { hashtagKey, normaliseTag } from '../text-rules';
import { isFunctionWord } from './function-words';
import { plainPart, startsSentence, wordsAt } from './text-facts';

/** What a tailored post's hashtags may come from, besides the text (docs/ai.md, Hashtags). */
export interface HashtagSources {
  /** Tags the person asked for. */
  tags?: readonly string[];
  /** The person's own best-performing hashtags, best first (from their analytics). */
  bestHashtags?: readonly string[];
}

/**
 * Why a hashtag belongs on a post about `original`: the writer used or asked for it, it is one of
 * their best-performing hashtags and the text is about it, or the text holds it as a key phrase (a
 * run of two or more words that neither starts nor ends on a function word), a name, or a word it
 * repeats. Undefined for anything else: a word the text says once in passing is not a topic.
 */
export type HashtagEvidence = 'existing' | 'requested' | 'best' | 'phrase' | 'name' | 'repeated';

const MAX_PHRASE_WORDS = 4;

function keyOf(raw: string | undefined): string | undefined {
  const tag = raw === undefined ? undefined : normaliseTag(raw);
  return tag === undefined ? undefined : hashtagKey(tag);
}

/**
 * `hashtagEvidence` for many tags of one text: the text's words are read once.
 */
export function evidenceIn(original: string, sources: HashtagSources = {}): (tag: string) => HashtagEvidence | undefined {
  const existing = new Set(extractHashtags(original).map(hashtagKey));
  const requested = new Set((sources.tags ?? []).map(keyOf).filter((key) => key !== undefined));
  const best = new Set((sources.bestHashtags ?? []).map(keyOf).filter((key) => key !== undefined));
  const plain = plainPart(original);
  const at = wordsAt(plain);
  const words = at.map(({ word }) => word.toLowerCase());

  /** The runs of words that spell the tag ("small businesses" for '#SmallBusinesses'), none starting or ending on a function word. */
  const spellings = (key: string) => {
    const found: { from: number; to: number }[] = [];
    for (let from = 0; from < words.length; from++) {
      if (isFunctionWord(words[from] as string)) continue;
      let joined = '';
      for (let to = from; to < Math.min(words.length, from + MAX_PHRASE_WORDS); to++) {
        joined += words[to];
        if (hashtagKey(joined) === key && !isFunctionWord(words[to] as string)) found.push({ from, to });
        if (joined.length > key.length + 2) break;
      }
    }
    return found;
  };

  return (tag) => {
    const key = hashtagKey(tag);
    if (existing.has(key)) return 'existing';
    if (requested.has(key)) return 'requested';
    const found = spellings(key);
    if (found.length === 0) return undefined;
    if (best.has(key)) return 'best';
    if (found.some(({ from, to }) => to > from)) return 'phrase';
    if (found.length >= 2) return 'repeated';
    const word = at[found[0]?.from ?? -1];
    // A unit after a figure ("9 TB", "40 GB") is capitalised without being a name.
    const capitalised =
      word !== undefined && word.word.length > 1 && /^\p{Lu}/u.test(word.word) && !/\p{N}\s*$/u.test(plain.slice(0, word.index));
    return capitalised && (/\p{Lu}/u.test(word.word.slice(1)) || !startsSentence(plain, word.index)) ? 'name' : undefined;
  };
}

export function hashtagEvidence(tag: string, original: string, sources: HashtagSources = {}): HashtagEvidence | undefined {
  return evidenceIn(original, sources)(tag);
}
