import type { Post } from '@postflow/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { PlatformIcon } from '../../../components/ui/icons';
import { PostStatusBadge } from '../../../components/ui/post-status-badge';
import { Skeleton } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/date-time';
import { formatRelativeTime } from '../../../lib/format';
import { quote } from '../../../lib/text';
import { useCan } from '../../../lib/workspace';

/** About two lines of the card at desktop width. */
const RECENT_TEXT_LENGTH = 110;

function when(post: Post, now: Date): string {
  if (post.status === 'published' && post.published_at) return formatRelativeTime(post.published_at, now);
  return post.scheduled_for ? `for ${formatDateTime(post.scheduled_for)}` : '';
}

/**
 * The 5 most recent posts (docs/product.md, Dashboard · Figures), small; the feed has the rest. Empty,
 * it offers the next step: connecting an account when none is, else writing the first post.
 */
export function RecentPosts({ posts, loading, now, hasAccount }: { posts: Post[]; loading: boolean; now: Date; hasAccount: boolean }) {
  const headingId = useId();
  // A viewer is not offered a step only editors (writing) or admins (connecting) may take.
  const canTakeStep = useCan(hasAccount ? 'editor' : 'admin');
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Recent Posts
        </h2>
        <Link to="/feed" className="text-sm font-medium text-brand hover:text-brand-strong hover:underline">
          View all
        </Link>
      </div>
      {loading ? (
        <div aria-hidden="true" className="flex flex-col gap-3">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : posts.length === 0 ? (
        <p className="text-sm text-slate-600">
          {hasAccount
            ? 'No posts yet. Your latest posts will show here. '
            : 'No posts yet. Postflow posts through your X or LinkedIn account. '}
          {canTakeStep && (
            <Link to={hasAccount ? '/create-post' : '/connect-accounts'} className="font-medium text-brand hover:underline">
              {hasAccount ? 'Write your first post' : 'Connect an account'}
            </Link>
          )}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {posts.map((post) => (
            <li key={post.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
              <PlatformIcon provider={post.platform} className="mt-0.5 size-4" />
              <div className="min-w-0 flex-1">
                {/* Cut at a word in script: CSS line-clamp puts its '…' inside a word ('tell me w…'). */}
                <p className="text-sm break-words text-slate-800">{quote(post.text, RECENT_TEXT_LENGTH)}</p>
                <p className="mt-1 flex flex-wrap items-center gap-x-1 text-xs text-slate-500">
                  <PostStatusBadge status={post.status} />
                  <span>{when(post, now)}</span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
