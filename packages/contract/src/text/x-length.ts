import { X_MAX_WEIGHTED_LENGTH } from './limits';
import { extractUrlsWithIndices } from './urls';

/**
 * X's weighted length, following twitter-text v3's configuration (`parseTweet` with config v3):
 * the text is NFC-normalised; each link counts `transformedURLLength` (23); each emoji sequence
 * counts `defaultWeight` (2), ZWJ families, skin tones, flags and keycaps included; other code points
 * count 1 in the ranges below and 2 elsewhere (CJK, most symbols, anything outside the BMP).
 * https://github.com/twitter/twitter-text/blob/master/config/v3.json
 */
const SCALE = 100;
const DEFAULT_WEIGHT = 200;
const URL_WEIGHT = 23 * SCALE;
const LIGHT_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];
const KEYCAP = /^[#*0-9]\uFE0F?\u20E3$/u;
const PICTOGRAPH = /^\p{Extended_Pictographic}/u;
const REGIONAL_INDICATOR = /^\p{Regional_Indicator}/u;
// Pictographs that twemoji treats as text unless followed by VS16 (U+FE0F).
const TEXT_BY_DEFAULT = new Set([0xa9, 0xae, 0x2122, 0x265f]);
// What belongs to an emoji sequence itself; anything else in the same grapheme is counted on its own.
// (VS16 and the keycap mark are combining characters, so they sit outside the character class.)
const EMOJI_PART = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u200D\u{E0020}-\u{E007F}]|\uFE0F|\u20E3/u;

let graphemeSegmenter: Intl.Segmenter | undefined;
function graphemes(text: string): Iterable<Intl.SegmentData> {
  graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return graphemeSegmenter.segment(text);
}

function codePointWeight(codePoint: number): number {
  for (const [from, to] of LIGHT_RANGES) if (codePoint >= from && codePoint <= to) return SCALE;
  return DEFAULT_WEIGHT;
}

function isEmoji(grapheme: string): boolean {
  if (KEYCAP.test(grapheme)) return true;
  if (REGIONAL_INDICATOR.test(grapheme)) return true;
  if (!PICTOGRAPH.test(grapheme)) return false;
  const first = grapheme.codePointAt(0) as number;
  const second = grapheme.codePointAt(first > 0xffff ? 2 : 1);
  // VS15 (U+FE0E) asks for the text presentation: then it is counted as characters.
  return TEXT_BY_DEFAULT.has(first) ? second === 0xfe0f : second !== 0xfe0e;
}

/** Scaled weight (×100) of one grapheme cluster outside links. */
function graphemeWeight(grapheme: string): number {
  if (isEmoji(grapheme)) {
    let weight = DEFAULT_WEIGHT;
    const keycapBase = KEYCAP.test(grapheme) ? 1 : 0;
    let index = 0;
    for (const char of grapheme) {
      if (index++ >= keycapBase && !EMOJI_PART.test(char)) weight += codePointWeight(char.codePointAt(0) as number);
    }
    return weight;
  }
  let weight = 0;
  for (const char of grapheme) weight += codePointWeight(char.codePointAt(0) as number);
  return weight;
}

/** True when every character is in U+0000–U+10FF: no emoji, and each weighs 1 per UTF-16 unit. */
function onlyLight(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0x10ff) return false;
  return true;
}

function plainWeight(text: string): number {
  if (onlyLight(text)) return text.length * SCALE;
  let weight = 0;
  for (const { segment } of graphemes(text)) weight += graphemeWeight(segment);
  return weight;
}

/** X's weighted length of a text (280 is the limit). */
export function xWeightedLength(text: string): number {
  const normalized = text.normalize('NFC');
  let weight = 0;
  let position = 0;
  for (const url of extractUrlsWithIndices(normalized)) {
    weight += plainWeight(normalized.slice(position, url.start)) + URL_WEIGHT;
    position = url.end;
  }
  weight += plainWeight(normalized.slice(position));
  return weight / SCALE;
}

/** Weighted characters left before X's limit; negative when over. */
export function xRemaining(text: string, limit = X_MAX_WEIGHTED_LENGTH): number {
  return limit - xWeightedLength(text);
}

/**
 * One indivisible piece of an NFC-normalised text, for cutting without breaking a link, an emoji
 * sequence or a grapheme: `weight` is in X's weighted characters.
 */
export interface XUnit {
  start: number;
  end: number;
  weight: number;
  kind: 'url' | 'grapheme';
}

/** The text's units in order; their weights add up to `xWeightedLength(text)`. `text` must be NFC. */
export function xUnits(text: string): XUnit[] {
  const units: XUnit[] = [];
  const addPlain = (from: number, to: number) => {
    if (from >= to) return;
    for (const { segment, index } of graphemes(text.slice(from, to))) {
      units.push({ start: from + index, end: from + index + segment.length, weight: graphemeWeight(segment) / SCALE, kind: 'grapheme' });
    }
  };
  let position = 0;
  for (const url of extractUrlsWithIndices(text)) {
    addPlain(position, url.start);
    units.push({ start: url.start, end: url.end, weight: URL_WEIGHT / SCALE, kind: 'url' });
    position = url.end;
  }
  addPlain(position, text.length);
  return units;
}
