import type { FeedPost } from '@postflow/contract';
import { useId, type ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { ApprovalActions } from '../../../components/approvals/approval-actions';
import { PostFile } from '../../../components/post-file';
import { PostLinkCard } from '../../../components/post-link-card';
import { PostThread } from '../../../components/threads/post-thread';
import { PostStatusBadge } from '../../../components/ui/post-status-badge';
import { cx } from '../../../components/ui/cx';
import { PlatformIcon, WarningIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/date-time';
import { formatCount, formatRelativeTime } from '../../../lib/format';
import { approvalNote } from '../../../lib/post-status';
import { authorHandleText } from '../../../lib/post-author';
import { plural } from '../../../lib/text';

/** docs/product.md, Feed · Post card: x is shown as 'Twitter/X' in blue, linkedin as 'LinkedIn' in LinkedIn blue. */
const PLATFORMS = {
  x: { label: 'Twitter/X', linkName: 'X', color: 'text-sky-700' },
  linkedin: { label: 'LinkedIn', linkName: 'LinkedIn', color: 'text-[#0a66c2]' },
} as const;

function Timestamp({ post, now }: { post: FeedPost; now: Date }) {
  if (post.status === 'published' && post.published_at) {
    return (
      <time dateTime={post.published_at} title={formatDateTime(post.published_at)}>
        {formatRelativeTime(post.published_at, now)}
      </time>
    );
  }
  if (!post.scheduled_for) return null;
  const waiting = post.status === 'scheduled' || post.status === 'pending' || post.status === 'pending_approval';
  return (
    <span>
      {waiting ? 'Scheduled for' : 'Was planned for'} <time dateTime={post.scheduled_for}>{formatDateTime(post.scheduled_for)}</time>
    </span>
  );
}

function Count({ icon, value, noun }: { icon: ReactNode; value: number; noun: string }) {
  const words = plural(value, noun);
  return (
    <li className="inline-flex items-center gap-1.5" title={`${value.toLocaleString()} ${words}`}>
      {icon}
      <span aria-hidden="true">{formatCount(value)}</span>
      <span className="sr-only">
        {formatCount(value)} {words}
      </span>
    </li>
  );
}

const iconProps = {
  viewBox: '0 0 24 24',
  className: 'size-4',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  'aria-hidden': true,
  focusable: false,
} as const;
const HeartIcon = () => (
  <svg {...iconProps}>
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" strokeLinejoin="round" />
  </svg>
);
const CommentIcon = () => (
  <svg {...iconProps}>
    <path d="M4 5h16v11H9l-5 4z" strokeLinejoin="round" />
  </svg>
);
const ShareIcon = () => (
  <svg {...iconProps}>
    <path d="M4 12v7h16v-7M12 4v11M8 8l4-4 4 4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/**
 * One post on the feed (docs/product.md, Feed · Post card): who it went out as (the account or the
 * LinkedIn page), where, when, its state, the text and pictures (or the link card), the counts.
 */
export function PostCard({ post, now }: { post: FeedPost; now: Date }) {
  const nameId = useId();
  const { author } = post;
  const platform = PLATFORMS[post.platform];
  const handle = authorHandleText(post.platform, author);
  const note = approvalNote(post);

  return (
    <article aria-labelledby={nameId} className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start gap-3">
        <Avatar name={author.name} src={author.avatar_url} size="md" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2">
            <h2 id={nameId} className="truncate font-semibold text-slate-900">
              {author.name}
            </h2>
            {handle && <span className="truncate text-sm text-slate-500">{handle}</span>}
          </div>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500">
            <span className={cx('inline-flex items-center gap-1 font-medium', platform.color)}>
              <PlatformIcon provider={post.platform} className={cx('size-4', platform.color)} />
              <span>{platform.label}</span>
            </span>
            <span aria-hidden="true">·</span>
            <Timestamp post={post} now={now} />
          </p>
        </div>
        <PostStatusBadge status={post.status} className="shrink-0" />
      </div>

      {post.status === 'pending' && <p className="text-sm text-slate-600">Going out now…</p>}
      {post.status === 'pending_approval' && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
          <span>{note}</span>
          <ApprovalActions post={post} label={`by ${author.name} on ${platform.label}`} />
        </div>
      )}
      {post.status === 'rejected' && (
        <p className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200 ring-inset">
          <WarningIcon className="mt-px size-4" />
          <span>{note}</span>
        </p>
      )}
      {post.failure_reason && post.status !== 'rejected' && (
        <p className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200 ring-inset">
          <WarningIcon className="mt-px size-4" />
          <span>{post.failure_reason}</span>
        </p>
      )}

      <p className="text-[15px] leading-relaxed break-words whitespace-pre-wrap text-slate-800">{post.text}</p>

      {post.media_urls.length > 0 && (
        <div className={cx('grid gap-2', post.media_urls.length > 1 && 'grid-cols-2')}>
          {post.media_urls.map((url, index) => (
            <PostFile
              key={url}
              url={url}
              kind={post.media_kinds[index]}
              // The person's own description when they wrote one (docs/decisions/152-channel-picker-and-kept-attachments.md).
              alt={post.media_alts[index] ?? ''}
              fallbackLabel={post.media_urls.length > 1 ? `Image ${index + 1} of the post` : 'Image of the post'}
              documentTitle={post.document_title}
              className="max-h-96"
            />
          ))}
        </div>
      )}
      {post.link_card && post.media_urls.length === 0 && <PostLinkCard card={post.link_card} />}

      <PostThread item={post} network={post.platform} />

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <ul className="flex items-center gap-5" aria-label="Engagement">
          <Count icon={<HeartIcon />} value={post.likes_count} noun="like" />
          <Count icon={<CommentIcon />} value={post.comments_count} noun="comment" />
          <Count icon={<ShareIcon />} value={post.shares_count} noun="share" />
        </ul>
        {post.platform_url && (
          <a
            href={post.platform_url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand hover:text-brand-strong hover:underline"
          >
            View on {platform.linkName}
          </a>
        )}
      </div>
    </article>
  );
}

/** Placeholders in the shape of post cards while the first page loads. */
export function PostCardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading posts" className="flex flex-col gap-4">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex flex-col gap-4 rounded-xl bg-white p-5 ring-1 ring-slate-200">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-3 w-40" />
              <Skeleton className="h-3 w-24" />
            </div>
          </div>
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-2/3" />
        </div>
      ))}
    </div>
  );
}
