import { LINKEDIN_MAX_LENGTH, POST_MAX_LENGTH, X_MAX_WEIGHTED_LENGTH, linkedInLength, xWeightedLength } from '@postflow/contract/client';

export type CounterTone = 'normal' | 'warning' | 'danger';

/** docs/product.md, Composer · Content: the text counter warns above 90% of the maximum; over the maximum is danger. */
export function lengthTone(length: number, max: number = POST_MAX_LENGTH): CounterTone {
  if (length > max) return 'danger';
  if (length > max * 0.9) return 'warning';
  return 'normal';
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
