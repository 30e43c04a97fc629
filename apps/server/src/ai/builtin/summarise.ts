import { extractUrls, xWeightedLength } from '@postflow/contract';
import type { Closing } from '../tailoring/closing';
import { mentionsOf, namesOf, numbersOf, wordsOf } from '../tailoring/text-facts';
import type { Term } from './nlp';
import { isList, listPieces, sentences } from './sentences';

/**
 * The extractive summary behind every shortened version (docs/ai.md, Shortening): a text's
 * sentences scored by how much they carry, chosen best first until the room is used, and given
 * back in their original order. Nothing is ever cut: a sentence is kept whole or left out.
 */

export interface Unit {
  /** A sentence, or a whole list. */
  text: string;
  /** Which paragraph (or line) it belongs to. */
  block: number;
  /** Its place in the text. */
  index: number;
  /** It carries a link, a mention or the closing question or call to action: kept before anything else. */
  must: boolean;
  score: number;
  /** X weighted length. */
  weight: number;
}

const MAX_FIGURES = 3;

/** How much a term says about the text: phrases and names most, words the text repeats next. */
function termWeight(term: Term): number {
  if (term.kind === 'phrase') return 1.5 + 0.5 * (term.count - 1);
  if (term.kind === 'name') return 1.2 + 0.5 * (term.count - 1);
  return term.count >= 2 && !term.weak ? 0.6 * term.count : 0.2;
}

function scoreOf(text: string, index: number, terms: readonly Term[]): number {
  const lower = text.toLowerCase();
  let score = 1;
  for (const term of terms) if (lower.includes(term.display.toLowerCase())) score += termWeight(term);
  score += 0.8 * Math.min(MAX_FIGURES, numbersOf(text).length);
  score += 0.3 * Math.min(MAX_FIGURES, namesOf(text).length);
  // The lead usually carries the point; the sentence after it often explains it.
  if (index === 0) score += 2.5;
  if (index === 1) score += 0.5;
  if (/[?？؟]\s*$/u.test(text)) score += 0.3;
  if (wordsOf(text).length < 4) score -= 0.5;
  return score;
}

/**
 * The units of a text given as blocks (paragraphs or lines): each block's sentences, a list block
 * as one unit. `closing` marks the sentence that must stay.
 */
export function unitsOf(blocks: readonly string[], terms: readonly Term[], closing: Closing | undefined): Unit[] {
  const units: Unit[] = [];
  blocks.forEach((block, blockIndex) => {
    for (const text of listPieces(block).flatMap((piece) => (isList(piece) ? [piece] : sentences(piece)))) {
      const index = units.length;
      const closes = closing !== undefined && text === closing.sentence;
      const must = closes || extractUrls(text).length > 0 || mentionsOf(text).length > 0;
      // The closing question or call to action is what the writer wants readers to do: it goes first.
      units.push({
        text,
        block: blockIndex,
        index,
        must,
        score: scoreOf(text, index, terms) + (closes ? 3 : 0),
        weight: xWeightedLength(text),
      });
    }
  });
  return units;
}

/** Score per unit of length, so two short informative sentences can beat one long one. */
const density = (unit: Unit) => unit.score / Math.sqrt(Math.max(20, unit.weight));

/**
 * The units to keep, in their original order: those that must stay first (as many as fit), then
 * the densest others that still fit. `exclude` leaves some out, for another version. `room` (the
 * limit, in the units' weights) skips at once what cannot fit; `fits` measures the rest exactly.
 */
export function chooseUnits(
  units: readonly Unit[],
  fits: (chosen: Unit[]) => boolean,
  exclude: ReadonlySet<number> = new Set(),
  room = Number.POSITIVE_INFINITY,
): Unit[] {
  const chosen: Unit[] = [];
  let used = 0;
  const inOrder = () => [...chosen].sort((a, b) => a.index - b.index);
  const byDensity = (a: Unit, b: Unit) => density(b) - density(a) || a.index - b.index;
  const candidates = [
    ...units.filter((unit) => unit.must).sort(byDensity),
    ...units.filter((unit) => !unit.must && !exclude.has(unit.index)).sort(byDensity),
  ];
  for (const unit of candidates) {
    // Joined units weigh at least their sum: one that overflows it needs no exact measure.
    if (used + unit.weight > room) continue;
    chosen.push(unit);
    if (fits(inOrder())) used += unit.weight;
    else chosen.pop();
  }
  return inOrder();
}

/** True when `chosen` is every unit: nothing had to be left out. */
export function isWhole(chosen: readonly Unit[], units: readonly Unit[]): boolean {
  return chosen.length === units.length;
}
