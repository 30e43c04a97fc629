import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../components/ui/cx';
import { useWorkspace } from '../../../lib/workspace';
import { CreateWorkspaceDialog } from './create-workspace-dialog';
import { roleLabel } from './role-label';

const itemClasses =
  'flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';

/**
 * docs/product.md, Workspaces · Shell and white-label: a button naming the current workspace opens a
 * menu of the person's workspaces (each with their role), "Create workspace" and "Workspace settings".
 * Arrow keys move through the menu, Escape closes it and returns to the button.
 */
export function WorkspaceSwitcher() {
  const { workspace, workspaces, switchTo } = useWorkspace();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    (items().find((item) => item.getAttribute('aria-checked') === 'true') ?? items()[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') moveTo(at + 1);
    else if (event.key === 'ArrowUp') moveTo(at - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(all.length - 1);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  return (
    <div ref={containerRef} className="relative min-w-0">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-label={`Workspace: ${workspace.name}`}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="flex max-w-[14rem] min-w-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-slate-900 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand sm:max-w-[20rem]"
      >
        <span className="truncate" data-testid="current-workspace">
          {workspace.name}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" fill="currentColor">
          <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" fill="none" />
        </svg>
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Workspaces"
          onKeyDown={onMenuKeyDown}
          className="absolute top-full left-0 z-30 mt-2 flex w-72 max-w-[85vw] flex-col gap-0.5 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
        >
          {workspaces.map((candidate) => {
            const current = candidate.id === workspace.id;
            return (
              <li key={candidate.id} role="none">
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={current}
                  tabIndex={-1}
                  onClick={() => {
                    setOpen(false);
                    if (!current) switchTo(candidate.id);
                  }}
                  className={cx(itemClasses, current && 'font-semibold')}
                >
                  <span className="min-w-0 truncate">{candidate.name}</span>
                  <span className="shrink-0 text-xs font-normal text-slate-500">{roleLabel[candidate.role]}</span>
                </button>
              </li>
            );
          })}
          <li role="separator" className="my-1 border-t border-slate-200" />
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setOpen(false);
                setCreating(true);
              }}
              className={itemClasses}
            >
              Create workspace
            </button>
          </li>
          <li role="none">
            <Link role="menuitem" tabIndex={-1} to="/settings/workspace" onClick={() => setOpen(false)} className={itemClasses}>
              Workspace settings
            </Link>
          </li>
        </ul>
      )}
      <CreateWorkspaceDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
