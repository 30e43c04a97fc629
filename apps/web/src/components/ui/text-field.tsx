import type { ComponentProps } from 'react';
import { cx } from './cx';
import { FieldFrame, type FieldFrameProps } from './field-frame';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'>, FieldFrameProps {
  label: string;
}

export function TextField({ label, hint, error, id, className, type = 'text', ...rest }: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <input {...control} type={type} className={cx(control.className, 'h-11')} {...rest} />}
    </FieldFrame>
  );
}
