import type { NetworkPost } from '../../providers/social/social-provider';

/**
 * What a network does to a text on the way in, undone, so what we sent can be recognised in what
 * it shows: X replaces links with t.co links; LinkedIn shows hashtags as `{hashtag|\#|word}` and
 * keeps little-text escapes. Whitespace runs collapse.
 */
export function comparableText(text: string): string {
  return text
    .replace(/\{hashtag\|\\?[#＃]\|([^}]+)\}/g, '#$1')
    .replace(/\\([|{}@[\]()<>#\\*_~])/g, '$1')
    .replace(/https?:\/\/\S+/g, '<link>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The network post that is this target's text, created after `since` (with a margin for clock skew). */
export function findSentPost(sentText: string, candidates: NetworkPost[], since: Date | undefined): NetworkPost | undefined {
  const wanted = comparableText(sentText);
  const earliest = since ? since.getTime() - 5 * 60_000 : -Infinity;
  return candidates.find(
    (candidate) => comparableText(candidate.text) === wanted && (!candidate.createdAt || candidate.createdAt.getTime() >= earliest),
  );
}
