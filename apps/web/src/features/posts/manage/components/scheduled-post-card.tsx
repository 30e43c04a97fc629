import { useId } from 'react';
import { ApprovalActions } from '../../../../components/approvals/approval-actions';
import { Alert } from '../../../../components/ui/alert';
import { Avatar } from '../../../../components/ui/avatar';
import { Button } from '../../../../components/ui/button';
import { PlatformIcon } from '../../../../components/ui/icons';
import { platformName } from '../../../../lib/platform-names';
import { approvalNote } from '../../../../lib/post-status';
import { SCHEDULED_COLLAPSE_AT, statusGroup, type DisplayPost } from '../lib/post-display';
import { scheduleLabel } from '../lib/schedule-time';
import { CollapsibleText } from './collapsible-text';
import { ClockIcon } from '../../../../components/ui/line-icons';
import { StatusBadge } from './status-badge';

export interface ScheduledPostCardProps {
  post: DisplayPost;
  now: number;
  /** Publish Now was asked for and the post is not out yet: it shows as being published. */
  sending: boolean;
  /** A failed Publish Now or Delete, shown on the card. */
  error: string | null;
  onEdit: () => void;
  onPublishNow: () => void;
  onDelete: () => void;
  /** Which post this is, for the buttons' accessible names ('“Big news…” scheduled for Thu 26 Nov, 18:30'). */
  label: string;
}

/** docs/product.md, Profile · Scheduled posts (scheduled card). */
export function ScheduledPostCard({ post, now, sending, error, onEdit, onPublishNow, onDelete, label }: ScheduledPostCardProps) {
  const titleId = useId();
  const status = sending && post.status === 'scheduled' ? 'pending' : post.status;
  const pending = status === 'pending';
  const name = platformName(post.platform);
  return (
    <article
      aria-labelledby={titleId}
      className="flex w-full min-w-0 flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <header className="flex items-center gap-2">
        <PlatformIcon provider={post.platform} className="size-5" />
        <h3 id={titleId} className="flex-1 truncate font-semibold text-slate-900">
          {name}
        </h3>
        <StatusBadge status={status} />
      </header>
      {/* The channel it goes to, under its own name and picture (docs/decisions/151-channels-in-every-view.md). */}
      <p className="flex min-w-0 items-center gap-2 text-sm text-slate-600">
        <Avatar name={post.user.name} src={post.user.avatar} size="sm" />
        <span className="truncate">
          <span className="sr-only">As </span>
          <span className="font-medium text-slate-800">{post.user.name}</span>
          {post.user.handle && ` ${post.user.handle}`}
        </span>
      </p>
      <CollapsibleText text={post.content} limit={SCHEDULED_COLLAPSE_AT} labels={{ more: 'Show more', less: 'Show less' }} />
      {post.image && (
        <img src={post.image} alt="Attached image" loading="lazy" className="max-h-56 w-full rounded-lg bg-slate-100 object-cover" />
      )}
      <p className="inline-flex items-center gap-1.5 text-sm text-slate-600">
        <ClockIcon />
        <span>{pending ? 'Publishing now...' : scheduleLabel(post.scheduledFor, new Date(now))}</span>
      </p>
      {post.status === 'pending_approval' && <Alert variant="warning">{approvalNote({ status: post.status })}</Alert>}
      {post.status === 'rejected' && (
        <Alert variant="error">{approvalNote({ status: post.status, failure_reason: post.failureReason })}</Alert>
      )}
      {statusGroup(post.status) === 'attention' && post.status !== 'rejected' && (
        <Alert variant={post.status === 'needs_reconnect' ? 'warning' : 'error'}>
          {post.failureReason ?? 'This post did not go out. Edit it to schedule it again.'}
        </Alert>
      )}
      {error && <Alert variant="error">{error}</Alert>}
      {post.status === 'pending_approval' && <ApprovalActions post={post} label={label} />}
      <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <Button variant="secondary" size="sm" onClick={onEdit} disabled={pending}>
          Edit
        </Button>
        <Button size="sm" onClick={onPublishNow} disabled={pending}>
          Publish Now
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          disabled={pending}
          aria-label={`Delete post ${label}`}
          className="text-red-700 hover:bg-red-50"
        >
          Delete
        </Button>
      </div>
    </article>
  );
}
