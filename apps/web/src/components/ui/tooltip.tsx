import { useId, useState, type ReactNode } from 'react';
import { cx } from './cx';

/**
 * A short explanation for `children`, shown on hover and on keyboard focus, hidden with Escape
 * (WCAG 1.4.13). The trigger is focusable and described by the text, so screen readers read it too.
 */
export function Tooltip({ content, children, className }: { content: string; children: ReactNode; className?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className={cx('relative inline-flex', className)} onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <span
        tabIndex={0}
        aria-describedby={id}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        className="cursor-help rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        {children}
      </span>
      <span
        id={id}
        role="tooltip"
        hidden={!open}
        className="absolute right-0 bottom-full z-30 mb-2 w-max max-w-56 rounded-md bg-slate-900 px-2 py-1 text-xs font-normal text-white shadow-lg"
      >
        {content}
      </span>
    </span>
  );
}
