/**
 * The workspace the app acts in (docs/product.md, Workspaces · Shell and white-label), kept across
 * reloads and tabs under `postflow.workspace`; the e2e journeys read the same key.
 */
export const WORKSPACE_STORAGE_KEY = 'postflow.workspace';

export function getWorkspaceId(): string | null {
  return localStorage.getItem(WORKSPACE_STORAGE_KEY);
}

const changeListeners = new Set<() => void>();

export function storeWorkspaceId(id: string): void {
  if (localStorage.getItem(WORKSPACE_STORAGE_KEY) === id) return;
  localStorage.setItem(WORKSPACE_STORAGE_KEY, id);
  for (const listener of changeListeners) listener();
}

/** Signing out forgets it: the next person to sign in on this browser starts in their own. */
export function forgetWorkspaceId(): void {
  localStorage.removeItem(WORKSPACE_STORAGE_KEY);
  for (const listener of changeListeners) listener();
}

/** Hears every change of the current workspace, in this tab or another (tabs share the key). */
export function subscribeToWorkspaceId(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === WORKSPACE_STORAGE_KEY || event.key === null) listener();
  };
  changeListeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    changeListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

type GoneListener = (workspaceId: string) => void;
const goneListeners = new Set<GoneListener>();

/** Hears of a call that named a workspace the person is no longer a member of (the server's 404). */
export function onWorkspaceGone(listener: GoneListener): () => void {
  goneListeners.add(listener);
  return () => goneListeners.delete(listener);
}

export function reportWorkspaceGone(workspaceId: string): void {
  for (const listener of goneListeners) listener(workspaceId);
}
