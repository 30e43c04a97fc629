import { cx } from './cx';
import { FieldFrame, type FieldFrameProps } from './field-frame';

export interface SelectFieldProps<V extends string> extends FieldFrameProps {
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
  /** 'md' lines up with the buttons beside it (a toolbar); 'lg' with the text fields of a form. */
  size?: 'md' | 'lg';
}

/** A labelled drop-down of fixed options, framed like the text fields. */
export function SelectField<V extends string>({
  label,
  hint,
  error,
  id,
  className,
  value,
  options,
  onChange,
  size = 'lg',
}: SelectFieldProps<V>) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        // The options are ours, so the value read back is always one of them.
        <select
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value as V)}
          className={cx(control.className, size === 'md' ? 'h-10' : 'h-11')}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
