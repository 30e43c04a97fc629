import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { CloseIcon } from '../../../components/ui/icons';
import { Wordmark } from '../../../components/ui/wordmark';
import { useBodyScrollLock } from '../../../lib/use-body-scroll-lock';
import { focusRing } from '../components/site-links';
import { MENU_ID } from './landing-header';
import { SectionLink, type SectionHandler } from './section-link';
import { landingSections, type SectionId } from './section-nav';

const itemClass = cx('flex rounded-lg px-3 py-3 text-base font-medium', focusRing);

/**
 * The small-screen menu: a panel from the right, opened by the header's button or a leftward swipe and
 * closed by its button, Escape, a tap outside or a rightward swipe. The page behind is inert meanwhile.
 */
export function MobileMenu({
  open,
  onClose,
  active,
  onSection,
}: {
  open: boolean;
  onClose: () => void;
  active: SectionId;
  onSection: SectionHandler;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  useBodyScrollLock(open);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 md:hidden">
      <div data-testid="menu-backdrop" aria-hidden="true" className="absolute inset-0 bg-slate-900/50" onClick={onClose} />
      <div
        ref={panelRef}
        id={MENU_ID}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="absolute inset-y-0 right-0 flex w-72 max-w-[85%] flex-col overflow-y-auto bg-white p-4 shadow-xl transition-transform duration-200 ease-out starting:translate-x-full motion-reduce:transition-none"
      >
        <div className="flex items-center justify-between">
          <Wordmark />
          <button
            type="button"
            onClick={onClose}
            className={cx('inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100', focusRing)}
          >
            <CloseIcon className="size-6" />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <nav aria-label="Menu" className="mt-4">
          <ul className="flex flex-col gap-1">
            {landingSections.map((section) => (
              <li key={section.id}>
                <SectionLink
                  section={section.id}
                  onSection={onSection}
                  active={active === section.id}
                  className={cx(itemClass, active === section.id ? 'bg-brand-soft text-brand-strong' : 'text-slate-800 hover:bg-slate-50')}
                >
                  {section.label}
                </SectionLink>
              </li>
            ))}
            <li>
              <Link to="/guides" className={cx(itemClass, 'text-slate-800 hover:bg-slate-50')}>
                Guides
              </Link>
            </li>
            <li>
              <Link to="/contact" className={cx(itemClass, 'text-slate-800 hover:bg-slate-50')}>
                Contact
              </Link>
            </li>
          </ul>
        </nav>
        <div className="mt-auto flex flex-col gap-2 pt-6">
          <Link to="/login" className={buttonClasses({ variant: 'secondary', fullWidth: true })}>
            Log in
          </Link>
          <Link to="/register" className={buttonClasses({ fullWidth: true })}>
            Start Free
          </Link>
          <p className="mt-2 text-center text-xs text-slate-600">Swipe right to close.</p>
        </div>
      </div>
    </div>
  );
}
