import { useEffect, useRef } from 'react';
import { PlatformIcon } from '../../../../components/ui/icons';

/**
 * On the Enhance step: X's thread is not tailored; it goes out as the person wrote it on Content.
 * Right after "Use this thread on X" it takes focus, since the button pressed is gone with X's card.
 */
export function ThreadAsWritten({ parts, takeFocus = false, onFocused }: { parts: number; takeFocus?: boolean; onFocused?: () => void }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    ref.current?.focus();
    onFocused?.();
  }, [takeFocus, onFocused]);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset focus:outline-2 focus:outline-brand"
    >
      <PlatformIcon provider="x" className="mt-px size-4" />
      <span>
        X gets your thread of {parts} {parts === 1 ? 'post' : 'posts'} as you wrote it; go back to Content to change it. AI tailors the
        other networks&apos; text below.
      </span>
    </p>
  );
}
