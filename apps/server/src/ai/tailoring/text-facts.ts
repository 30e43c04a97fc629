import { extractHashtagsWithIndices, extractUrlsWithIndices } from '@postflow/contract';
import { sentences } from '../builtin/sentences';

/**
 * Facts of a text that tailoring must keep or may not invent (docs/ai.md): its words, @mentions,
 * numbers and names. Pure and script-independent: words come from Unicode word segmentation, so
 * Chinese and Japanese count word by word too.
 */

let wordSegmenter: Intl.Segmenter | undefined;

export interface WordAt {
  word: string;
  index: number;
}

/** The words of a text with their offsets, as written. */
export function wordsAt(text: string): WordAt[] {
  wordSegmenter ??= new Intl.Segmenter('en', { granularity: 'word' });
  return [...wordSegmenter.segment(text)].filter((segment) => segment.isWordLike).map(({ segment, index }) => ({ word: segment, index }));
}

/** The words of a text, lower-cased, in order. */
export function wordsOf(text: string): string[] {
  return wordsAt(text.normalize('NFC')).map(({ word }) => word.toLowerCase());
}

const MENTION = /(?<![\p{L}\p{M}\p{N}_.@＠])[@＠][\p{L}\p{M}\p{N}_]+/gu;

function spansOf(text: string): { start: number; end: number }[] {
  return [
    ...extractUrlsWithIndices(text),
    ...extractHashtagsWithIndices(text),
    ...[...text.matchAll(MENTION)].map((match) => ({ start: match.index, end: match.index + match[0].length })),
  ];
}

/** The text with its links, hashtags and @mentions blanked out (same length, so offsets still hold). */
export function plainPart(text: string): string {
  let out = text;
  for (const { start, end } of spansOf(text)) out = `${out.slice(0, start)}${' '.repeat(end - start)}${out.slice(end)}`;
  return out;
}

/** The @mentions of a text, lower-cased ('@Alice' and '@alice' are the same account), outside links. */
export function mentionsOf(text: string): string[] {
  const urls = extractUrlsWithIndices(text);
  return [...text.matchAll(MENTION)]
    .filter((match) => !urls.some((url) => match.index >= url.start && match.index < url.end))
    .map((match) => match[0].replace('＠', '@').toLowerCase());
}

const NUMBER = /(?<![\p{L}\p{N}])\p{Nd}+(?:[.,:]\p{Nd}+)*/gu;

/** The figures of a text ("4", "30", "2026", "1,250", "9:30"), outside links, hashtags and mentions. */
export function numbersOf(text: string): string[] {
  return [...plainPart(text).matchAll(NUMBER)].map((match) => match[0]);
}

// What may stand before the first word of a sentence: its start, a line break, or closing punctuation.
const SENTENCE_START = /(?:^|\n|[.!?。！？؟…:;•*#@"“«(\-–—])[^\S\n]*$/u;

/** True when the word at `index` starts a sentence, a line or a list item (its capital then proves nothing). */
export function startsSentence(text: string, index: number): boolean {
  return SENTENCE_START.test(text.slice(Math.max(0, index - 40), index));
}

/**
 * Names in a text: words capitalised where a sentence does not start ("in Berlin", "with Acme"),
 * and words with a capital inside ("SaaS", "iPhone", "AI"). Scripts without case have none.
 */
export function namesOf(text: string): string[] {
  const plain = plainPart(text);
  return wordsAt(plain)
    .filter(({ word, index }) => /^\p{Lu}/u.test(word) && (/\p{Lu}/u.test(word.slice(1)) || !startsSentence(plain, index)))
    .filter(({ word }) => word.length > 1)
    .map(({ word }) => word);
}

/** Every sentence of a text, line by line (a line break ends a sentence too). */
export function sentencesOf(text: string): string[] {
  return text.split('\n').flatMap((line) => sentences(line));
}

/** How many of `sentence`'s distinct words `words` holds, as a share (1 when it has none). */
export function wordShare(sentence: string, words: ReadonlySet<string>): number {
  const own = new Set(wordsOf(sentence));
  if (own.size === 0) return 1;
  let found = 0;
  for (const word of own) if (words.has(word)) found++;
  return found / own.size;
}
