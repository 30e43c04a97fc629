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

/** `reword` applied to the text between links, hashtags and @mentions, which are never touched. */
function outsideProtected(text: string, reword: (plain: string) => string): string {
  let out = '';
  let position = 0;
  const protectedSpans = [
    ...extractUrlsWithIndices(text),
    ...[...text.matchAll(/[#＃@][\p{L}\p{M}\p{N}_]+/gu)].map((match) => ({ start: match.index, end: match.index + match[0].length })),
  ].sort((a, b) => a.start - b.start);
  for (const span of protectedSpans) {
    if (span.start < position) continue;
    out += reword(text.slice(position, span.start)) + text.slice(span.start, span.end);
    position = span.end;
  }
  return out + reword(text.slice(position));
}

/**
 * Tighter wording, paragraphs kept: filler words ("very", "really", "just"…) dropped and wordy
 * phrases shortened ("in order to" → "to"). Links, hashtags and @mentions are never touched.
 */
export function tightenWording(text: string): string {
  return outsideProtected(normaliseWhitespace(text), tightenPlain).replace(/ {2,}/gu, ' ').trim();
}

/** Tighter wording for X: as `tightenWording`, with blank lines removed. */
export function tightenForX(text: string): string {
  return tightenWording(normaliseWhitespace(text).replace(/\n{2,}/gu, '\n'));
}

// A second, bolder rewording (docs/ai.md, Shortening): contractions, where a word follows so that
// "that is what it is" stays whole, and longer phrases for shorter ones. English only; other
// languages are left as written.
const CONDENSE: [RegExp, string][] = [
  [/\b(we|you|they) are(?=\s+[\p{L}\p{N}])/giu, "$1're"],
  [/\bI am(?=\s+[\p{L}\p{N}])/gu, "I'm"],
  [/\b(it|that|there|here) is(?=\s+[\p{L}\p{N}])/giu, "$1's"],
  [/\b(we|you|I) will(?=\s+[\p{L}\p{N}])/giu, "$1'll"],
  [/\b(do|does|did|is|are|was|were|has|have|had|would|should|could) not\b/giu, "$1n't"],
  [/\bcan ?not\b/giu, "can't"],
  [/\bwill not\b/giu, "won't"],
  [/\b(is|are) going to\b/giu, 'will'],
  [/\bapproximately\b/giu, 'about'],
  [/\bas well as\b/giu, 'and'],
  [/\bat the moment\b/giu, 'now'],
  [/\ba number of\b/giu, 'several'],
  [/\b(?:the|a) majority of\b/giu, 'most'],
  [/\bprior to\b/giu, 'before'],
  [/\bin the near future\b/giu, 'soon'],
  [/\bwith regards? to\b/giu, 'on'],
  [/\bon a (daily|weekly|monthly) basis\b/giu, '$1'],
  [/\bon a regular basis\b/giu, 'regularly'],
  [/\bwhether or not\b/giu, 'whether'],
  [/\bdespite the fact that\b/giu, 'although'],
  [/\bin addition,/giu, 'also,'],
];
// Openers that add nothing before the point of a sentence ("So, we shipped" → "We shipped").
const OPENER = /(^|[.!?]\s+|\n)(?:so|well|honestly|basically|anyway|okay|ok),\s+(\p{Ll})/giu;

function condensePlain(text: string): string {
  let out = text;
  for (const [pattern, replacement] of CONDENSE) {
    out = out.replace(pattern, (match: string, ...groups: unknown[]) => {
      const replaced = replacement.replace(/\$(\d)/gu, (_reference: string, number: string) => String(groups[Number(number) - 1] ?? ''));
      return /^\p{Lu}/u.test(match) ? replaced.charAt(0).toUpperCase() + replaced.slice(1) : replaced;
    });
  }
  return out.replace(OPENER, (_match: string, before: string, next: string) => `${before}${next.toUpperCase()}`);
}

/** Bolder wording than `tightenForX` for a regenerated or hard-to-fit X version; links, hashtags and mentions untouched. */
export function condense(text: string): string {
  return outsideProtected(text, condensePlain).replace(/ {2,}/gu, ' ');
}
