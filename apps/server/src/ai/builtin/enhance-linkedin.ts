import { LINKEDIN_MAX_LENGTH, extractHashtags, linkedInLength, splitTrailingHashtags } from '@postflow/contract';
import type { HashtagSuggestion } from '../ai-engine';
import { hashtagKey, normaliseTag } from '../text-rules';
import { capitalise, isList, sentences } from './sentences';
import { normaliseWhitespace } from './tighten';
import { hashText, pick, rotate } from './variation';

const MIN_TAGS = 3;
// Suggestions below this score are too weakly supported to publish, even to reach three hashtags.
const MIN_SCORE = 0.3;
const MAX_TAGS = 5;
const HOOK_MAX = 160;
const LONG_SENTENCE = 200;
const PAIR_MAX = 320;
const ELLIPSIS = '…';

export interface LinkedInInput {
  text: string;
  tags: string[];
  variant: number;
  suggestions: HashtagSuggestion[];
  /** The text's main topic as it reads mid-sentence ("small businesses"), when one was found. */
  keyPhrase: string | undefined;
}

const QUESTION_HOOKS: [(topic: string) => string, ...((topic: string) => string)[]] = [
  (topic) => `What would change if ${topic} got easier?`,
  (topic) => `Are you thinking about ${topic} the right way?`,
  (topic) => `What's your take on ${topic}?`,
  (topic) => `Ever wondered what's next for ${topic}?`,
];
const STATEMENT_HOOKS: [(topic: string) => string, ...((topic: string) => string)[]] = [
  (topic) => `A quick update on ${topic}.`,
  (topic) => `Let's talk about ${topic}.`,
  (topic) => `${capitalise(topic)}: here's what's new.`,
  (topic) => `Something worth knowing about ${topic}.`,
];

/** The longest word-boundary prefix of `text` whose escaped length is at most `budget`. */
function cutToLength(text: string, budget: number): string {
  if (budget <= 0) return '';
  if (linkedInLength(text) <= budget) return text;
  const ends = [...text.matchAll(/\s+/gu)].map((match) => match.index);
  let low = 0;
  let high = ends.length - 1;
  let best = '';
  while (low <= high) {
    const middle = (low + high) >> 1;
    const prefix = text.slice(0, ends[middle]).replace(/[\s,;:.\-–—]+$/u, '');
    if (linkedInLength(prefix) <= budget) {
      best = prefix;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  if (best) return best;
  // One very long word: cut by characters.
  const characters = [...text];
  let fits = 0;
  let over = characters.length;
  while (over - fits > 1) {
    const middle = (fits + over) >> 1;
    if (linkedInLength(characters.slice(0, middle).join('')) <= budget) fits = middle;
    else over = middle;
  }
  return characters.slice(0, fits).join('');
}

/** Sentences of one paragraph grouped into short paragraphs of one or two sentences. */
function shortParagraphs(parts: string[], perParagraph: 1 | 2): string[] {
  const out: string[] = [];
  let current: string[] = [];
  // Chinese and Japanese sentences follow each other without a space.
  const join = (sentences: string[]) =>
    sentences.reduce((text, sentence) => (!text ? sentence : /[。！？]$/u.test(text) ? `${text}${sentence}` : `${text} ${sentence}`), '');
  const flush = () => {
    if (current.length > 0) out.push(join(current));
    current = [];
  };
  for (const sentence of parts) {
    const joined = join([...current, sentence]);
    if (current.length >= perParagraph || sentence.length > LONG_SENTENCE || joined.length > PAIR_MAX) flush();
    current.push(sentence);
  }
  flush();
  return out;
}

function assemble(hook: string, paragraphs: string[], tagLine: string): string {
  return [hook, ...paragraphs, tagLine].filter(Boolean).join('\n\n');
}

/** Keeps the hook and the hashtags, and as many paragraphs as fit LinkedIn's limit (the last one cut). */
function fitLinkedIn(hook: string, paragraphs: string[], tagLine: string): string {
  const full = assemble(hook, paragraphs, tagLine);
  if (linkedInLength(full) <= LINKEDIN_MAX_LENGTH) return full;
  let budget = LINKEDIN_MAX_LENGTH - linkedInLength(hook) - (tagLine ? linkedInLength(`\n\n${tagLine}`) : 0);
  const kept: string[] = [];
  for (const paragraph of paragraphs) {
    const cost = linkedInLength(`\n\n${paragraph}`);
    if (cost <= budget) {
      kept.push(paragraph);
      budget -= cost;
      continue;
    }
    const cut = cutToLength(paragraph, budget - 2 - ELLIPSIS.length);
    if (cut) kept.push(`${cut}${ELLIPSIS}`);
    break;
  }
  let result = assemble(hook, kept, tagLine);
  // Joining never changes how the parts escape, but the limit is checked on the whole all the same.
  while (linkedInLength(result) > LINKEDIN_MAX_LENGTH) result = cutToLength(result, LINKEDIN_MAX_LENGTH - ELLIPSIS.length) + ELLIPSIS;
  return result;
}

/**
 * The built-in LinkedIn version of a text: a hook on the first line, short paragraphs separated by
 * blank lines, and 3 to 5 hashtags together at the end. Within 3,000 characters once escaped.
 * Variants change the hook (the first sentence, a question, a statement), the paragraph length and
 * the hashtags chosen.
 */
export function enhanceForLinkedIn({ text, tags, variant, suggestions, keyPhrase }: LinkedInInput): string {
  const normalised = normaliseWhitespace(text);
  if (!normalised) return '';
  const { body, tags: trailing } = splitTrailingHashtags(normalised);
  const blocks = body
    .split(/\n{2,}/u)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => (isList(paragraph) ? [paragraph] : sentences(paragraph)));

  const style = variant % 3;
  const seed = hashText(normalised) + Math.floor(variant / 3);
  const first = blocks[0]?.[0];
  const firstIsHook = first !== undefined && first.length <= HOOK_MAX && !first.includes('\n');
  let hook: string;
  if (keyPhrase && (style !== 0 || !firstIsHook)) {
    hook = style === 1 ? pick(QUESTION_HOOKS, seed)(keyPhrase) : pick(STATEMENT_HOOKS, seed)(keyPhrase);
  } else if (firstIsHook) {
    hook = first;
    blocks[0]?.shift();
  } else {
    hook = '';
  }

  const perParagraph = variant % 2 === 0 ? 2 : 1;
  const paragraphs = blocks.flatMap((block) => shortParagraphs(block, perParagraph));
  if (!hook) hook = paragraphs.shift() ?? '';

  const taken = new Set(extractHashtags(body).map(hashtagKey));
  const chosen: string[] = [];
  const add = (tag: string | undefined) => {
    if (!tag || chosen.length >= MAX_TAGS || taken.has(hashtagKey(tag))) return;
    taken.add(hashtagKey(tag));
    chosen.push(tag);
  };
  trailing.forEach(add);
  tags.map(normaliseTag).forEach(add);
  const target = Math.max(MIN_TAGS, Math.min(MAX_TAGS, MIN_TAGS + (variant % 3)));
  const supported = suggestions.filter((suggestion) => suggestion.score >= MIN_SCORE);
  for (const suggestion of rotate(supported.slice(0, target + 2), variant)) {
    if (chosen.length >= target) break;
    add(suggestion.tag);
  }
  return fitLinkedIn(hook, paragraphs, chosen.join(' '));
}
