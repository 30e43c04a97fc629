import { X_MAX_WEIGHTED_LENGTH } from './limits';
import { xUnits, xWeightedLength } from './x-length';

/** The most parts an X thread may have (docs/product.md, Composer · Threads). */
export const THREAD_MAX_PARTS = 25;

/** A line of three or more dashes on its own: where the person split the thread by hand. */
const HAND_SEPARATOR = /^[ \t]*-{3,}[ \t]*$/m;

export interface ThreadSplitOptions {
  /** Append " k/n" to each part (the space it takes is reserved in every part). */
  numbering?: boolean;
  /** In X weighted characters; 280 by default. */
  limit?: number;
}

/**
 * Splits a long text into thread parts that each fit X's limit, without ever cutting a word, a
 * link, a mention or an emoji: the person's own separator lines first, then paragraphs, lines,
 * sentences, words and, only for a single word longer than a post, graphemes. A paragraph that
 * fits in a post is never spread over two (docs/decisions/155-threads.md).
 */
export function splitIntoThread(text: string, options: ThreadSplitOptions = {}): string[] {
  const limit = options.limit ?? X_MAX_WEIGHTED_LENGTH;
  const chunks = text.normalize('NFC').split(HAND_SEPARATOR);
  const split = (room: number) => chunks.flatMap((chunk) => splitChunk(chunk, room, 0));
  if (!options.numbering) return split(limit);
  // The suffix's width depends on how many parts there are, which depends on the room left.
  let parts = split(limit);
  for (let attempt = 0; attempt < 3; attempt++) {
    const room = limit - xWeightedLength(` ${parts.length}/${parts.length}`);
    const next = split(room);
    const settled = next.length === parts.length;
    parts = next;
    if (settled) break;
  }
  return parts.map((part, index) => `${part} ${index + 1}/${parts.length}`);
}

/** Pieces of `text` at one level of boundaries; concatenated, they give `text` back. */
const levels: ((text: string) => string[])[] = [
  (text) => text.split(/(?<=\n[ \t]*\n)(?=[ \t]*\S)/),
  (text) => text.split(/(?<=\n)/),
  (text) => [...sentenceSegmenter().segment(text)].map(({ segment }) => segment),
  (text) => text.split(/(?<=\s)(?=\S)/),
  (text) => xUnits(text).map((unit) => text.slice(unit.start, unit.end)),
];

let sentences: Intl.Segmenter | undefined;
function sentenceSegmenter(): Intl.Segmenter {
  sentences ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  return sentences;
}

function fits(text: string, room: number): boolean {
  return xWeightedLength(text.trim()) <= room;
}

/** Greedy packing at `level`, going one level finer only for a piece that cannot fit on its own. */
function splitChunk(text: string, room: number, level: number): string[] {
  if (!text.trim()) return [];
  if (fits(text, room)) return [text.trim()];
  const pieces = levels[level]?.(text) ?? [text];
  if (pieces.length <= 1) return level + 1 < levels.length ? splitChunk(text, room, level + 1) : [text.trim()];
  const parts: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (fits(current + piece, room)) {
      current += piece;
      continue;
    }
    if (current.trim()) parts.push(current.trim());
    if (fits(piece, room)) {
      current = piece.trimStart();
      continue;
    }
    const finer = splitChunk(piece, room, level + 1);
    parts.push(...finer.slice(0, -1));
    current = (finer.at(-1) ?? '') + (/\s+$/.exec(piece)?.[0] ?? '');
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}
