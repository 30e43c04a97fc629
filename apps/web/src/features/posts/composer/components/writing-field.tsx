import type { ReactNode } from 'react';
import { cx } from '../../../../components/ui/cx';

/** The composer's text areas (the post, a thread's parts, a first comment): one look, red while refused. */
export function writingFieldClass(invalid: boolean): string {
  return cx(
    'w-full resize-y rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 sm:text-sm',
    'focus:outline-2 focus:outline-offset-0 focus:outline-brand',
    invalid ? 'border-red-500' : 'border-slate-300',
  );
}

/** What is wrong with a field, announced as it appears; the field names it in `aria-describedby`. */
export function FieldProblem({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {children}
    </p>
  );
}
