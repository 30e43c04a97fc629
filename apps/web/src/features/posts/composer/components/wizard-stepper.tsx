import { cx } from '../../../../components/ui/cx';
import { STEP_LABELS, stepLabel, type WizardStep } from '../wizard';

/** docs/product.md, Composer · Steps: three labels for four internal steps; the current label is `aria-current="step"`. */
export function WizardStepper({ step }: { step: WizardStep }) {
  const current = STEP_LABELS.indexOf(stepLabel(step));
  return (
    <nav aria-label="Progress">
      <ol className="flex items-center gap-2 sm:gap-4">
        {STEP_LABELS.map((label, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'upcoming';
          return (
            <li key={label} className="flex min-w-0 flex-1 items-center gap-2" aria-current={state === 'current' ? 'step' : undefined}>
              <span
                aria-hidden="true"
                className={cx(
                  'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                  state === 'upcoming' ? 'bg-slate-200 text-slate-600' : 'bg-brand text-white',
                )}
              >
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className={cx('truncate text-sm', state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-600')}>
                {label}
                {state === 'done' && <span className="sr-only"> (done)</span>}
              </span>
              {index < STEP_LABELS.length - 1 && <span aria-hidden="true" className="hidden h-px flex-1 bg-slate-200 sm:block" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
