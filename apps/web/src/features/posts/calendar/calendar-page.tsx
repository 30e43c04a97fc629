import type { CalendarItem } from '@postflow/contract';
import { api, networkName, zonedTimeToInstant } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { useToast } from '../../../components/ui/toast';
import { apiCall, isApiError } from '../../../lib/api-client';
import { formatWhen } from '../../../lib/date-time';
import { personTimeZone } from '../../../lib/person-time-zone';
import { accountsQueryKey } from '../../../lib/query-keys';
import { useChannels } from '../../../lib/use-channels';
import { useCan } from '../../../lib/workspace';
import { EditScheduledPostModal } from '../manage/components/edit-scheduled-post-modal';
import { useCalendar, useReschedule } from './api/use-calendar';
import { ItemDetailsDialog } from './components/item-details-dialog';
import { MonthView, type ViewActions } from './components/month-view';
import { MoveDialog } from './components/move-dialog';
import { WeekView } from './components/week-view';
import { toDisplayPost } from './lib/calendar-display';
import { addDays, dayKeyAt, monthGrid, sameTimeOn, shiftMonth, weekOf, type CalendarDay } from './lib/calendar-grid';
import { dayName, whyNotMovable } from './lib/calendar-words';

type View = 'month' | 'week';
type NetworkFilter = '' | 'x' | 'linkedin';

/** Posts a day shows in each view; a day holding more says how many more (docs/product.md, Calendar). */
const PER_DAY: Record<View, number> = { month: 3, week: 50 };
/** Where a click on an empty day puts the new post, in the person's zone. */
const NEW_POST_HOUR = 9;
const HOUR_MS = 3_600_000;
const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;

const failure = (error: unknown) => (isApiError(error) ? error.message : 'Please try again.');

/** docs/product.md, Calendar (/calendar); docs/decisions/142-calendar.md. */
export function CalendarPage() {
  const timeZone = personTimeZone();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const canEdit = useCan('editor');
  const reschedule = useReschedule();
  const dragged = useRef<CalendarItem | null>(null);
  const [opened, setOpened] = useState<CalendarItem | null>(null);
  const [moving, setMoving] = useState<CalendarItem | null>(null);

  const view: View = params.get('view') === 'week' ? 'week' : 'month';
  const now = new Date();
  const today = dayKeyAt(now, timeZone);
  const asked = params.get('date');
  const anchor = asked && DATE_KEY.test(asked) ? asked : today;
  const accountId = params.get('account') ?? '';
  const channelId = params.get('channel') ?? '';
  const network = (['x', 'linkedin'].includes(params.get('network') ?? '') ? params.get('network') : '') as NetworkFilter;
  const days = view === 'month' ? monthGrid(anchor, timeZone) : weekOf(anchor, timeZone);
  const first = days[0] as CalendarDay;
  const last = days[days.length - 1] as CalendarDay;

  const calendar = useCalendar({
    start: first.start,
    end: last.end,
    perDay: PER_DAY[view],
    timeZone,
    accountId: accountId || undefined,
    channelId: channelId || undefined,
    network: network || undefined,
  });
  const channels = useChannels();
  const accounts = useQuery({
    queryKey: [...accountsQueryKey, 'list'],
    queryFn: ({ signal }) => apiCall(api.accounts.list, { signal }),
  });

  function change(next: Record<string, string | undefined>) {
    const merged = new URLSearchParams(params);
    for (const [name, value] of Object.entries(next)) {
      if (value) merged.set(name, value);
      else merged.delete(name);
    }
    setParams(merged, { replace: true });
  }

  function move(item: CalendarItem, instant: Date) {
    const previous = item.scheduledAt;
    const scheduledAt = instant.toISOString();
    if (scheduledAt === previous) return;
    reschedule.mutate(
      { id: item.id, scheduledAt, previous },
      {
        onSuccess: ({ post }) =>
          toast({
            variant: 'success',
            title: `Moved to ${formatWhen(instant, new Date(), { timeZone })}`,
            ...(post.status === 'pending_approval' ? { message: 'It waits for approval again.' } : {}),
            action: {
              label: 'Undo',
              accessibleLabel: 'Undo the move',
              onAction: () =>
                reschedule.mutate(
                  { id: item.id, scheduledAt: previous, previous: scheduledAt },
                  {
                    onSuccess: () => toast({ variant: 'info', title: `Moved back to ${formatWhen(previous, new Date(), { timeZone })}` }),
                    onError: (error) => toast({ variant: 'error', title: 'Could not undo the move', message: failure(error) }),
                  },
                ),
            },
          }),
        onError: (error) => toast({ variant: 'error', title: 'Could not move the post', message: failure(error) }),
      },
    );
  }

  function take(): CalendarItem | null {
    const item = dragged.current;
    dragged.current = null;
    return item;
  }

  const compose = (instant: Date) => () => void navigate(`/create-post?at=${encodeURIComponent(instant.toISOString())}`);

  const actions: ViewActions = {
    canEdit,
    timeZone,
    open: (item) => {
      if (item.kind === 'draft') void navigate(`/create-post?draft=${item.id}`);
      else setOpened(item);
    },
    moveTo: setMoving,
    dragStart: (item: CalendarItem, event: DragEvent) => {
      const why = whyNotMovable(item);
      if (why) {
        event.preventDefault();
        dragged.current = null;
        toast({ variant: 'info', title: why });
        return;
      }
      dragged.current = item;
      event.dataTransfer?.setData('text/plain', item.id);
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
    },
    // A drop runs before the drag's end; after it, nothing is being dragged any more.
    dragEnd: () => setTimeout(() => (dragged.current = null), 0),
    dragging: () => dragged.current !== null,
    dropOnDay: (day) => {
      const item = take();
      if (item) move(item, sameTimeOn(new Date(item.at), day.key, timeZone));
    },
    dropAt: (instant) => {
      const item = take();
      if (item) move(item, instant);
    },
    createOn: (day) => {
      if (!canEdit || day.end.getTime() <= now.getTime()) return undefined;
      const morning = zonedTimeToInstant({ year: day.year, month: day.month, day: day.day, hour: NEW_POST_HOUR, minute: 0 }, timeZone);
      if (morning.getTime() > now.getTime()) return compose(morning);
      // Today, after the morning: the next whole hour, while it is still today.
      const nextHour = new Date(Math.ceil((now.getTime() + 1) / HOUR_MS) * HOUR_MS);
      return nextHour < day.end ? compose(nextHour) : undefined;
    },
    createAt: (instant) => (canEdit && instant.getTime() > now.getTime() ? compose(instant) : undefined),
    showDay: (day) => change({ view: 'week', date: day.key }),
  };

  const title =
    view === 'month'
      ? dayName(anchor, { month: 'long', year: 'numeric' })
      : `${dayName(first.key, { month: 'short', day: 'numeric' })} – ${dayName(last.key, { month: 'short', day: 'numeric', year: 'numeric' })}`;
  const step = (direction: 1 | -1) => change({ date: view === 'month' ? shiftMonth(anchor, direction) : addDays(anchor, 7 * direction) });
  const accountOptions = [
    { value: '', label: 'All accounts' },
    ...(accounts.data?.socials ?? []).map((account) => ({
      value: account.id,
      label: `${networkName(account.provider)} · ${account.username ? `@${account.username}` : (account.displayName ?? account.id)}`,
    })),
  ];
  const channelOptions = [
    { value: '', label: 'All channels' },
    ...(channels.data ?? []).map((channel) => ({
      value: channel.id,
      label: `${networkName(channel.network)}${channel.kind === 'organization' ? ' page' : ''} · ${channel.name}`,
    })),
  ];
  // The item as last read, so its details follow a retry or another change made while they are open.
  const shown = opened ? (calendar.data?.items.find((item) => item.id === opened.id) ?? opened) : null;
  const editable = opened && canEdit && !whyNotMovable(opened);

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Calendar</h1>
          <p className="text-sm text-slate-600">Times are in your time zone, {timeZone}.</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label="Account"
            size="md"
            value={accountId}
            options={accountOptions}
            onChange={(value) => change({ account: value })}
          />
          {channelOptions.length > 1 && (
            <SelectField
              label="Channel"
              size="md"
              value={channelId}
              options={channelOptions}
              onChange={(value) => change({ channel: value })}
            />
          )}
          <SelectField<NetworkFilter>
            label="Network"
            size="md"
            value={network}
            options={[
              { value: '', label: 'All networks' },
              { value: 'x', label: 'X' },
              { value: 'linkedin', label: 'LinkedIn' },
            ]}
            onChange={(value) => change({ network: value })}
          />
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => step(-1)} aria-label={view === 'month' ? 'Previous month' : 'Previous week'}>
            <span aria-hidden="true">‹</span>
          </Button>
          <Button variant="secondary" size="sm" onClick={() => change({ date: undefined })}>
            Today
          </Button>
          <Button variant="secondary" size="sm" onClick={() => step(1)} aria-label={view === 'month' ? 'Next month' : 'Next week'}>
            <span aria-hidden="true">›</span>
          </Button>
          <h2 className="ml-2 text-lg font-semibold text-slate-900" aria-live="polite">
            {title}
          </h2>
        </div>
        <div role="group" aria-label="View" className="inline-flex rounded-lg border border-slate-300 p-0.5">
          {(['month', 'week'] as const).map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={view === name}
              onClick={() => change({ view: name === 'month' ? undefined : name })}
              className={
                view === name
                  ? 'rounded-md bg-brand-soft px-3 py-1 text-sm font-medium text-brand-strong'
                  : 'rounded-md px-3 py-1 text-sm text-slate-700 hover:bg-slate-100'
              }
            >
              {name === 'month' ? 'Month' : 'Week'}
            </button>
          ))}
        </div>
      </div>

      {calendar.isError && (
        <Alert variant="error">
          Could not load the calendar. {failure(calendar.error)}{' '}
          <button type="button" className="font-medium underline" onClick={() => void calendar.refetch()}>
            Try again
          </button>
        </Alert>
      )}
      {calendar.data?.historyStart && (
        <p className="text-sm text-slate-600">Your plan shows posts from {formatWhen(calendar.data.historyStart, now, { timeZone })} on.</p>
      )}

      <div aria-busy={calendar.isFetching}>
        {view === 'month' ? (
          <MonthView days={days} month={anchor.slice(0, 7)} answer={calendar.data} actions={actions} today={today} />
        ) : (
          <WeekView days={days} answer={calendar.data} actions={actions} today={today} />
        )}
      </div>

      {opened && editable && <EditScheduledPostModal post={toDisplayPost(opened)} onClose={() => setOpened(null)} />}
      {shown && !editable && <ItemDetailsDialog item={shown} timeZone={timeZone} onClose={() => setOpened(null)} />}
      {moving && (
        <MoveDialog
          item={moving}
          timeZone={timeZone}
          onClose={() => setMoving(null)}
          onMove={(instant) => {
            setMoving(null);
            move(moving, instant);
          }}
        />
      )}
    </section>
  );
}
