let segmenter: Intl.Segmenter | undefined;

const HAS_WORD = /[\p{L}\p{N}]/u;

/**
 * The sentences of a text, trimmed, using Unicode sentence boundaries (a line break also ends one).
 * What has no word of its own (an emoji or a mark after the last sentence, "Proud of us! 💜") stays
 * with the sentence before it.
 */
export function sentences(text: string): string[] {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  const out: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const sentence = segment.trim();
    if (!sentence) continue;
    const previous = out.at(-1);
    if (previous !== undefined && !HAS_WORD.test(sentence) && !segment.includes('\n') && !/\n\s*$/u.test(previous)) {
      out[out.length - 1] = `${previous} ${sentence}`;
    } else {
      out.push(sentence);
    }
  }
  return out;
}

const LIST_ITEM = /^\s*(?:[-–•*▪►→]|\d+[.)]|\p{Extended_Pictographic})/u;

/** Two or more lines that start like list items ("- ", "• ", "1. ", "✅ "): kept as one block. */
export function isList(paragraph: string): boolean {
  const lines = paragraph.split('\n');
  return lines.length >= 2 && lines.filter((line) => LIST_ITEM.test(line)).length >= 2;
}

/**
 * A list block's pieces: its lead-in line, when it has one ("Three lessons:"), and the list
 * itself. A block that is not a list, or has no lead-in, is one piece.
 */
export function listPieces(block: string): string[] {
  if (!isList(block)) return [block];
  const [first = '', ...rest] = block.split('\n');
  const items = rest.join('\n');
  return !LIST_ITEM.test(first) && isList(items) ? [first.trim(), items] : [block];
}

/** The first letter in upper case. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A line of three or more dashes: where a writer split a thread by hand (the contract's `splitIntoThread` honours it). */
export const HAND_SEPARATOR_LINE = /^[ \t]*-{3,}[ \t]*$/gmu;
