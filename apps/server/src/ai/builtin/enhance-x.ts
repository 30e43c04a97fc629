import {
  X_MAX_WEIGHTED_LENGTH,
  extractHashtags,
  extractUrls,
  extractUrlsWithIndices,
  fitToX,
  splitTrailingHashtags,
  xWeightedLength,
} from '@postflow/contract';
import type { HashtagSuggestion } from '../ai-engine';
import { hashtagKey, normaliseTag } from '../text-rules';
import { isList, sentences } from './sentences';
import { tightenForX } from './tighten';
import { rotate } from './variation';

const MAX_EXTRA_TAGS = 2;
const MAX_TAGS_IN_POST = 3;
// Only well-supported suggestions are added to an X post (a phrase, a name, or a word the text
// stresses); a lone passing word is not worth the characters.
const MIN_SCORE_TO_ADD = 0.4;
const LIMIT = X_MAX_WEIGHTED_LENGTH;

export interface EnhanceInput {
  text: string;
  tags: string[];
  variant: number;
  suggestions: HashtagSuggestion[];
}

/**
 * The look of a variant: 0 keeps the text as one block with hashtags at its end; 1 turns the first
 * suggested hashtag that the text mentions into an inline hashtag and puts the others after a blank
 * line; 2 puts each sentence on its own line. Later variants repeat the styles with other hashtags.
 */
type Style = 0 | 1 | 2;
const TAG_SEPARATOR: Record<Style, string> = { 0: ' ', 1: '\n\n', 2: '\n\n' };

function unique(tags: (string | undefined)[], taken: Set<string>): string[] {
  const out: string[] = [];
  for (const tag of tags) {
    if (!tag || taken.has(hashtagKey(tag))) continue;
    taken.add(hashtagKey(tag));
    out.push(tag);
  }
  return out;
}

/** Replaces the first plain mention of a hashtag's words ("small businesses") with the hashtag. */
function inlineTag(text: string, tag: string): string | undefined {
  const words = tag.slice(1).split(/(?<=[\p{Ll}\p{N}])(?=\p{Lu})/u);
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}_#＃@])${escaped.join('\\s+')}(?![\\p{L}\\p{M}\\p{N}_])`, 'iu');
  const urls = extractUrlsWithIndices(text);
  const found = pattern.exec(text);
  if (!found || urls.some((url) => found.index < url.end && found.index + found[0].length > url.start)) return undefined;
  return `${text.slice(0, found.index)}${tag}${text.slice(found.index + found[0].length)}`;
}

function oneSentencePerLine(text: string): string {
  if (text.includes('\n') || isList(text)) return text;
  const parts = sentences(text);
  return parts.length >= 2 && parts.length <= 6 ? parts.join('\n') : text;
}

function compose(main: string, movedUrls: string[], tags: string[], separator: string): string {
  const head = [main, ...movedUrls].filter(Boolean).join(' ');
  if (tags.length === 0) return head;
  return head ? `${head}${separator}${tags.join(' ')}` : tags.join(' ');
}

/** The text without the last occurrence of each of `urls` (they are re-added at its end). */
function withoutUrls(text: string, urls: string[]): string {
  let out = text;
  for (const url of urls) {
    const at = out.lastIndexOf(url);
    if (at >= 0) out = `${out.slice(0, at)}${out.slice(at + url.length)}`;
  }
  return out
    .replace(/[^\S\n]{2,}/gu, ' ')
    .replace(/ +([.,;:!?])/gu, '$1')
    .trim();
}

/** The text cut to fit `limit`, with links that the cut would drop moved to its end, intact. */
function cutKeepingLinks(main: string, limit: number, tailWeight: number): { main: string; moved: string[] } {
  const cut = fitToX(main, limit - tailWeight);
  const remaining = extractUrls(cut);
  const lost = extractUrls(main).filter((url) => {
    const index = remaining.indexOf(url);
    if (index < 0) return true;
    remaining.splice(index, 1);
    return false;
  });
  if (lost.length === 0) return { main: cut, moved: [] };
  const movedWeight = xWeightedLength(` ${lost.join(' ')}`);
  const room = limit - tailWeight - movedWeight;
  // Keep links only when enough of the text is left to say what they are about.
  if (room < 60) return { main: cut, moved: [] };
  return { main: fitToX(withoutUrls(main, lost), room), moved: lost };
}

/**
 * The built-in X version of a text: tighter wording, its links and key hashtags kept, at most two
 * relevant hashtags added when they fit, cut at a word boundary if needed. Never over 280.
 */
export function enhanceForX({ text, tags, variant, suggestions }: EnhanceInput): string {
  const tightened = tightenForX(text);
  if (!tightened) return '';
  const style = (variant % 3) as Style;
  const separator = TAG_SEPARATOR[style];
  const split = splitTrailingHashtags(tightened);
  let main = split.body;
  const trailing = split.tags;

  const taken = new Set(extractHashtags(tightened).map(hashtagKey));
  const userTags = unique(tags.map(normaliseTag), taken);
  const suggested = unique(
    suggestions.filter((suggestion) => suggestion.score >= MIN_SCORE_TO_ADD).map((suggestion) => suggestion.tag),
    taken,
  );
  const wanted = Math.min(MAX_EXTRA_TAGS, Math.max(0, MAX_TAGS_IN_POST - trailing.length - extractHashtags(main).length));
  const extras = [...userTags, ...rotate(suggested.slice(0, 4), variant)].slice(0, wanted);

  let appended = extras;
  if (style === 1) {
    for (const tag of extras) {
      const inlined = inlineTag(main, tag);
      if (inlined === undefined) continue;
      main = inlined;
      appended = extras.filter((extra) => extra !== tag);
      break;
    }
  }
  if (style === 2) main = oneSentencePerLine(main);

  let moved: string[] = [];
  let kept = trailing;
  if (xWeightedLength(compose(main, [], trailing, separator)) > LIMIT) {
    kept = [];
    for (const tag of trailing) {
      if (xWeightedLength(compose('', [], [...kept, tag], separator)) <= LIMIT / 3) kept.push(tag);
    }
    const tailWeight = kept.length > 0 ? xWeightedLength(`${separator}${kept.join(' ')}`) : 0;
    ({ main, moved } = cutKeepingLinks(main, LIMIT, tailWeight));
  }

  let result = compose(main, moved, kept, separator);
  for (const tag of appended) {
    const next = compose(main, moved, [...kept, tag], separator);
    if (xWeightedLength(next) > LIMIT) continue;
    kept = [...kept, tag];
    result = next;
  }
  return xWeightedLength(result) <= LIMIT ? result : fitToX(result);
}
