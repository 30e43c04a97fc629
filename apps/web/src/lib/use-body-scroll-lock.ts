import { useEffect } from 'react';

/** Stops the page behind an overlay (mobile menu, dialog) from scrolling while `locked`; restores it after. */
export function useBodyScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [locked]);
}
