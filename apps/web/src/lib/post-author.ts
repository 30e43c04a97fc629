import type { Network, PostAuthor } from '@postflow/contract';

/**
 * The line under the author's name on a post card: '@handle' on X; on LinkedIn a page is marked as
 * one (with its address name when known), and a member has none. Null: nothing to show.
 */
export function authorHandleText(platform: Network, author: PostAuthor): string | null {
  if (author.kind === 'page') return author.handle ? `Page · ${author.handle}` : 'Page';
  if (!author.handle || author.handle === author.name) return null;
  return platform === 'x' ? `@${author.handle}` : author.handle;
}
