import type { CalendarItem, CalendarResponse } from '@postflow/contract';
import { cx } from '../../../../components/ui/cx';
import { dayKeyAt, type CalendarDay } from '../lib/calendar-grid';
import { dayName } from '../lib/calendar-words';
import { CalendarItemCard, type ItemActions } from './calendar-item-card';
import { dropTarget } from './drop-target';

export interface ViewActions extends ItemActions {
  /** Whether a post that can be moved is being dragged. */
  dragging: () => boolean;
  /** A post was dropped on a day (month) or on a slot's instant (week). */
  dropOnDay: (day: CalendarDay) => void;
  dropAt: (instant: Date) => void;
  /** Opens the composer at that instant; undefined when the day or slot is past (or the person only reads). */
  createOn: (day: CalendarDay) => (() => void) | undefined;
  createAt: (instant: Date) => (() => void) | undefined;
  showDay: (day: CalendarDay) => void;
}

const WEEKDAYS = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-06', '2024-01-07'];

/** Six weeks, Monday first; each day lists its first posts and says how many more it holds. */
export function MonthView({
  days,
  month,
  answer,
  actions,
  today,
}: {
  days: CalendarDay[];
  /** 'YYYY-MM' of the month shown: days of the months around it are dimmed. */
  month: string;
  answer: CalendarResponse | undefined;
  actions: ViewActions;
  today: string;
}) {
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of answer?.items ?? []) {
    const key = dayKeyAt(new Date(item.at), actions.timeZone);
    byDay.set(key, [...(byDay.get(key) ?? []), item]);
  }
  const moreOn = new Map((answer?.more ?? []).map((entry) => [dayKeyAt(new Date(entry.start), actions.timeZone), entry]));
  return (
    <div className="overflow-x-auto">
      <div className="grid min-w-[48rem] grid-cols-7 border-t border-l border-slate-200">
        {WEEKDAYS.map((key) => (
          <div
            key={key}
            aria-hidden="true"
            className="border-r border-b border-slate-200 bg-slate-50 px-2 py-1 text-xs font-semibold text-slate-600"
          >
            {dayName(key, { weekday: 'short' })}
          </div>
        ))}
        {days.map((day) => {
          const items = byDay.get(day.key) ?? [];
          const more = moreOn.get(day.key);
          const create = actions.createOn(day);
          const name = dayName(day.key);
          return (
            <div
              key={day.key}
              role="group"
              aria-label={name}
              {...dropTarget(actions.dragging, () => actions.dropOnDay(day))}
              className={cx(
                'flex min-h-28 flex-col gap-1 border-r border-b border-slate-200 p-1',
                !day.key.startsWith(month) && 'bg-slate-50/70 text-slate-400',
              )}
            >
              <div className="flex items-center justify-between">
                <span
                  className={cx(
                    'inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold',
                    day.key === today ? 'bg-brand text-white' : 'text-slate-700',
                  )}
                  {...(day.key === today ? { 'aria-current': 'date' as const } : {})}
                >
                  {day.day}
                </span>
                {create && (
                  <button
                    type="button"
                    onClick={create}
                    aria-label={`New post on ${name}`}
                    className="rounded px-1 text-sm text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand"
                  >
                    <span aria-hidden="true">+</span>
                  </button>
                )}
              </div>
              {items.length > 0 && (
                <ul className="flex flex-col gap-1" aria-label={`Posts on ${name}`}>
                  {items.map((item) => (
                    <CalendarItemCard key={item.id} item={item} actions={actions} />
                  ))}
                </ul>
              )}
              {more && (
                <button
                  type="button"
                  onClick={() => actions.showDay(day)}
                  className="self-start rounded px-1 text-xs font-medium text-brand-strong hover:underline focus-visible:outline-2 focus-visible:outline-brand"
                >
                  {more.exact ? `+${more.count} more` : `over ${more.count} more`}
                </button>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
