import { useState } from 'react';
import { cx } from '../../../components/ui/cx';
import { CloseIcon } from '../../../components/ui/icons';
import { ANNUAL_DISCOUNT_PERCENT } from '@postflow/contract/client';
import { SectionLink, type SectionHandler } from './section-link';

const lightRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export const PROMO_DISMISSED_KEY = 'postflow.promoDismissed';

function readDismissed(): boolean {
  try {
    return localStorage.getItem(PROMO_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The small-screen offer above the header, linking to the pricing section. Dismissing it is remembered in
 * this browser. It is decided before the first paint, so it never pushes the page down afterwards.
 */
export function PromoBar({ onSection }: { onSection: SectionHandler }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed) return null;

  function dismiss() {
    setDismissed(true);
    try {
      localStorage.setItem(PROMO_DISMISSED_KEY, '1');
    } catch {
      // Private mode or storage full: hidden for this visit only.
    }
  }

  return (
    <aside aria-label="Offer" className="bg-slate-900 text-white md:hidden">
      <div className="flex items-center gap-2 py-1 pr-1 pl-4 text-sm">
        <p className="flex-1">
          Save {ANNUAL_DISCOUNT_PERCENT}% with annual billing.{' '}
          <SectionLink
            section="pricing"
            onSection={onSection}
            className={cx('rounded font-semibold underline underline-offset-2', lightRing)}
          >
            See pricing
          </SectionLink>
        </p>
        <button
          type="button"
          onClick={dismiss}
          className={cx('inline-flex size-9 items-center justify-center rounded-md hover:bg-white/10', lightRing)}
        >
          <CloseIcon className="size-4" />
          <span className="sr-only">Dismiss offer</span>
        </button>
      </div>
    </aside>
  );
}
