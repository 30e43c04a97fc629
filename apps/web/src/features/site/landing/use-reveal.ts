import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * True once the element has come into view (then it stays true), for the cards' entrance. Without
 * IntersectionObserver everything is shown at once.
 */
export function useReveal<T extends Element>(): { ref: RefObject<T | null>; revealed: boolean } {
  const ref = useRef<T>(null);
  const [revealed, setRevealed] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (revealed || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setRevealed(true);
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [revealed]);
  return { ref, revealed };
}
