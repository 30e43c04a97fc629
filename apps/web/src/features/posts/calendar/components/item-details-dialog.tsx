import type { CalendarItem } from '@postflow/contract';
import { PostThread } from '../../../../components/threads/post-thread';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { formatDateTime } from '../../../../lib/date-time';
import { networksOf, statusOf, whyNotMovable } from '../lib/calendar-words';

/** A post that can no longer change (published, being sent) or that the person may only read: what it is and where it went. */
export function ItemDetailsDialog({ item, timeZone, onClose }: { item: CalendarItem; timeZone: string; onClose: () => void }) {
  const status = statusOf(item);
  // Its channel's name (a page's own), else the account as it was (docs/product.md, Channels).
  const account = item.channel
    ? item.channel.name
    : item.account
      ? item.account.username
        ? `@${item.account.username}`
        : item.account.displayName
      : null;
  const note = whyNotMovable(item);
  return (
    <Dialog
      open
      title={`${networksOf(item)} post`}
      onClose={onClose}
      actions={
        <>
          {item.platformUrl && (
            <a
              href={item.platformUrl}
              target="_blank"
              rel="noreferrer"
              className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium text-brand-strong hover:underline"
            >
              Open on {networksOf(item)}
            </a>
          )}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">Status</dt>
        <dd>
          <span aria-hidden="true">{status.mark}</span> {status.label}
        </dd>
        <dt className="text-slate-500">{item.publishedAt ? 'Published' : 'Planned for'}</dt>
        <dd>
          {formatDateTime(item.at, { timeZone })} ({timeZone})
        </dd>
        {account && (
          <>
            <dt className="text-slate-500">{item.channel ? 'Channel' : 'Account'}</dt>
            <dd>{account}</dd>
          </>
        )}
        {item.author && (
          <>
            <dt className="text-slate-500">Written by</dt>
            <dd>{item.author.name}</dd>
          </>
        )}
      </dl>
      <p className="mt-3 text-sm whitespace-pre-wrap text-slate-800">{item.text}</p>
      {item.failureReason && <p className="mt-2 text-sm text-red-700">{item.failureReason}</p>}
      {item.platforms[0] && (
        <div className="mt-3">
          <PostThread item={item} network={item.platforms[0]} />
        </div>
      )}
      {note && item.status === 'published' && <p className="mt-2 text-xs text-slate-500">{note}</p>}
    </Dialog>
  );
}
