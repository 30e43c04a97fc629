import {
  LINKEDIN_MAX_LENGTH,
  X_MAX_WEIGHTED_LENGTH,
  linkedInLength,
  truncateForXFallback,
  xWeightedLength,
  type Network,
} from '@postflow/contract';

/**
 * Platform rules shared by both engines: how LinkedIn counts, what a hashtag looks like, and the
 * fallback text (docs/product.md, Composer · Enhance).
 */

/** True when the text can be published as it is on the platform. */
export function withinLimit(platform: Network, text: string): boolean {
  return platform === 'x' ? xWeightedLength(text) <= X_MAX_WEIGHTED_LENGTH : linkedInLength(text) <= LINKEDIN_MAX_LENGTH;
}

/**
 * The fallback when enhancing fails (docs/product.md, Composer · Enhance): the original text, and for X a text over
 * 280 characters cut to its first 277 plus '...'. The content service applies it on `AiUnavailable`.
 */
export function specFallback(platform: Network, text: string): string {
  return platform === 'x' ? truncateForXFallback(text) : text;
}

const TAG_BODY = /^[\p{L}\p{M}\p{N}]+$/u;
const HAS_LETTER = /[\p{L}\p{M}]/u;
const MAX_TAG_LENGTH = 30;

/**
 * A hashtag from words, in CamelCase: "small businesses" → '#SmallBusinesses'. Words that already
 * carry capitals keep them ('iPhone', 'SaaS'). Undefined when nothing usable is left (only digits,
 * too long, no letters).
 */
export function toHashtag(words: string | readonly string[]): string | undefined {
  const parts = (typeof words === 'string' ? [words] : words)
    .flatMap((word) => word.normalize('NFC').split(/[^\p{L}\p{M}\p{N}]+/u))
    .filter(Boolean);
  const body = parts.map((part) => (/\p{Lu}/u.test(part) ? part : part.charAt(0).toUpperCase() + part.slice(1))).join('');
  if (!body || body.length > MAX_TAG_LENGTH || !TAG_BODY.test(body) || !HAS_LETTER.test(body)) return undefined;
  return `#${body}`;
}

/** A tag a person or a model wrote ('small business', '#AI', 'ai') as a hashtag. */
export function normaliseTag(tag: string): string | undefined {
  const stripped = tag
    .normalize('NFC')
    .trim()
    .replace(/^[#＃]+/u, '');
  // One word keeps its casing ('#saas' stays '#saas'); several words become CamelCase.
  if (TAG_BODY.test(stripped)) return stripped.length <= MAX_TAG_LENGTH && HAS_LETTER.test(stripped) ? `#${stripped}` : undefined;
  return toHashtag(stripped.split(/\s+/u));
}

/** Compares hashtags ignoring case and a plural ending: '#Posts' and '#post' are the same tag. */
export function hashtagKey(tag: string): string {
  const lower = tag.replace(/^[#＃]/u, '').toLowerCase();
  if (lower.endsWith('ies') && lower.length > 4) return `${lower.slice(0, -3)}y`;
  if (lower.endsWith('sses')) return lower.slice(0, -2);
  if (lower.endsWith('s') && !lower.endsWith('ss') && lower.length > 3) return lower.slice(0, -1);
  return lower;
}
