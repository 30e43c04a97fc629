let segmenter: Intl.Segmenter | undefined;

/** The sentences of a text, trimmed, using Unicode sentence boundaries (a line break also ends one). */
export function sentences(text: string): string[] {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  return [...segmenter.segment(text)].map(({ segment }) => segment.trim()).filter(Boolean);
}

/** Two or more lines that start like list items ("- ", "• ", "1. ", "✅ "): kept as one block. */
export function isList(paragraph: string): boolean {
  const lines = paragraph.split('\n');
  return lines.length >= 2 && lines.filter((line) => /^\s*(?:[-–•*▪►→]|\d+[.)]|\p{Extended_Pictographic})/u.test(line)).length >= 2;
}

/** The first letter in upper case. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
