/**
 * Work that must not overlap for the same key takes turns in this process, in arrival order. Several
 * keys are taken in sorted order, so two callers can never wait on each other.
 */
export function createKeyedTurns() {
  const tails = new Map<string, Promise<void>>();

  async function take(key: string): Promise<() => void> {
    const previous = tails.get(key) ?? Promise.resolve();
    let release: () => void = () => {};
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => mine);
    tails.set(key, tail);
    await previous;
    return () => {
      release();
      if (tails.get(key) === tail) tails.delete(key);
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
