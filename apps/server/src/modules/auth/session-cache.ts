/** A session as `authenticate` answers it. */
export interface CachedSession {
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

interface Entry extends CachedSession {
  /** When this process must ask the database again. */
  recheckAt: number;
}

/**
 * Recently seen access tokens (by digest), so that a page's burst of calls asks the database once.
 * This process forgets a session the moment it ends a session here (logout, refresh, password
 * reset); another process sharing the database learns of it within `ttlMs` (decision 093).
 */
export function createSessionCache(options: { ttlMs: number; maxEntries: number }) {
  // Insertion order is the eviction order: a Map is a cheap LRU when hits are re-inserted.
  const entries = new Map<string, Entry>();

  function forgetWhere(matches: (entry: Entry) => boolean) {
    for (const [key, entry] of entries) if (matches(entry)) entries.delete(key);
  }

  return {
    get(accessHash: Buffer, now: Date): CachedSession | undefined {
      const key = accessHash.toString('base64');
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now.getTime() >= entry.recheckAt || now.getTime() >= entry.expiresAt.getTime()) {
        entries.delete(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return { userId: entry.userId, sessionId: entry.sessionId, expiresAt: entry.expiresAt };
    },

    set(accessHash: Buffer, session: CachedSession, now: Date): void {
      const key = accessHash.toString('base64');
      entries.delete(key);
      entries.set(key, { ...session, recheckAt: now.getTime() + options.ttlMs });
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
    },

    forgetSession(sessionId: string): void {
      forgetWhere((entry) => entry.sessionId === sessionId);
    },

    forgetUser(userId: string): void {
      forgetWhere((entry) => entry.userId === userId);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
