import { isIanaTimeZone } from '@postflow/contract/client';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { browserZone, knownTimeZones } from '../../../lib/person-time-zone';
import { useUpdateTimeZone } from '../api/use-update-time-zone';

/** The id the "Change time zone" links point at (components/time-zone-note.tsx). */
const CARD_ID = 'time-zone';

/**
 * The profile's time zone (docs/product.md, Shared rules · Time zone): any IANA zone, found by typing part
 * of its name. Saving it changes every time the app shows, at once.
 */
export function TimeZoneCard() {
  const { user } = useAuth();
  const update = useUpdateTimeZone();
  const toast = useToast();
  const zones = useMemo(() => knownTimeZones(), []);
  const [value, setValue] = useState(user?.timeZone ?? '');
  const [error, setError] = useState<string | undefined>();
  const headingId = useId();
  const listId = useId();
  const current = user?.timeZone ?? null;

  function save(event: FormEvent) {
    event.preventDefault();
    const typed = value.trim();
    const zone = zones.find((known) => known.toLowerCase() === typed.toLowerCase()) ?? typed;
    if (!zone) return setError('Choose a time zone, e.g. Europe/Berlin');
    if (!isIanaTimeZone(zone)) return setError(`“${typed}” is not a time zone. Choose one from the list, e.g. Europe/Berlin`);
    setError(undefined);
    update.mutate(zone, {
      onSuccess: ({ user: saved }) => toast({ variant: 'success', title: `Times now show in ${saved.timeZone ?? zone}` }),
      onError: (failure) =>
        setError(isApiError(failure) ? (failure.fields.timeZone ?? failure.message) : 'Your time zone could not be saved. Try again.'),
    });
  }

  return (
    <section id={CARD_ID} aria-labelledby={headingId} className="scroll-mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Time zone
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {current
          ? `Every time is shown, and every day counted, in ${current}.`
          : `You have not chosen one yet: times are shown in your browser's zone, ${browserZone.timeZone()}.`}
      </p>
      <form className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={save} noValidate>
        <TextField
          label="Time zone"
          hint="Type part of a city or region, e.g. Berlin"
          className="flex-1"
          list={listId}
          autoComplete="off"
          spellCheck={false}
          value={value}
          error={error}
          onChange={(event) => setValue(event.target.value)}
        />
        <datalist id={listId}>
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <Button type="submit" busy={update.isPending} className="sm:mt-7">
          Save time zone
        </Button>
      </form>
    </section>
  );
}
