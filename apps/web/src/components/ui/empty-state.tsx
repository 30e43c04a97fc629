import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from './button';
import { cx } from './cx';

/** What fills an empty place: a link to the screen that does it, or a button that does it here. */
export type EmptyStateAction = { label: string; to: string } | { label: string; onClick: () => void };

export interface EmptyStateProps {
  /** What is (not) here, e.g. 'No posts match these filters'. */
  title: string;
  /** Why it is empty, in a sentence that leads to the action. */
  children: ReactNode;
  action?: EmptyStateAction;
  /** Heading level of the title within the page. */
  level?: 2 | 3;
  className?: string;
}

/**
 * An empty list or section that says why it is empty and offers the one step that fills it
 * (docs/product.md, Shared rules · Empty states).
 */
export function EmptyState({ title, children, action, level = 2, className }: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cx(
        'flex flex-col items-center gap-3 rounded-xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200',
        className,
      )}
    >
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      <p className="max-w-md text-slate-600">{children}</p>
      {action &&
        ('to' in action ? (
          <Link to={action.to} className={buttonClasses()}>
            {action.label}
          </Link>
        ) : (
          <Button onClick={action.onClick}>{action.label}</Button>
        ))}
    </div>
  );
}
