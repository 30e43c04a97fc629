import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { MenuIcon } from '../../components/ui/icons';
import { WorkspaceSwitcher } from '../../features/workspaces/components/workspace-switcher';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/user-display';
import { BrandMark } from './brand-mark';

export function Header({
  menuOpen,
  sidebarId,
  onOpenMenu,
  menuButtonRef,
}: {
  menuOpen: boolean;
  sidebarId: string;
  onOpenMenu: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { user } = useAuth();
  const name = displayName(user);

  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
      <button
        ref={menuButtonRef}
        type="button"
        aria-label="Open menu"
        aria-expanded={menuOpen}
        aria-controls={sidebarId}
        onClick={onOpenMenu}
        className="-ml-2 inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand md:hidden"
      >
        <MenuIcon className="size-6" />
      </button>
      <Link to="/dashboard" className="rounded focus-visible:outline-2 focus-visible:outline-brand md:hidden">
        <BrandMark className="text-lg" />
      </Link>
      <WorkspaceSwitcher />
      <div className="ml-auto flex min-w-0 items-center gap-3">
        <span className="max-w-[9rem] truncate text-sm font-medium text-slate-800 sm:max-w-[16rem]">{name}</span>
        <Avatar name={name} src={user?.avatarURL} />
      </div>
    </header>
  );
}
