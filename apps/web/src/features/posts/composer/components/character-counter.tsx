import type { ReactNode } from 'react';
import { cx } from '../../../../components/ui/cx';
import type { CounterTone } from '../counters';

const tones: Record<CounterTone, string> = {
  normal: 'text-slate-500',
  warning: 'font-medium text-amber-700',
  danger: 'font-semibold text-red-700',
};

/** A counter under a text area; `data-tone` names its state for tests and styles alike. Read with the field through `id`. */
export function CharacterCounter({
  id,
  tone,
  children,
  className,
}: {
  id?: string;
  tone: CounterTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <p id={id} data-tone={tone} className={cx('text-xs tabular-nums', tones[tone], className)}>
      {children}
    </p>
  );
}
