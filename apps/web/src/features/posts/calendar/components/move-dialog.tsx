import type { CalendarItem } from '@postflow/contract';
import { parseZonedDateTime } from '@postflow/contract/client';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { TextField } from '../../../../components/ui/text-field';
import { dateAndTimeIn } from '../lib/calendar-grid';
import { snippet } from '../lib/calendar-words';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "Move to…": the keyboard's way to reschedule, a date and a time in the person's zone. */
export function MoveDialog({
  item,
  timeZone,
  onMove,
  onClose,
}: {
  item: CalendarItem;
  timeZone: string;
  onMove: (instant: Date) => void;
  onClose: () => void;
}) {
  const initial = dateAndTimeIn(new Date(item.at), timeZone);
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [error, setError] = useState<string | null>(null);
  const formId = 'calendar-move-form';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!DATE.test(date) || !TIME.test(time)) {
      setError('Choose both a date and a time.');
      return;
    }
    const instant = parseZonedDateTime(date, time, timeZone);
    if (instant.getTime() <= Date.now()) {
      setError('Choose a time in the future.');
      return;
    }
    onMove(instant);
  }

  return (
    <Dialog
      open
      title="Move to…"
      description={`“${snippet(item.text)}”, in your time zone (${timeZone}).`}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            Move
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField label="Date" type="date" value={date} onChange={(event) => (setDate(event.target.value), setError(null))} />
        <TextField label="Time" type="time" value={time} onChange={(event) => (setTime(event.target.value), setError(null))} />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
