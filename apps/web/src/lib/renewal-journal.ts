/**
 * The session renewals this browser made lately, kept in IndexedDB. Each tab reads localStorage
 * from its own copy, which learns of another tab's write a moment later: in Chromium, a tab given
 * the renewal lock right after another tab renewed read the old token more often than not, traded
 * the spent refresh token again, and ended the session. IndexedDB is one store for every tab, so a
 * tab taking its turn reads here whether the token it used was already replaced (decision 140).
 */
const DATABASE = 'postflow-session';
const STORE = 'renewals';
const KEY = 'recent';
/** Renewals kept: enough for a few tabs renewing one after another at the same moment. */
const KEPT = 5;
/**
 * How long a renewal is worth reading: localStorage catches up within moments, so an older entry can
 * only mislead (a pair of a session that has since ended) and need not be kept.
 */
const FRESH_MS = 60_000;
/** A browser whose IndexedDB does not answer must not hold up renewing; it renews as before. */
const WAIT_MS = 1_000;

export interface RenewedPair {
  token: string;
  refreshToken: string;
}

interface Renewal extends RenewedPair {
  /** The access token this renewal replaced. */
  from: string;
  /** When it was made (epoch ms). */
  at: number;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}

function openJournal(): Promise<IDBDatabase> {
  const request = indexedDB.open(DATABASE, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE);
  return done(request);
}

function within<T>(work: Promise<T>, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), WAIT_MS)));
  return Promise.race([work.catch(() => fallback), timeout]).finally(() => clearTimeout(timer));
}

async function readRenewals(store: IDBObjectStore): Promise<Renewal[]> {
  const stored: unknown = await done(store.get(KEY));
  const since = Date.now() - FRESH_MS;
  return Array.isArray(stored) ? (stored as Renewal[]).filter((renewal) => renewal.at >= since) : [];
}

/** Notes that `from` was replaced by `pair`; resolves once every tab can read it. */
export function recordRenewal(from: string, pair: RenewedPair): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  const work = (async () => {
    const database = await openJournal();
    try {
      // One transaction: read and write cannot interleave with another tab's.
      const transaction = database.transaction(STORE, 'readwrite');
      const store = transaction.objectStore(STORE);
      const kept = (await readRenewals(store)).filter((renewal) => renewal.from !== from);
      store.put([...kept, { from, at: Date.now(), ...pair }].slice(-KEPT), KEY);
      await committed(transaction);
    } finally {
      database.close();
    }
  })();
  return within(work, undefined);
}

/** The newest pair that replaced `token`, following renewals made since; undefined when none did. */
export function renewedSince(token: string): Promise<RenewedPair | undefined> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(undefined);
  const work = (async () => {
    const database = await openJournal();
    try {
      const renewals = await readRenewals(database.transaction(STORE).objectStore(STORE));
      let newest: Renewal | undefined;
      let current = token;
      for (let step = 0; step < KEPT; step++) {
        const next = renewals.find((renewal) => renewal.from === current);
        if (!next) break;
        newest = next;
        current = next.token;
      }
      return newest && { token: newest.token, refreshToken: newest.refreshToken };
    } finally {
      database.close();
    }
  })();
  return within(work, undefined);
}
