import { useId } from 'react';
import { formatCount } from '../counters';

const fieldClass =
  'w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600';

/**
 * A file's alt text with its count against the network's limit (docs/product.md, Composer · Media):
 * over the limit it says so and is marked invalid; nothing typed is cut.
 */
export function AltTextField({
  label,
  value,
  limit,
  onChange,
}: {
  label: string;
  value: string;
  limit: number;
  onChange: (value: string) => void;
}) {
  const altId = useId();
  const counterId = useId();
  const over = value.length > limit;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={altId} className="text-sm text-slate-700">
        {label}
      </label>
      <textarea
        id={altId}
        rows={2}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={counterId}
        aria-invalid={over ? true : undefined}
        className={fieldClass}
      />
      <span id={counterId} className={`text-xs ${over ? 'text-red-700' : 'text-slate-500'}`}>
        {formatCount(value.length)} / {formatCount(limit)} characters
      </span>
    </div>
  );
}
