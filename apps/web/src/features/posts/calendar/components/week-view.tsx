import type { CalendarItem, CalendarResponse } from '@postflow/contract';
import { cx } from '../../../../components/ui/cx';
import { daySlots, slotAt, type CalendarDay } from '../lib/calendar-grid';
import { dayName } from '../lib/calendar-words';
import { CalendarItemCard } from './calendar-item-card';
import { dropTarget } from './drop-target';
import type { ViewActions } from './month-view';

/**
 * Seven days of 30-minute rows by wall-clock time: a post sits in the row of its local time, so 09:00
 * is 09:00 on both sides of a daylight-saving change. The rows the clocks skip (spring) take no post
 * and offer nothing; the repeated hour (autumn) shares its rows.
 */
export function WeekView({
  days,
  answer,
  actions,
  today,
}: {
  days: CalendarDay[];
  answer: CalendarResponse | undefined;
  actions: ViewActions;
  today: string;
}) {
  const bySlot = new Map<string, CalendarItem[]>();
  for (const item of answer?.items ?? []) {
    const { day, label } = slotAt(new Date(item.at), actions.timeZone);
    const key = `${day} ${label}`;
    bySlot.set(key, [...(bySlot.get(key) ?? []), item]);
  }
  const more = answer?.more ?? [];
  return (
    <div className="max-h-[70vh] overflow-auto rounded-lg border border-slate-200">
      <div className="grid min-w-[56rem] grid-cols-[4rem_repeat(7,minmax(0,1fr))]">
        <div className="sticky top-0 z-10 border-b border-slate-200 bg-white" />
        {days.map((day) => (
          <div
            key={day.key}
            className={cx(
              'sticky top-0 z-10 border-b border-l border-slate-200 bg-white px-2 py-1 text-xs font-semibold',
              day.key === today ? 'text-brand-strong' : 'text-slate-700',
            )}
          >
            {dayName(day.key)}
          </div>
        ))}
        <div className="flex flex-col" aria-hidden="true">
          {daySlots(days[0] as CalendarDay, 'UTC').map((slot) => (
            <div key={slot.label} className="h-10 border-b border-slate-100 pr-1 text-right text-[11px] text-slate-500">
              {slot.label.endsWith(':00') ? slot.label : ''}
            </div>
          ))}
        </div>
        {days.map((day) => {
          const name = dayName(day.key);
          const hidden = more.find((entry) => new Date(entry.start) >= day.start && new Date(entry.start) < day.end);
          return (
            <div key={day.key} role="group" aria-label={name} className="flex flex-col border-l border-slate-200">
              {daySlots(day, actions.timeZone).map((slot) => {
                if (!slot.start)
                  return (
                    <div
                      key={slot.label}
                      className="h-10 border-b border-slate-100 bg-[repeating-linear-gradient(45deg,#f1f5f9,#f1f5f9_4px,#fff_4px,#fff_8px)] px-1 text-[10px] text-slate-500"
                    >
                      {slot.label} skipped: the clocks go forward
                    </div>
                  );
                const start = slot.start;
                const items = bySlot.get(`${day.key} ${slot.label}`) ?? [];
                const create = actions.createAt(start);
                return (
                  <div
                    key={slot.label}
                    data-slot={`${day.key} ${slot.label}`}
                    {...dropTarget(actions.dragging, () => actions.dropAt(start))}
                    className="group/slot relative min-h-10 border-b border-slate-100 px-0.5 py-0.5"
                  >
                    {create && (
                      <button
                        type="button"
                        onClick={create}
                        aria-label={`New post on ${name} at ${slot.label}`}
                        className="absolute inset-0 opacity-0 hover:bg-slate-50 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-brand"
                      />
                    )}
                    {items.length > 0 && (
                      <ul className="relative flex flex-col gap-0.5" aria-label={`Posts on ${name} at ${slot.label}`}>
                        {items.map((item) => (
                          <CalendarItemCard key={item.id} item={item} actions={actions} />
                        ))}
                      </ul>
                    )}
                  </div>
                );
              })}
              {hidden && (
                <p className="px-1 py-1 text-xs text-slate-600">
                  {hidden.exact ? hidden.count : `Over ${hidden.count}`} more posts this day are not shown
                </p>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
