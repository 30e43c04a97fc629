import type { ComponentProps } from 'react';
import { cx } from './cx';
import { FieldFrame, type FieldFrameProps } from './field-frame';

export interface TextAreaProps extends Omit<ComponentProps<'textarea'>, 'id'>, FieldFrameProps {
  label: string;
}

/** The multi-line sibling of TextField, with the same label, hint and error wiring. */
export function TextArea({ label, hint, error, id, className, rows = 6, ...rest }: TextAreaProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <textarea {...control} rows={rows} className={cx(control.className, 'py-2')} {...rest} />}
    </FieldFrame>
  );
}
