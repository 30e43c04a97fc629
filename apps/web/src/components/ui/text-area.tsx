import { useId, type ComponentProps } from 'react';
import { cx } from './cx';

export interface TextAreaProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  /** Help shown under the field and read with it. */
  hint?: string;
  /** The field's validation message; marks the field invalid and is read with it. */
  error?: string | null;
  id?: string;
}

/** The multi-line sibling of TextField, with the same label, hint and error wiring. */
export function TextArea({ label, hint, error, id, className, rows = 6, ...rest }: TextAreaProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = cx(hint && hintId, error && errorId) || undefined;

  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          'w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 sm:text-sm',
          'focus:outline-2 focus:outline-offset-0 focus:outline-brand',
          error ? 'border-red-500' : 'border-slate-300',
        )}
        {...rest}
      />
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
