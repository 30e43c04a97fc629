/**
 * twitter-text v3 weighting: 280 weighted characters, each URL counting 23 (docs/networks.md,
 * X · Post text). Code points in the Latin-1/general ranges weigh 1, everything else
 * (CJK, most symbols) weighs 2, an emoji sequence weighs 2 as a whole, a URL weighs 23.
 * The text is NFC-normalised first, as twitter-text does.
 */
const SCALE = 100;
const DEFAULT_WEIGHT = 200;
const URL_WEIGHT = 23 * SCALE;
const LIGHT_RANGES: Array<[number, number]> = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];

/** Bare domains twitter-text autolinks without a scheme; a subset of its TLD list (see README). */
const BARE_TLDS =
  'com|net|org|edu|gov|mil|int|info|biz|io|co|ai|app|dev|me|tv|xyz|online|site|tech|store|blog|news|cloud|page|ly|gl|to|fm|gg|sh|so';
const URL_PATTERN = new RegExp(
  String.raw`(?:https?:\/\/[^\s]+|(?<![\w@.\/-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:${BARE_TLDS})(?::\d+)?(?:\/[^\s]*)?(?![\w@-]))`,
  'giu',
);
const TRAILING_PUNCTUATION = /[.,;:!?'")\]}>]+$/u;
const EMOJI_SEGMENT = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

export function codePointWeight(codePoint: number): number {
  for (const [start, end] of LIGHT_RANGES) {
    if (codePoint >= start && codePoint <= end) return SCALE;
  }
  return DEFAULT_WEIGHT;
}

function isEmoji(segment: string): boolean {
  if (!EMOJI_SEGMENT.test(segment)) return false;
  const first = segment.codePointAt(0) ?? 0;
  // "©", "®" and digits are emoji only when followed by VS16/keycap; alone they are plain text.
  return first > 0x10ff || segment.length > 1;
}

function textWeight(text: string): number {
  let weight = 0;
  for (const { segment } of segmenter.segment(text)) {
    if (isEmoji(segment)) {
      weight += DEFAULT_WEIGHT;
      continue;
    }
    for (const char of segment) weight += codePointWeight(char.codePointAt(0) ?? 0);
  }
  return weight;
}

export function extractUrls(text: string): Array<{ start: number; end: number; url: string }> {
  const urls: Array<{ start: number; end: number; url: string }> = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    if (!url) continue;
    urls.push({ start: match.index, end: match.index + url.length, url });
  }
  return urls;
}

export function weightedLength(rawText: string): number {
  const text = rawText.normalize('NFC');
  let weight = 0;
  let cursor = 0;
  for (const url of extractUrls(text)) {
    weight += textWeight(text.slice(cursor, url.start)) + URL_WEIGHT;
    cursor = url.end;
  }
  weight += textWeight(text.slice(cursor));
  return Math.floor(weight / SCALE);
}
