import type { Post } from '@postflow/contract';

/** How far along its life a post is: a later read of the same post never goes back. */
const stage = (status: Post['status']) => (status === 'scheduled' ? 0 : status === 'pending' ? 1 : 2);

/**
 * Joins lists read one status at a time. The reads run side by side, so a post that changes status
 * meanwhile (Publish Now: scheduled, then pending, then published) can come back in two of them;
 * it is kept once, in the furthest status read, and in Posts rather than Scheduled once published.
 */
export function mergeStatusLists(published: Post[], upcomingLists: Post[][]): { published: Post[]; upcoming: Post[] } {
  const publishedIds = new Set(published.map((post) => post.id));
  const upcoming = new Map<string, Post>();
  for (const post of upcomingLists.flat()) {
    if (publishedIds.has(post.id)) continue;
    const seen = upcoming.get(post.id);
    if (!seen || stage(post.status) > stage(seen.status)) upcoming.set(post.id, post);
  }
  return { published, upcoming: [...upcoming.values()] };
}
