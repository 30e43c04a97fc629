import { useCallback, useEffect, useRef, useState } from 'react';
import { cx } from './cx';
import { CloseIcon } from './icons';

export type ToastVariant = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  variant: ToastVariant;
  title: string;
  message?: string;
}

/** How long a success or info message stays; errors stay until dismissed. */
export const TOAST_DURATION_MS = 8_000;

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
  useEffect(() => {
    if (toast.variant === 'error') return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);

  return (
    <div
      role={toast.variant === 'error' ? 'alert' : 'status'}
      className={cx('pointer-events-auto flex items-start gap-3 rounded-lg p-3 text-sm shadow-lg ring-1 ring-inset', styles[toast.variant])}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.message && <p className="mt-1">{toast.message}</p>}
      </div>
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
