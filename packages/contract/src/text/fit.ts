import { X_FALLBACK_KEEP, X_MAX_WEIGHTED_LENGTH } from './limits';
import { xUnits, xWeightedLength, type XUnit } from './x-length';

const ELLIPSIS = '…';
const TRAILING_HASHTAG = /(^|\s+)([#＃][\p{L}\p{M}\p{N}_]*[\p{L}\p{M}][\p{L}\p{M}\p{N}_]*)$/u;
const WHITESPACE = /^\s$/u;
// What a cut should not leave dangling before the ellipsis.
const DANGLING_END = /[\s,;:.\-–—([{'"“‘«/·•|#＃@]+$/u;

/** The hashtags that end a text (each as written), the text before them, and the separator between (" " or a blank line). */
export function splitTrailingHashtags(text: string): { body: string; tags: string[]; separator: string } {
  const tags: string[] = [];
  let body = text.trimEnd();
  let separator = ' ';
  for (let found = TRAILING_HASHTAG.exec(body); found; found = TRAILING_HASHTAG.exec(body)) {
    tags.unshift(found[2] as string);
    separator = (found[1] as string).includes('\n') ? '\n\n' : ' ';
    body = body.slice(0, found.index).trimEnd();
  }
  return { body, tags, separator };
}

let wordSegmenter: Intl.Segmenter | undefined;

/**
 * The longest prefix of `text` (NFC) that weighs at most `budget` and ends at a word boundary:
 * between words separated by spaces when that keeps most of the budget, otherwise where the
 * Unicode word segmenter puts a boundary (Chinese and Japanese have no spaces), otherwise after
 * any grapheme. Links and emoji sequences are never split.
 */
function cutAtWordBoundary(text: string, units: XUnit[], budget: number): string {
  const weightBefore = new Map<number, number>();
  let total = 0;
  for (const unit of units) {
    weightBefore.set(unit.start, total);
    total += unit.weight;
  }
  weightBefore.set(text.length, total);
  const fits = (end: number) => (weightBefore.get(end) ?? Number.POSITIVE_INFINITY) <= budget;

  let anyEnd = 0;
  let spaceEnd = 0;
  for (const unit of units) {
    if (!fits(unit.end)) break;
    anyEnd = unit.end;
    if (unit.kind === 'grapheme' && WHITESPACE.test(text.slice(unit.start, unit.end))) spaceEnd = unit.start;
  }
  // The next character after the last fitting unit may itself be a space: then the cut is clean.
  const afterAny = units.find((unit) => unit.start === anyEnd);
  if (!afterAny || (afterAny.kind === 'grapheme' && WHITESPACE.test(text.slice(afterAny.start, afterAny.end)))) spaceEnd = anyEnd;

  const enough = budget * 0.6;
  if ((weightBefore.get(spaceEnd) ?? 0) >= enough) return text.slice(0, spaceEnd);

  wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let wordEnd = 0;
  for (const { index } of wordSegmenter.segment(text)) {
    if (index > anyEnd) break;
    if (weightBefore.has(index)) wordEnd = index;
  }
  if (anyEnd === text.length) wordEnd = anyEnd;
  if ((weightBefore.get(wordEnd) ?? 0) >= enough) return text.slice(0, wordEnd);
  return text.slice(0, anyEnd);
}

/** The heaviest run of `tags` (in order) that fits `budget` when joined with spaces. */
function tagsThatFit(tags: string[], budget: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const tag of tags) {
    const cost = xWeightedLength(tag) + (kept.length > 0 ? 1 : 0);
    if (used + cost > budget) continue;
    kept.push(tag);
    used += cost;
  }
  return kept;
}

/**
 * Fits a text into X's limit: unchanged when it already fits; otherwise cut at the last word
 * boundary that fits, with the trailing hashtags that fit kept after the cut (up to a third of the
 * limit) and '…' added where text was removed. Links and emoji are never split. Always returns a
 * text whose `xWeightedLength` is at most `limit`.
 */
export function fitToX(text: string, limit = X_MAX_WEIGHTED_LENGTH): string {
  if (xWeightedLength(text) <= limit) return text;
  const normalized = text.normalize('NFC').trim();
  if (xWeightedLength(normalized) <= limit) return normalized;
  if (limit <= 0) return '';

  const { body, tags, separator } = splitTrailingHashtags(normalized);
  const bodyWeight = xWeightedLength(body);
  if (body && bodyWeight <= limit) {
    const kept = tagsThatFit(tags, limit - bodyWeight - xWeightedLength(separator));
    return kept.length > 0 ? `${body}${separator}${kept.join(' ')}` : body;
  }

  const kept = body ? tagsThatFit(tags, Math.floor(limit / 3)) : tagsThatFit(tags, limit);
  const tail = kept.length > 0 ? `${body ? separator : ''}${kept.join(' ')}` : '';
  if (!body) return tail;

  const units = xUnits(body);
  let budget = limit - xWeightedLength(tail) - xWeightedLength(ELLIPSIS);
  // A cut can change what X sees as a link ("example.comx" cut to "example.com"), so the result is
  // measured again and the budget tightened until it fits.
  while (budget > 0) {
    const cut = cutAtWordBoundary(body, units, budget).replace(DANGLING_END, '');
    const result = cut ? `${cut}${ELLIPSIS}${tail}` : tail.trimStart();
    const weight = xWeightedLength(result);
    if (weight <= limit) return result;
    budget -= weight - limit;
  }
  return tail.trimStart();
}

/**
 * The fallback when enhancing fails (docs/product.md, Composer · Enhance): X text longer than 280 characters
 * becomes its first 277 characters plus '...'. Characters are counted as the original web app did
 * (UTF-16 units, not weighted); a surrogate pair is never cut in half.
 */
export function truncateForXFallback(text: string): string {
  if (text.length <= X_MAX_WEIGHTED_LENGTH) return text;
  let kept = text.slice(0, X_FALLBACK_KEEP);
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept}...`;
}
