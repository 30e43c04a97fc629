import {
  LINKEDIN_MAX_LENGTH,
  POST_MAX_LENGTH,
  X_MAX_WEIGHTED_LENGTH,
  extractUrls,
  linkedInLength,
  xWeightedLength,
} from '@postflow/contract/client';

export type CounterTone = 'normal' | 'warning' | 'danger';

/** docs/product.md, Composer · Content: the text counter warns above 90% of the maximum; over the maximum is danger. */
export function lengthTone(length: number, max: number = POST_MAX_LENGTH): CounterTone {
  if (length > max) return 'danger';
  if (length > max * 0.9) return 'warning';
  return 'normal';
}

/** Said under the text once it is over the limit; nothing typed or pasted is ever cut (docs/product.md, Composer · Content). */
export function tooLongMessage(length: number, max: number = POST_MAX_LENGTH): string {
  return `Posts can be up to ${formatCount(max)} characters. This one has ${formatCount(length)}: remove ${formatCount(length - max)} to go on. Nothing was cut.`;
}

/** Below this many weighted characters left, X's counter warns (docs/product.md, Composer · Content). */
export const X_WARNING_REMAINING = 30;

export interface XCount {
  /** X's weighted length: links count 23, emoji and CJK 2. */
  used: number;
  /** Negative when over the limit. */
  remaining: number;
  tone: CounterTone;
}

/** X's counter against 280, warning under 30 left, danger over; it never blocks. */
export function xCount(text: string): XCount {
  const used = xWeightedLength(text);
  const remaining = X_MAX_WEIGHTED_LENGTH - used;
  const tone: CounterTone = remaining < 0 ? 'danger' : remaining < X_WARNING_REMAINING ? 'warning' : 'normal';
  return { used, remaining, tone };
}

/**
 * Why X counts more than was typed, naming only what this text has: ' (links count 23, emoji 2)', ' (links count 23)',
 * or '' for plain text (docs/networks.md, X · Post text).
 */
export function xWeightNote(text: string): string {
  const urls = extractUrls(text);
  const rest = urls.reduce((remaining, url) => remaining.split(url).join(' '), text);
  const reasons: string[] = [];
  if (urls.length > 0) reasons.push('links count 23');
  if (/\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(rest)) reasons.push('emoji 2');
  // Emoji with their modifiers and joiners removed: what is left and still counts 2 is CJK and the like.
  const withoutEmoji = rest.replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0f|\u20e3/gu, '');
  if (xWeightedLength(withoutEmoji) > Array.from(withoutEmoji).length) reasons.push('CJK characters 2');
  return reasons.length > 0 ? ` (${reasons.join(', ')})` : '';
}

const numberFormat = new Intl.NumberFormat('en-US');

/** 2000 → '2,000'. */
export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** The X counter's words: 'X: 257 / 280 · 23 left' or 'X: 290 / 280 · 10 over'. */
export function xCounterText(text: string): string {
  const { used, remaining } = xCount(text);
  return `X: ${formatCount(used)} / ${X_MAX_WEIGHTED_LENGTH} · ${remaining < 0 ? `${formatCount(-remaining)} over` : `${formatCount(remaining)} left`}`;
}

/**
 * LinkedIn's counter: LinkedIn counts its text once reserved characters are escaped, so the counter
 * does too (the server refuses what LinkedIn would), and says why when that is more than was typed.
 */
export function linkedInCount(text: string): { words: string; tone: CounterTone } {
  const used = linkedInLength(text);
  const why = used > [...text].length ? ' · symbols such as ( ) _ * @ count twice' : '';
  return {
    words: `${formatCount(used)} / ${formatCount(LINKEDIN_MAX_LENGTH)} characters${why}`,
    tone: lengthTone(used, LINKEDIN_MAX_LENGTH),
  };
}
