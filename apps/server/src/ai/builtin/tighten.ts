import { extractUrlsWithIndices } from '@postflow/contract';

/** Line breaks as '\n', no trailing spaces on a line, single spaces inside a line, no blank lines at either end. */
export function normaliseWhitespace(text: string): string {
  return text
    .replace(/\r\n?/gu, '\n')
    .replace(/[^\S\n]+/gu, ' ')
    .replace(/ ?\n ?/gu, '\n')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
}

// Longer phrases first, so "in order to" is replaced before "to" could be touched by anything else.
const WORDY: [RegExp, string][] = [
  [/\bin order to\b/giu, 'to'],
  [/\bdue to the fact that\b/giu, 'because'],
  [/\bin spite of the fact that\b/giu, 'although'],
  [/\bat this point in time\b/giu, 'now'],
  [/\bat the present time\b/giu, 'now'],
  [/\bfor the purpose of\b/giu, 'for'],
  [/\bin the event that\b/giu, 'if'],
  [/\ba large number of\b/giu, 'many'],
  [/\beach and every\b/giu, 'every'],
  [/\b(is|are) able to\b/giu, 'can'],
];
// Filler adverbs, removed only when a word follows ("it was very good" → "it was good"; "thanks,
// really!" stays) and not after a negation, where they change the meaning ("not really sure").
const FILLER = /(?<!\bnot\s|n't\s|\bnever\s)\b(very|really|just|actually|basically|literally)\s+([\p{L}\p{N}])/giu;

function tightenPlain(text: string): string {
  let out = text;
  for (const [pattern, replacement] of WORDY) {
    out = out.replace(pattern, (match: string) =>
      /^\p{Lu}/u.test(match) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement,
    );
  }
  // Twice, for doubled fillers ("really very good"). A capitalised filler started a sentence, so
  // the word after it takes the capital.
  for (let pass = 0; pass < 2; pass++) {
    out = out.replace(FILLER, (_match: string, filler: string, next: string) => (/^\p{Lu}/u.test(filler) ? next.toUpperCase() : next));
  }
  return out;
}

/**
 * Tighter wording for X: whitespace collapsed, blank lines removed, filler words ("very",
 * "really", "just"…) dropped and wordy phrases shortened ("in order to" → "to"). Links, hashtags
 * and @mentions are never touched.
 */
export function tightenForX(text: string): string {
  const normalised = normaliseWhitespace(text).replace(/\n{2,}/gu, '\n');
  let out = '';
  let position = 0;
  const protectedSpans = [
    ...extractUrlsWithIndices(normalised),
    ...[...normalised.matchAll(/[#＃@][\p{L}\p{M}\p{N}_]+/gu)].map((match) => ({ start: match.index, end: match.index + match[0].length })),
  ].sort((a, b) => a.start - b.start);
  for (const span of protectedSpans) {
    if (span.start < position) continue;
    out += tightenPlain(normalised.slice(position, span.start)) + normalised.slice(span.start, span.end);
    position = span.end;
  }
  out += tightenPlain(normalised.slice(position));
  return out.replace(/ {2,}/gu, ' ').trim();
}
