import { useId, useState } from 'react';
import { cx } from './cx';

/**
 * An ⓘ button that explains something. The text is the button's accessible description, so screen
 * readers hear it on focus; sighted people see it on hover or focus. Escape hides it.
 */
export function InfoTooltip({ label, children, className }: { label: string; children: string; className?: string }) {
  const tooltipId = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className={cx('relative inline-flex', className)}>
      <button
        type="button"
        aria-label={label}
        aria-describedby={tooltipId}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        className="inline-flex size-5 items-center justify-center rounded-full text-slate-400 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-brand"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v5M12 8h.01" strokeLinecap="round" />
        </svg>
      </button>
      <span
        id={tooltipId}
        role="tooltip"
        className={cx(
          'absolute top-full left-1/2 z-20 mt-2 w-56 -translate-x-1/2 rounded-md bg-slate-900 px-3 py-2 text-xs font-normal text-white shadow-lg',
          open ? 'block' : 'hidden',
        )}
      >
        {children}
      </span>
    </span>
  );
}
