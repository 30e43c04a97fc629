import type { DisplayPost } from '../lib/post-display';
import { EmptyMessage } from './empty-states';
import { CardGrid } from './post-grid';
import { PublishedPostCard } from './published-post-card';

/** The Posts tab: published (and completed) posts, newest first. */
export function PublishedPosts({ posts }: { posts: DisplayPost[] }) {
  if (posts.length === 0) {
    return (
      <EmptyMessage title="No published posts yet" action={{ label: 'Write your first post', to: '/create-post' }}>
        Your published content will appear here once a post goes out.
      </EmptyMessage>
    );
  }
  return (
    <CardGrid label="Published posts">
      {posts.map((post) => (
        <li key={post.id} className="flex">
          <PublishedPostCard post={post} />
        </li>
      ))}
    </CardGrid>
  );
}
