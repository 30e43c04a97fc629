import { extractUrlsWithIndices } from './urls';

export interface HashtagMatch {
  /** As written, with its leading '#' (a full-width '＃' is returned as '#'). */
  tag: string;
  start: number;
  end: number;
}

// twitter-text's hashtag: '#' or '＃' not inside a word (nor after '&', as in "&#39;"), then letters,
// marks, digits and underscores with at least one letter or mark ("#1" is a number, not a tag).
const HASHTAG = /(^|[^&\p{L}\p{M}\p{N}_])([#＃])([\p{L}\p{M}\p{N}_]*[\p{L}\p{M}][\p{L}\p{M}\p{N}_]*)/gu;
// A tag followed by another '#' or by "://" is part of something else.
const INVALID_FOLLOWER = /^(?:[#＃]|:\/\/)/u;

/** The hashtags in a text in order, outside links, with their offsets. */
export function extractHashtagsWithIndices(text: string): HashtagMatch[] {
  if (!text.includes('#') && !text.includes('＃')) return [];
  const urls = extractUrlsWithIndices(text);
  const matches: HashtagMatch[] = [];
  HASHTAG.lastIndex = 0;
  for (let found = HASHTAG.exec(text); found; found = HASHTAG.exec(text)) {
    const start = found.index + (found[1] as string).length;
    const end = start + 1 + (found[3] as string).length;
    if (INVALID_FOLLOWER.test(text.slice(end))) continue;
    if (urls.some((url) => start < url.end && end > url.start)) continue;
    matches.push({ tag: `#${found[3] as string}`, start, end });
  }
  return matches;
}

/** The hashtags in a text, in order, each with its leading '#', e.g. `['#Launch', '#SmallBusiness']`. */
export function extractHashtags(text: string): string[] {
  return extractHashtagsWithIndices(text).map((match) => match.tag);
}
