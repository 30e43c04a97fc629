import { Button } from '../../../../components/ui/button';
import type { DisplayPost } from '../lib/post-display';
import { EmptyMessage } from './empty-states';
import { CardGrid } from './post-grid';
import { PublishedPostCard } from './published-post-card';
import { useCan } from '../../../../lib/workspace';

/** The Posts tab: published (and completed) posts, newest first, a page at a time (docs/product.md, Profile · Post lists). */
export function PublishedPosts({
  posts,
  more,
  loadingMore,
  onLoadMore,
}: {
  posts: DisplayPost[];
  more: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const writes = useCan('editor');
  if (posts.length === 0) {
    return (
      <EmptyMessage title="No published posts yet" action={writes ? { label: 'Write your first post', to: '/create-post' } : undefined}>
        Your published content will appear here once a post goes out.
      </EmptyMessage>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <CardGrid label="Published posts">
        {posts.map((post) => (
          <li key={post.id} className="flex">
            <PublishedPostCard post={post} />
          </li>
        ))}
      </CardGrid>
      {/* Focus stays on the button, below the cards just added, so the keyboard continues where the reader was. */}
      {more && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={onLoadMore} busy={loadingMore}>
            Load more posts
          </Button>
        </div>
      )}
    </div>
  );
}
