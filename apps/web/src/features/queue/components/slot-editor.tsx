import type { Slot, SlotDay } from '@postflow/contract';
import { slotDayLabel, slotDays } from '@postflow/contract/client';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useSaveSlots } from '../api/use-queue';

const byDayAndTime = (a: Slot, b: Slot) => slotDays.indexOf(a.day) - slotDays.indexOf(b.day) || a.time.localeCompare(b.time);

/** docs/product.md, Queue · Posting times: the account's weekly times (days × times) and their zone. */
export function SlotEditor({
  accountId,
  accountName,
  initial,
  timeZone: initialZone,
}: {
  accountId: string;
  accountName: string;
  initial: readonly Slot[];
  timeZone: string;
}) {
  const [slots, setSlots] = useState<Slot[]>([...initial]);
  const [timeZone, setTimeZone] = useState(initialZone);
  const [day, setDay] = useState<SlotDay>('mon');
  const [time, setTime] = useState('09:00');
  const [merged, setMerged] = useState<string[]>([]);
  const save = useSaveSlots();
  // New times from the server (a save, or suggestions added) replace the edited ones; the editor is
  // not remounted for them, so "Posting times saved" stays on screen.
  const incoming = `${initialZone} ${JSON.stringify(initial)}`;
  const [shown, setShown] = useState(incoming);
  if (shown !== incoming) {
    setShown(incoming);
    setSlots([...initial]);
    setTimeZone(initialZone);
  }

  function add() {
    if (!time) return;
    setSlots((current) => [...current, { day, time }].sort(byDayAndTime));
  }

  function remove(slot: Slot) {
    setSlots((current) => current.filter((candidate) => candidate.day !== slot.day || candidate.time !== slot.time));
  }

  function submit() {
    save.mutate(
      { accountId, timeZone, slots },
      {
        onSuccess: (answer) => {
          setSlots(answer.slots);
          setMerged(answer.merged);
        },
      },
    );
  }

  const days = slotDays.filter((candidate) => slots.some((slot) => slot.day === candidate));
  return (
    <div className="flex flex-col gap-3" role="group" aria-label={`Posting times for ${accountName}`}>
      <h3 className="font-semibold text-slate-900">Posting times</h3>
      {days.length === 0 ? (
        <p className="text-sm text-slate-600">No posting times yet: add some so posts can be added to the queue.</p>
      ) : (
        <ul aria-label="Weekly posting times" className="flex flex-col gap-2">
          {days.map((candidate) => (
            <li key={candidate} className="flex flex-wrap items-center gap-2">
              <span className="w-10 text-sm font-medium text-slate-700">{slotDayLabel(candidate)}</span>
              {slots
                .filter((slot) => slot.day === candidate)
                .map((slot, index) => (
                  <span
                    key={`${slot.time}-${index}`}
                    className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-800"
                  >
                    {slot.time}
                    <button
                      type="button"
                      aria-label={`Remove ${slotDayLabel(slot.day)} ${slot.time}`}
                      onClick={() => remove(slot)}
                      className="rounded-full px-1 text-slate-500 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand"
                    >
                      ×
                    </button>
                  </span>
                ))}
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-[8rem_8rem_auto] sm:items-end">
        <SelectField
          label="Day"
          size="md"
          value={day}
          options={slotDays.map((value) => ({ value, label: slotDayLabel(value) }))}
          onChange={setDay}
        />
        <TextField label="Time" type="time" value={time} onChange={(event) => setTime(event.target.value)} />
        <Button variant="secondary" onClick={add}>
          Add time
        </Button>
      </div>
      <TextField
        label="Time zone"
        hint="The posting times are in this zone (an IANA name such as Europe/Berlin)."
        value={timeZone}
        onChange={(event) => setTimeZone(event.target.value)}
      />
      <div>
        <Button onClick={submit} busy={save.isPending} busyLabel="Saving...">
          Save posting times
        </Button>
      </div>
      {save.isSuccess && (
        <Alert variant="success" title="Posting times saved">
          {merged.length ? merged.join(' ') : undefined}
        </Alert>
      )}
      {save.isError && (
        <Alert variant="error" title="Could not save the posting times">
          {isApiError(save.error) ? save.error.message : 'Please try again.'}
        </Alert>
      )}
    </div>
  );
}
