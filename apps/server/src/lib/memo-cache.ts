/**
 * A bounded map of computed values, least recently used out first. Callers that ask for the same
 * key while it is being computed share one computation; a failed one is forgotten, not kept.
 */
export function createMemoCache<T>(maxEntries: number) {
  const entries = new Map<string, Promise<T>>();

  return {
    get(key: string, compute: () => Promise<T>): Promise<T> {
      const found = entries.get(key);
      if (found) {
        // Re-inserted: a Map keeps insertion order, so the first key is the least recently used.
        entries.delete(key);
        entries.set(key, found);
        return found;
      }
      const computing = compute();
      entries.set(key, computing);
      computing.catch(() => {
        if (entries.get(key) === computing) entries.delete(key);
      });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
      return computing;
    },

    get size() {
      return entries.size;
    },
  };
}
