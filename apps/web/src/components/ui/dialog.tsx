import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useBodyScrollLock } from '../../lib/use-body-scroll-lock';
import { Button } from './button';
import { cx } from './cx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Called on Escape, on a click outside the panel, and by the caller's own buttons. */
  onClose: () => void;
  description?: ReactNode;
  children?: ReactNode;
  /** The action buttons, right-aligned under the content. */
  actions?: ReactNode;
  /** While true (e.g. a request is running) Escape and outside clicks do nothing. */
  dismissible?: boolean;
  /** A wider panel, for content with fields of its own (a thread's parts). */
  wide?: boolean;
}

/** A modal dialog: focus moves in, stays in (Tab cycles), and returns to where it was when it closes. */
export function Dialog({ open, title, onClose, description, children, actions, dismissible = true, wide = false }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useBodyScrollLock(open);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    return () => previouslyFocused?.focus();
  }, [open]);

  if (!open) return null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (dismissible) onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" onClick={dismissible ? onClose : undefined} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        // Taller than the screen, the content scrolls between the title and the actions, which stay in view.
        className={cx(
          'relative flex max-h-full w-full flex-col rounded-xl bg-white p-6 shadow-xl focus:outline-none',
          wide ? 'max-w-2xl' : 'max-w-md',
        )}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="mt-2 text-sm text-slate-600">
            {description}
          </div>
        )}
        {children && <div className="-mx-1 mt-4 min-h-0 overflow-y-auto px-1">{children}</div>}
        {actions && <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** A third answer; its button shows only when this is given. */
  onDeny?: () => void;
  /** docs/product.md, Shared rules · Dialogs: the default button texts are OK, No and Cancel. */
  confirmLabel?: string;
  denyLabel?: string;
  cancelLabel?: string;
  tone?: 'default' | 'danger';
  busy?: boolean;
}

export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onCancel,
  onDeny,
  confirmLabel = 'OK',
  denyLabel = 'No',
  cancelLabel = 'Cancel',
  tone = 'default',
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      description={message}
      onClose={onCancel}
      dismissible={!busy}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          {onDeny && (
            <Button variant="secondary" onClick={onDeny} disabled={busy}>
              {denyLabel}
            </Button>
          )}
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
