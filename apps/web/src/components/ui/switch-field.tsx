import { useId, type ReactNode } from 'react';
import { cx } from './cx';

/** An on/off setting: its label, a hint that says what the current state does, and the switch itself. */
export function SwitchField({
  label,
  hint,
  on,
  onChange,
  disabled = false,
}: {
  label: ReactNode;
  hint: ReactNode;
  on: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span id={labelId} className="text-sm font-medium text-slate-800">
          {label}
        </span>
        <span id={hintId} className="text-xs text-slate-600">
          {hint}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={disabled}
        onClick={() => onChange(!on)}
        className={cx(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60',
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
