import type { AccountQueue } from '@postflow/contract';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { authorHandleText } from '../../../lib/post-author';
import { formatWhen } from '../../../lib/date-time';

type Entry = AccountQueue['entries'][number];

/** Only a post still waiting can change slots (one being sent or sent stays where it is). */
const movable = (entry: Entry | undefined) => !entry?.post || entry.post.status === 'scheduled' || entry.post.status === 'pending_approval';

/**
 * docs/product.md, Queue · Coming slots: each slot in the slots' zone, free or with its post. Move up
 * and Move down swap a post with the slot before or after it (free or not), the keyboard's way to reorder.
 */
export function QueueEntries({
  entries,
  timeZone,
  canEdit,
  busy,
  onMove,
  onShareNow,
  onRemove,
}: {
  entries: AccountQueue['entries'];
  timeZone: string;
  canEdit: boolean;
  busy: boolean;
  onMove: (postId: string, to: string) => void;
  onShareNow: (postId: string) => void;
  onRemove: (postId: string) => void;
}) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">No slots in the next two weeks.</p>;
  return (
    <ol aria-label="Coming slots" className="flex flex-col divide-y divide-slate-100">
      {entries.map((entry, index) => {
        const when = formatWhen(entry.at, new Date(), { timeZone });
        const post = entry.post;
        const handle = post && authorHandleText(post.platform, post.author);
        const before = entries[index - 1];
        const after = entries[index + 1];
        return (
          <li key={entry.at} aria-label={post ? `${when}: ${post.text}` : `${when}: empty slot`} className="flex flex-col gap-2 py-3">
            <div className="flex flex-wrap items-baseline gap-x-3">
              <span className="w-44 shrink-0 text-sm font-medium text-slate-800">{when}</span>
              {post ? (
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  {/* A member's slots also hold their pages' posts: each says which channel it goes to (docs/decisions/151-channels-in-every-view.md). */}
                  <span className="flex min-w-0 items-center gap-2 text-xs text-slate-600">
                    <Avatar name={post.author.name} src={post.author.avatar_url} size="sm" />
                    <span className="truncate">
                      <span className="sr-only">As </span>
                      <span className="font-medium text-slate-800">{post.author.name}</span>
                      {handle && ` ${handle}`}
                    </span>
                  </span>
                  <span className="text-sm break-words text-slate-900">
                    {post.text}
                    {post.status === 'pending_approval' && <span className="ml-2 text-xs text-amber-800">Waiting for approval</span>}
                  </span>
                </span>
              ) : (
                <span className="text-sm text-slate-500 italic">Empty slot</span>
              )}
            </div>
            {entry.note && <p className="text-xs text-amber-800">{entry.note}</p>}
            {post && canEdit && movable(entry) && (
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy || !before || !movable(before)}
                  onClick={() => before && onMove(post.id, before.at)}
                >
                  Move up
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy || !after || !movable(after)}
                  onClick={() => after && onMove(post.id, after.at)}
                >
                  Move down
                </Button>
                <Button size="sm" variant="secondary" disabled={busy} onClick={() => onShareNow(post.id)}>
                  Share now
                </Button>
                <Button size="sm" variant="danger" disabled={busy} onClick={() => onRemove(post.id)}>
                  Remove
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
