import { extractHashtags } from '@postflow/contract';
import type { RatedPost } from './observations';
import { median } from './statistics';

/** A hashtag counts once it is on this many of the person's posts: one post says nothing about a tag. */
const MIN_POSTS = 2;

/**
 * The person's best-performing hashtags, best first: those on at least two posts whose median
 * engagement rate beats the median of all their posts. Compared ignoring case; each is returned as
 * most recently written. The AI tailoring may use them on a post that is about them (docs/ai.md,
 * Hashtags).
 */
export function bestHashtags(posts: readonly RatedPost[], limit: number): string[] {
  if (posts.length === 0) return [];
  const overall = median(posts.map((post) => post.rate));
  const byTag = new Map<string, { tag: string; rates: number[]; latest: number }>();
  for (const post of posts) {
    for (const tag of new Set(extractHashtags(post.text))) {
      const key = tag.toLowerCase();
      const entry = byTag.get(key) ?? { tag, rates: [], latest: 0 };
      entry.rates.push(post.rate);
      if (post.publishedAt.getTime() >= entry.latest) {
        entry.tag = tag;
        entry.latest = post.publishedAt.getTime();
      }
      byTag.set(key, entry);
    }
  }
  return [...byTag.values()]
    .filter((entry) => entry.rates.length >= MIN_POSTS && median(entry.rates) > overall)
    .map((entry) => ({ tag: entry.tag, rate: median(entry.rates), posts: entry.rates.length }))
    .sort((a, b) => b.rate - a.rate || b.posts - a.posts || a.tag.localeCompare(b.tag))
    .slice(0, limit)
    .map((entry) => entry.tag);
}
