import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageStatus } from '../../components/ui/spinner';
import { TimeZoneProposal } from '../../features/profile/components/time-zone-proposal';
import { useBodyScrollLock } from '../../lib/use-body-scroll-lock';
import { usePostStatusUpdates } from '../../lib/use-post-status-updates';
import { useWorkspace } from '../../lib/workspace';
import { accentStyle } from './brand-mark';
import { Header } from './header';
import { Sidebar } from './sidebar';

const SIDEBAR_ID = 'app-sidebar';
/** Tailwind's `md` breakpoint: from here on the sidebar is always shown. */
const DESKTOP_QUERY = '(min-width: 768px)';

/** docs/product.md, App shell · Layout: sidebar, header, and the page. Below 768 px the sidebar slides in. */
export function AppLayout() {
  const location = useLocation();
  // The menu remembers the location it was opened at: any navigation (a link, Back, a redirect) closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location.key;
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { workspace } = useWorkspace();

  const closeMenu = useCallback(() => {
    setMenuOpenedAt(null);
    menuButtonRef.current?.focus();
  }, []);

  useBodyScrollLock(menuOpen);
  usePostStatusUpdates();

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu();
    };
    // Widening the window past the breakpoint turns the menu into the fixed sidebar; unlock the page then.
    const desktop = typeof window.matchMedia === 'function' ? window.matchMedia(DESKTOP_QUERY) : null;
    const onBreakpoint = (event: MediaQueryListEvent) => {
      if (event.matches) setMenuOpenedAt(null);
    };
    document.addEventListener('keydown', onKeyDown);
    desktop?.addEventListener('change', onBreakpoint);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      desktop?.removeEventListener('change', onBreakpoint);
    };
  }, [menuOpen, closeMenu]);

  return (
    <div className="min-h-dvh bg-slate-50" style={accentStyle(workspace.branding?.accentColor)}>
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      {menuOpen && (
        <div data-testid="menu-backdrop" aria-hidden="true" className="fixed inset-0 z-30 bg-slate-900/50 md:hidden" onClick={closeMenu} />
      )}
      <Sidebar id={SIDEBAR_ID} open={menuOpen} onClose={closeMenu} />
      <div className="flex min-h-dvh flex-col md:pl-64" inert={menuOpen}>
        <Header menuButtonRef={menuButtonRef} menuOpen={menuOpen} sidebarId={SIDEBAR_ID} onOpenMenu={() => setMenuOpenedAt(location.key)} />
        <main id="main-content" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <TimeZoneProposal />
          <Suspense fallback={<PageStatus>Loading...</PageStatus>}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
