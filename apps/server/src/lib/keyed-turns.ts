/**
 * Work that must not crowd in for the same key takes turns in this process, in arrival order: at most
 * `perKey` callers hold a key at once. Several keys are taken in sorted order, so two callers can
 * never wait on each other.
 */
export function createKeyedTurns(perKey = 1) {
  const holders = new Map<string, { count: number; waiting: Array<() => void> }>();

  async function take(key: string): Promise<() => void> {
    let entry = holders.get(key);
    if (!entry) {
      entry = { count: 0, waiting: [] };
      holders.set(key, entry);
    }
    const held = entry;
    if (held.count >= perKey) await new Promise<void>((resolve) => held.waiting.push(resolve));
    else held.count += 1;
    return () => {
      const next = held.waiting.shift();
      // The freed place passes straight to the next in line; the count stays.
      if (next) next();
      else if (--held.count === 0) holders.delete(key);
    };
  }

  return async function inTurn<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    const releases: Array<() => void> = [];
    try {
      for (const key of [...new Set(keys)].sort()) releases.push(await take(key));
      return await work();
    } finally {
      for (const release of releases.reverse()) release();
    }
  };
}
export type KeyedTurns = ReturnType<typeof createKeyedTurns>;
