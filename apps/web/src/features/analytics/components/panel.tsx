import { useId, type ReactNode } from 'react';
import { cx } from '../../../components/ui/cx';

/** One section of the analytics screen: a titled card, a region named by its title. */
export function Panel({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cx('flex min-w-0 flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5', className)}
    >
      <header>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
      </header>
      {children}
    </section>
  );
}
