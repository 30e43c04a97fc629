import type { CalendarItem } from '@postflow/contract';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { cx } from '../../../../components/ui/cx';
import { PlatformIcon } from '../../../../components/ui/icons';
import { formatTime } from '../../../../lib/date-time';
import { networkClasses, networksOf, snippet, statusOf, threadNote, whyNotMovable } from '../lib/calendar-words';

export interface ItemActions {
  canEdit: boolean;
  timeZone: string;
  open: (item: CalendarItem) => void;
  moveTo: (item: CalendarItem) => void;
  /** A drag starts: the page remembers what is dragged, or says why it cannot be. */
  dragStart: (item: CalendarItem, event: DragEvent) => void;
  dragEnd: () => void;
}

/** One post or draft in a cell: its network (colour, icon and name), time, status (mark and word) and first words. */
export function CalendarItemCard({ item, actions }: { item: CalendarItem; actions: ItemActions }) {
  const status = statusOf(item);
  const time = formatTime(item.at, { timeZone: actions.timeZone });
  const blocked = whyNotMovable(item);
  const movable = actions.canEdit && !blocked;
  const words = snippet(item.text);
  return (
    <li
      draggable={actions.canEdit}
      onDragStart={(event) => actions.dragStart(item, event)}
      onDragEnd={actions.dragEnd}
      data-status={item.status}
      title={actions.canEdit && blocked ? blocked : undefined}
      className={cx(
        'group flex items-start gap-1 rounded-md border border-l-4 border-slate-200 px-1.5 py-1 text-xs text-slate-800',
        networkClasses(item),
        movable && 'cursor-grab',
      )}
    >
      <button
        type="button"
        onClick={() => actions.open(item)}
        className="min-w-0 flex-1 text-left focus-visible:outline-2 focus-visible:outline-brand"
        aria-label={`${networksOf(item)} · ${time} · ${status.label}: ${words}${threadNote(item)}`}
      >
        {/* A week column is narrow: the status wraps under the time rather than spilling out of the card. */}
        <span className="flex flex-wrap items-center gap-x-1 font-medium">
          {item.platforms.map((network) => (
            <PlatformIcon key={network} provider={network} className="size-3 shrink-0" />
          ))}
          <span className="whitespace-nowrap">{time}</span>
          <span className="whitespace-nowrap font-normal text-slate-600">
            <span aria-hidden="true">{status.mark}</span> {status.label}
          </span>
        </span>
        <span className="block truncate text-slate-600">{words}</span>
        {item.thread && item.thread.length > 1 && (
          <span className="block text-slate-500" aria-hidden="true">
            Thread · {item.thread.length} parts
          </span>
        )}
      </button>
      <ItemMenu item={item} actions={actions} movable={movable} words={words} />
    </li>
  );
}

/** The keyboard's way to move a post (the alternative to dragging), and to open it. */
function ItemMenu({ item, actions, movable, words }: { item: CalendarItem; actions: ItemActions; movable: boolean; words: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const firstRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) firstRef.current?.focus();
  }, [open]);
  if (!actions.canEdit) return null;
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <div className="relative shrink-0">
      <button
        type="button"
        aria-label={`Actions for “${words}”`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        className="rounded px-1 text-slate-500 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand"
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
          className="absolute right-0 z-20 mt-1 flex w-40 flex-col rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {movable && (
            <button ref={firstRef} type="button" role="menuitem" onClick={choose(() => actions.moveTo(item))} className={menuItem}>
              Move to…
            </button>
          )}
          <button
            ref={movable ? undefined : firstRef}
            type="button"
            role="menuitem"
            onClick={choose(() => actions.open(item))}
            className={menuItem}
          >
            Open
          </button>
        </div>
      )}
    </div>
  );
}

const menuItem = 'px-3 py-1.5 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none';
