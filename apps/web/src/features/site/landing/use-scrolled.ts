import { useEffect, useState } from 'react';
import { isScrolled, SCROLLED_AFTER_PX } from './section-nav';

/** True once the page is scrolled past `threshold` pixels (the header's "scrolled" style). */
export function useScrolled(threshold = SCROLLED_AFTER_PX): boolean {
  const [scrolled, setScrolled] = useState(() => isScrolled(window.scrollY, threshold));
  useEffect(() => {
    // React skips the render when the answer did not change, so every scroll event may ask.
    const onScroll = () => setScrolled(isScrolled(window.scrollY, threshold));
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}
