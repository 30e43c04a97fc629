import type { FirstCommentView, ThreadPartView } from '@postflow/contract';
import { networkName } from '@postflow/contract/client';
import { useId, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { formatCount } from '../../lib/format';
import { plural } from '../../lib/text';
import { partialSummary, retryFrom, stoppedForGood, threadOf, type ThreadItem } from '../../lib/thread-words';
import { useRetryThread } from '../../lib/use-retry-thread';
import { useCan } from '../../lib/workspace';
import { Button } from '../ui/button';
import { PostStatusBadge } from '../ui/post-status-badge';
import { useToast } from '../ui/toast';

function countsWords(counts: { likes: number; comments: number; shares: number }): string {
  return [
    `${formatCount(counts.likes)} ${plural(counts.likes, 'like')}`,
    `${formatCount(counts.comments)} ${plural(counts.comments, 'comment')}`,
    `${formatCount(counts.shares)} ${plural(counts.shares, 'share')}`,
  ].join(' · ');
}

function PartRow({ part, count, network }: { part: ThreadPartView; count: number; network: string }) {
  return (
    <li aria-label={`Part ${part.position} of ${count}`} className="flex flex-col gap-1 border-l-2 border-slate-300 pl-3">
      <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">Part {part.position}</span>
        <PostStatusBadge status={part.status} />
      </p>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{part.text}</p>
      {part.media_urls.length > 0 && (
        <div className="flex flex-wrap gap-1">
          {part.media_urls.map((url, index) => (
            <img
              key={url}
              src={url}
              alt={`Image ${index + 1} of part ${part.position}`}
              loading="lazy"
              className="size-16 rounded-md bg-slate-100 object-cover"
            />
          ))}
        </div>
      )}
      {part.failure_reason && <p className="text-sm text-red-800">{part.failure_reason}</p>}
      {part.status === 'published' && (
        <p className="flex flex-wrap items-center gap-x-3 text-xs text-slate-600">
          <span>
            {countsWords({ likes: part.likes_count, comments: part.comments_count, shares: part.shares_count })}
            {part.impressions_count !== null && ` · ${formatCount(part.impressions_count)} ${plural(part.impressions_count, 'impression')}`}
          </span>
          {part.platform_url && (
            <a href={part.platform_url} target="_blank" rel="noopener noreferrer" className="font-medium text-brand hover:underline">
              View part {part.position} on {network}
            </a>
          )}
        </p>
      )}
    </li>
  );
}

function FirstCommentRow({ comment, onRetry, retrying }: { comment: FirstCommentView; onRetry: (() => void) | null; retrying: boolean }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200 ring-inset">
      <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">First comment</span>
        <PostStatusBadge status={comment.status} />
      </p>
      <p className="break-words whitespace-pre-wrap text-slate-800">{comment.text}</p>
      {comment.failure_reason && <p className="text-red-800">{comment.failure_reason}</p>}
      {onRetry && (
        <Button variant="secondary" size="sm" className="self-start" busy={retrying} onClick={onRetry}>
          Send the first comment again
        </Button>
      )}
    </div>
  );
}

/**
 * A post's X thread and LinkedIn first comment on any list (feed, profile, calendar): the parts
 * behind a toggle, each with its status, address, reason and counts, and, when the thread stopped
 * partway, which parts went out and "Retry from part k" (docs/product.md, Composer · Threads).
 */
export function PostThread({ item, network }: { item: ThreadItem; network: 'x' | 'linkedin' }) {
  const parts = threadOf(item);
  const partial = parts ? partialSummary(parts) : null;
  const [open, setOpen] = useState(partial !== null);
  const listId = useId();
  const canEdit = useCan('editor');
  const retry = useRetryThread();
  const toast = useToast();
  const name = networkName(network);
  const comment = item.first_comment;
  if (!parts && !comment) return null;

  const stopped = item.status === 'partially_published';
  const from = parts && stopped ? retryFrom(parts) : null;
  const commentFailed = comment !== undefined && stoppedForGood(comment.status);

  function resume(fromPart: number | undefined) {
    retry.mutate(
      { id: item.id, ...(fromPart === undefined ? {} : { fromPart }) },
      {
        onSuccess: () =>
          toast({
            variant: 'success',
            title: fromPart === undefined ? 'Sending the first comment again' : `Retrying from part ${fromPart}`,
            message:
              fromPart === undefined
                ? `It goes under the post on ${name} within seconds.`
                : `The parts already on ${name} stay as they are; part ${fromPart} goes out now, then the rest.`,
          }),
        onError: (error) =>
          toast({ variant: 'error', title: 'Could not retry', message: isApiError(error) ? error.message : 'Try again in a moment.' }),
      },
    );
  }

  const totals = parts?.reduce(
    (sum, part) => ({
      likes: sum.likes + part.likes_count,
      comments: sum.comments + part.comments_count,
      shares: sum.shares + part.shares_count,
    }),
    { likes: 0, comments: 0, shares: 0 },
  );

  return (
    <div className="flex flex-col gap-3">
      {parts && (
        <section aria-label={`Thread of ${parts.length} parts`} className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span className="font-medium">Thread · {parts.length} parts</span>
            {partial && <span className="text-amber-900">Partly published: {partial}</span>}
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setOpen((value) => !value)}
              className="ml-auto"
            >
              {open ? 'Hide the parts' : `Show the ${parts.length} parts`}
            </Button>
          </div>
          <div id={listId}>
            {open && (
              <ol className="flex flex-col gap-3">
                {parts.map((part) => (
                  <PartRow key={part.id} part={part} count={parts.length} network={name} />
                ))}
              </ol>
            )}
          </div>
          {open && totals && <p className="text-xs text-slate-600">All parts together: {countsWords(totals)}</p>}
          {from !== null && canEdit && (
            <Button size="sm" className="self-start" busy={retry.isPending} busyLabel="Retrying..." onClick={() => resume(from)}>
              Retry from part {from}
            </Button>
          )}
        </section>
      )}
      {comment && (
        <FirstCommentRow
          comment={comment}
          retrying={retry.isPending}
          onRetry={commentFailed && stopped && canEdit && !parts ? () => resume(undefined) : null}
        />
      )}
    </div>
  );
}
