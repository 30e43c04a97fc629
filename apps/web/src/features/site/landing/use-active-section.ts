import { useCallback, useEffect, useRef, useState } from 'react';
import { pickActiveSection, type SectionId } from './section-nav';

/** A thin band across the upper middle of the viewport; the section crossing it is the one being read. */
const BAND = '-40% 0px -55% 0px';
/** Longest a smooth scroll started by a click may take before the observer takes over again. */
const CLICK_SCROLL_MAX_MS = 1200;

/**
 * The anchor to highlight, from the scroll position (IntersectionObserver), plus `select` for clicks: a
 * clicked anchor lights up at once and stays lit while the page glides past the sections in between.
 */
export function useActiveSection(ids: readonly SectionId[]): { active: SectionId; select: (id: SectionId) => void } {
  const [active, setActive] = useState<SectionId>(ids[0] as SectionId);
  const inBand = useRef(new Set<string>());
  const clickScroll = useRef<{ release: () => void } | null>(null);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) inBand.current.add(entry.target.id);
          else inBand.current.delete(entry.target.id);
        }
        if (!clickScroll.current) setActive((previous) => pickActiveSection(ids, inBand.current, previous));
      },
      { rootMargin: BAND },
    );
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [ids]);

  useEffect(() => () => clickScroll.current?.release(), []);

  const select = useCallback(
    (id: SectionId) => {
      clickScroll.current?.release();
      setActive(id);
      const handle = { release: () => {} };
      const release = () => {
        window.removeEventListener('scrollend', release);
        clearTimeout(timer);
        if (clickScroll.current !== handle) return;
        clickScroll.current = null;
        setActive((previous) => pickActiveSection(ids, inBand.current, previous));
      };
      const timer = setTimeout(release, CLICK_SCROLL_MAX_MS);
      handle.release = release;
      clickScroll.current = handle;
      window.addEventListener('scrollend', release);
    },
    [ids],
  );

  return { active, select };
}
