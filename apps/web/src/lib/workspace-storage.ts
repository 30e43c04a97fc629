/**
 * The workspace the app acts in (docs/product.md, Workspaces · Shell and white-label), kept across
 * reloads and tabs under `postflow.workspace`; the e2e journeys read the same key.
 */
export const WORKSPACE_STORAGE_KEY = 'postflow.workspace';

export function getWorkspaceId(): string | null {
  return localStorage.getItem(WORKSPACE_STORAGE_KEY);
}

export function storeWorkspaceId(id: string): void {
  localStorage.setItem(WORKSPACE_STORAGE_KEY, id);
}

/** Signing out forgets it: the next person to sign in on this browser starts in their own. */
export function forgetWorkspaceId(): void {
  localStorage.removeItem(WORKSPACE_STORAGE_KEY);
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
