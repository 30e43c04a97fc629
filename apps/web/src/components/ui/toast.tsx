import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { cx } from './cx';
import { CloseIcon } from './icons';

export type ToastVariant = 'success' | 'error' | 'info';

/** A button in a message, e.g. Undo; pressing it also closes the message. */
export interface ToastAction {
  label: string;
  /** The button's accessible name when `label` alone is ambiguous ('Undo' → 'Undo scheduling'). */
  accessibleLabel?: string;
  onAction: () => void;
}

export interface Toast {
  id: number;
  variant: ToastVariant;
  title: string;
  message?: string;
  action?: ToastAction;
}

/** How long a success or info message stays; errors stay until dismissed. */
export const TOAST_DURATION_MS = 8_000;
/** A message with an action (Undo) stays longer, and not at all while the pointer or focus is on it. */
export const ACTION_TOAST_DURATION_MS = 12_000;

const styles: Record<ToastVariant, string> = {
  info: 'bg-white text-slate-900 ring-slate-200',
  success: 'bg-green-50 text-green-900 ring-green-200',
  error: 'bg-red-50 text-red-900 ring-red-200',
};

/** The messages of one screen: `show` adds one (the newest replaces an identical older one), `dismiss` removes one. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const show = useCallback((toast: Omit<Toast, 'id'>) => {
    const id = nextId.current++;
    setToasts((current) => [...current.filter((old) => old.title !== toast.title || old.message !== toast.message), { ...toast, id }]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  return { toasts, show, dismiss };
}

/**
 * Where a screen's short messages appear ("X sync started successfully"), instead of `window.alert`:
 * it does not block the page, and assistive technology hears it — the region is in the page from the
 * start so additions are announced; errors are announced at once (role alert).
 */
export function ToastRegion({
  toasts,
  onDismiss,
  label = 'Notifications',
}: {
  toasts: Toast[];
  onDismiss: (id: number) => void;
  label?: string;
}) {
  return (
    <div
      aria-label={label}
      aria-live="polite"
      role="region"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-40 flex flex-col gap-2 sm:left-auto sm:w-96"
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const paused = held.pointer || held.focus;
  useEffect(() => {
    if (toast.variant === 'error' || paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.action ? ACTION_TOAST_DURATION_MS : TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, onDismiss, paused]);

  return (
    <div
      role={toast.variant === 'error' ? 'alert' : 'status'}
      onPointerEnter={() => setHeld((current) => ({ ...current, pointer: true }))}
      onPointerLeave={() => setHeld((current) => ({ ...current, pointer: false }))}
      onFocus={() => setHeld((current) => ({ ...current, focus: true }))}
      onBlur={() => setHeld((current) => ({ ...current, focus: false }))}
      className={cx('pointer-events-auto flex items-start gap-3 rounded-lg p-3 text-sm shadow-lg ring-1 ring-inset', styles[toast.variant])}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.message && <p className="mt-1">{toast.message}</p>}
      </div>
      {toast.action && (
        <button
          type="button"
          aria-label={toast.action.accessibleLabel}
          onClick={() => {
            onDismiss(toast.id);
            toast.action?.onAction();
          }}
          className="-my-1 shrink-0 rounded px-2 py-1 font-semibold underline underline-offset-2 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-brand"
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="-m-1 rounded p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-brand"
      >
        <CloseIcon className="size-4" label="Dismiss" />
      </button>
    </div>
  );
}

type ShowToast = (toast: Omit<Toast, 'id'>) => void;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * The app's one message region, above the routes: a message outlives the screen that showed it, so
 * "Scheduled for Tue 26 Nov, 18:30" is still read after the composer has moved on to the feed.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { toasts, show, dismiss } = useToasts();
  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

/** Shows a message in the app's region (docs/product.md, Shared rules · Confirmations). */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider above it');
  return show;
}
