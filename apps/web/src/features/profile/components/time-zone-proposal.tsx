import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TIME_ZONE_SETTING_PATH } from '../../../components/time-zone-note';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { browserZone } from '../../../lib/person-time-zone';
import { useWorkspace } from '../../../lib/workspace';
import { useUpdateTimeZone } from '../api/use-update-time-zone';

/** Remembers on this browser that the person answered, so the proposal is made once. */
const answeredKey = (userId: string) => `postflow.timeZoneProposal.${userId}`;

/**
 * The first sign-in's proposal (docs/product.md, Shared rules · Time zone): while the person has no zone,
 * offer the browser's, once. Not blocking: the app works meanwhile, in the browser's zone.
 */
export function TimeZoneProposal() {
  const { user } = useAuth();
  const { workspace } = useWorkspace();
  const navigate = useNavigate();
  const update = useUpdateTimeZone();
  const [answered, setAnswered] = useState(() => (user ? localStorage.getItem(answeredKey(user.id)) !== null : true));

  if (!user || user.timeZone !== null || answered) return null;
  const zone = browserZone.timeZone();
  const product = workspace.branding?.productName ?? 'Postflow';

  const remember = () => {
    localStorage.setItem(answeredKey(user.id), 'answered');
    setAnswered(true);
  };

  return (
    <section
      aria-label="Suggested time zone"
      className="mb-6 flex flex-col gap-3 rounded-lg bg-brand-soft p-4 text-sm text-slate-900 ring-1 ring-blue-200 ring-inset sm:flex-row sm:flex-wrap sm:items-center"
    >
      <p className="flex-1">
        Use <strong>{zone}</strong> (your browser&apos;s time zone) for times in {product}?
      </p>
      <div className="flex gap-2">
        <Button size="sm" busy={update.isPending} onClick={() => update.mutate(zone, { onSuccess: remember })}>
          Use it
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            remember();
            void navigate(TIME_ZONE_SETTING_PATH);
          }}
        >
          Choose another
        </Button>
      </div>
      {update.isError && (
        <p role="alert" className="text-red-700 sm:basis-full">
          {isApiError(update.error) ? update.error.message : 'Your time zone could not be saved. Try again.'}
        </p>
      )}
    </section>
  );
}
