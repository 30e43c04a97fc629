import { useId } from 'react';
import { cx } from '../../../../components/ui/cx';

/**
 * The original app called this an "AI-enhance toggle (default off)", but what it does when on is skip
 * the AI step (docs/product.md, Composer · Steps). It is labelled for what it does, so nobody turns it on hoping for AI (docs/decisions/050).
 */
export function SkipAiSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span id={labelId} className="text-sm font-medium text-slate-800">
          Post as written (skip AI tailoring)
        </span>
        <span id={hintId} className="text-xs text-slate-600">
          {on
            ? 'On: your text goes to every network as written; the next step is the review.'
            : 'Off: AI adapts your text for each network on the next step.'}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        onClick={() => onChange(!on)}
        className={cx(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
          on ? 'bg-brand' : 'bg-slate-300',
        )}
      >
        <span
          aria-hidden="true"
          className={cx(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            on ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}
