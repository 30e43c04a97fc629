import type { WorkspaceRole } from '@postflow/contract/client';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, NavLink } from 'react-router';
import { cx } from '../../components/ui/cx';
import {
  AnalyticsIcon,
  CalendarIcon,
  CloseIcon,
  CreateIcon,
  DashboardIcon,
  FeedIcon,
  ImportIcon,
  LinkIcon,
  LogoutIcon,
  PenIcon,
  ProfileIcon,
  QueueIcon,
  SettingsIcon,
} from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { ConnectedAccountsList } from '../../features/accounts/components/connected-accounts-list';
import { DraftsCountBadge } from '../../features/drafts/drafts-count-badge';
import { useAuth } from '../../lib/auth';
import { useWorkspace } from '../../lib/workspace';
import { BrandMark } from './brand-mark';

/**
 * `needs`: the least role that may use the screen; viewers do not see what they cannot do (the server checks anyway).
 * `Count`: a number shown after the label (the drafts').
 */
const links: Array<{
  to: string;
  label: string;
  Icon: ComponentType<{ className?: string }>;
  needs?: WorkspaceRole;
  Count?: ComponentType;
}> = [
  { to: '/dashboard', label: 'Dashboard', Icon: DashboardIcon },
  { to: '/feed', label: 'Feed', Icon: FeedIcon },
  { to: '/calendar', label: 'Calendar', Icon: CalendarIcon },
  { to: '/analytics', label: 'Analytics', Icon: AnalyticsIcon },
  { to: '/connect-accounts', label: 'Connect Accounts', Icon: LinkIcon },
  { to: '/create-post', label: 'Create Post', Icon: CreateIcon, needs: 'editor' },
  { to: '/queue', label: 'Queue', Icon: QueueIcon },
  { to: '/drafts', label: 'Drafts', Icon: PenIcon, Count: DraftsCountBadge },
  { to: '/import', label: 'Import', Icon: ImportIcon, needs: 'editor' },
  { to: '/profile', label: 'Profile', Icon: ProfileIcon },
  { to: '/settings/workspace', label: 'Workspace settings', Icon: SettingsIcon },
];

/** Fixed on wide screens; a slide-in menu below 768 px (`open` only matters there). */
export function Sidebar({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const { logout } = useAuth();
  const { can } = useWorkspace();
  const [loggingOut, setLoggingOut] = useState(false);
  const closeButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) closeButtonRef.current?.focus();
  }, [open]);

  async function onLogout() {
    setLoggingOut(true);
    await logout();
  }

  return (
    <aside
      id={id}
      aria-label="Sidebar"
      className={cx(
        'fixed inset-y-0 left-0 z-40 flex w-72 max-w-[85vw] flex-col border-r border-slate-200 bg-white transition-transform duration-200 md:w-64 md:translate-x-0 md:visible',
        open ? 'translate-x-0 shadow-xl' : 'invisible -translate-x-full',
      )}
    >
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-5">
        <Link to="/dashboard" className="rounded focus-visible:outline-2 focus-visible:outline-brand">
          <BrandMark />
        </Link>
        <button
          ref={closeButtonRef}
          type="button"
          aria-label="Close menu"
          onClick={onClose}
          className="-mr-2 inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand md:hidden"
        >
          <CloseIcon className="size-6" />
        </button>
      </div>

      <div className="flex flex-1 flex-col gap-6 overflow-y-auto px-3 py-4">
        <nav aria-label="Main">
          <ul className="flex flex-col gap-1">
            {links
              .filter(({ needs }) => !needs || can(needs))
              .map(({ to, label, Icon, Count }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    className={({ isActive }) =>
                      cx(
                        'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand',
                        isActive ? 'bg-brand-soft text-brand-strong' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                      )
                    }
                  >
                    <Icon />
                    {label}
                    {Count && <Count />}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>

        <section aria-labelledby={`${id}-accounts`} className="px-3">
          <h2 id={`${id}-accounts`} className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Connected Accounts
          </h2>
          <ConnectedAccountsList />
        </section>
      </div>

      <div className="shrink-0 border-t border-slate-200 p-3">
        <button
          type="button"
          onClick={() => void onLogout()}
          disabled={loggingOut}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60"
        >
          {loggingOut ? <Spinner size="sm" /> : <LogoutIcon />}
          Logout
        </button>
      </div>
    </aside>
  );
}
