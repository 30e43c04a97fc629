import { useId, useState } from 'react';
import { PlatformIcon } from '../../../../components/ui/icons';
import { formatCount } from '../../../../lib/format-count';
import { platformName } from '../../../../lib/platform-names';
import { PUBLISHED_COLLAPSE_AT, type DisplayPost } from '../lib/post-display';
import { formatPostDate } from '../lib/schedule-time';
import { CollapsibleText } from './collapsible-text';
import { CommentIcon, ExternalIcon, HeartIcon } from '../../../../components/ui/line-icons';
import { Avatar } from '../../../../components/ui/avatar';
import { PostThread } from '../../../../components/threads/post-thread';
import { StatusBadge } from './status-badge';
import { PostCardMedia } from './post-card-media';

/** docs/product.md, Profile · Post lists (published card). The like is local only: it is not sent to the network. */
export function PublishedPostCard({ post }: { post: DisplayPost }) {
  const [liked, setLiked] = useState(false);
  const titleId = useId();
  const likes = post.engagement.likes + (liked ? 1 : 0);
  return (
    <article
      aria-labelledby={titleId}
      className="flex w-full min-w-0 flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <header className="flex items-start gap-3">
        <Avatar name={post.user.name} src={post.user.avatar} size="md" />
        <div className="min-w-0 flex-1">
          <p id={titleId} className="truncate font-semibold text-slate-900">
            {post.user.name}
            <span className="sr-only"> on {platformName(post.platform)}</span>
          </p>
          {post.user.handle && <p className="truncate text-sm text-slate-500">{post.user.handle}</p>}
        </div>
        <PlatformIcon provider={post.platform} className="size-5" />
      </header>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <StatusBadge status={post.status} />
        <span>{formatPostDate(post.publishedAt ?? post.scheduledFor)}</span>
      </div>
      <CollapsibleText text={post.content} limit={PUBLISHED_COLLAPSE_AT} labels={{ more: 'See more', less: 'See less' }} />
      <PostCardMedia post={post} imageClassName="max-h-72" />
      <PostThread item={post.threadItem} network={post.platform === 'linkedin' ? 'linkedin' : 'x'} />
      <footer className="mt-auto flex items-center gap-4 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <button
          type="button"
          aria-pressed={liked}
          aria-label={`${formatCount(likes)} ${likes === 1 ? 'like' : 'likes'}`}
          onClick={() => setLiked((value) => !value)}
          className="inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand aria-pressed:text-rose-600"
        >
          <HeartIcon filled={liked} />
          <span className="tabular-nums">{formatCount(likes)}</span>
        </button>
        <span className="inline-flex items-center gap-1.5">
          <CommentIcon />
          <span className="tabular-nums">{formatCount(post.engagement.comments)}</span>
          <span className="sr-only">{post.engagement.comments === 1 ? ' comment' : ' comments'}</span>
        </span>
        {post.platformURL && (
          <a
            href={post.platformURL}
            target="_blank"
            rel="noopener noreferrer"
            className="ml-auto inline-flex items-center gap-1 font-medium text-brand hover:underline"
          >
            View Post
            <ExternalIcon />
          </a>
        )}
      </footer>
    </article>
  );
}
