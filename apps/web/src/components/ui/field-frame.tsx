import { useId, type ReactNode } from 'react';
import { cx } from './cx';

export interface FieldFrameProps {
  label: string;
  /** Help shown under the field and read with it (e.g. 'At least 8 characters'). */
  hint?: string | undefined;
  /** The field's validation message; marks the field invalid and is read with it. */
  error?: string | null | undefined;
  id?: string | undefined;
  className?: string | undefined;
}

/** What a control needs to be labelled, described and marked invalid by its frame. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

/** Label, hint and error around one control, wired for assistive technology. */
export function FieldFrame({
  label,
  hint,
  error,
  id,
  className,
  children,
}: FieldFrameProps & { children: (control: FieldControlProps) => ReactNode }) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': cx(hint && hintId, error && errorId) || undefined,
        className: cx(
          'w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-400 sm:text-sm',
          'focus:outline-2 focus:outline-offset-0 focus:outline-brand',
          error ? 'border-red-500' : 'border-slate-300',
        ),
      })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
