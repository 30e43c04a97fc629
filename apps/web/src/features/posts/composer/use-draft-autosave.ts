import { useEffect, useState, useSyncExternalStore } from 'react';
import { DraftSaver, type DraftBody } from './draft-saver';

type Start = ConstructorParameters<typeof DraftSaver>[0];
type Events = NonNullable<ConstructorParameters<typeof DraftSaver>[1]>;

/**
 * The composer's draft, saved as the person types (docs/decisions/141-drafts.md); also when the tab
 * is hidden or closed, and when the composer leaves the screen.
 */
export function useDraftAutosave(start: Start, body: DraftBody, events: Events) {
  const [saver] = useState(() => new DraftSaver(start, events));
  const state = useSyncExternalStore(saver.subscribe, saver.getState);
  const key = JSON.stringify(body);

  useEffect(() => {
    saver.update(JSON.parse(key) as DraftBody);
  }, [saver, key]);

  useEffect(() => {
    saver.attach();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saver.flushOnExit();
    };
    const onPageHide = () => saver.flushOnExit();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      saver.detach();
    };
  }, [saver]);

  return { saver, state };
}
