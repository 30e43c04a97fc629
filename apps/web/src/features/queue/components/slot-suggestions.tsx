import type { Slot } from '@postflow/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useSaveSlots, useSlotSuggestions } from '../api/use-queue';

/** docs/product.md, Queue · Suggestions: times from the account's own best times, added in one click. */
export function SlotSuggestions({ accountId, current, timeZone }: { accountId: string; current: readonly Slot[]; timeZone: string }) {
  const [asked, setAsked] = useState(false);
  const suggestions = useSlotSuggestions(accountId, asked);
  const save = useSaveSlots();
  const answer = suggestions.data;

  if (!asked) {
    return (
      <div>
        <Button variant="ghost" size="sm" onClick={() => setAsked(true)}>
          Suggest times
        </Button>
      </div>
    );
  }
  if (suggestions.isPending) return <p className="text-sm text-slate-600">Looking at your best times…</p>;
  if (!answer) return <Alert variant="error">Could not load suggestions. Please try again later.</Alert>;
  return (
    <Alert variant="info" title="Suggested posting times">
      <p>{answer.message}</p>
      {answer.slots.length > 0 && (
        <Button
          className="mt-2"
          size="sm"
          busy={save.isPending}
          busyLabel="Adding..."
          disabled={save.isSuccess}
          onClick={() => save.mutate({ accountId, timeZone: answer.timeZone || timeZone, slots: [...current, ...answer.slots] })}
        >
          {save.isSuccess ? 'Suggested times added' : 'Add suggested times'}
        </Button>
      )}
    </Alert>
  );
}
