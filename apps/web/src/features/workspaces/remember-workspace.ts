/** Where the app shell keeps the current workspace's id (it sends it as X-Workspace-Id). */
export const CURRENT_WORKSPACE_KEY = 'postflow.workspace';

/**
 * Makes a workspace the current one, as the switcher does. The event tells a shell already on screen
 * in this tab (the browser only fires `storage` in other tabs).
 */
export function rememberWorkspace(workspaceId: string): void {
  try {
    localStorage.setItem(CURRENT_WORKSPACE_KEY, workspaceId);
  } catch {
    // Storage may be off (private mode): the workspace is still joined, and the switcher finds it.
  }
  window.dispatchEvent(new StorageEvent('storage', { key: CURRENT_WORKSPACE_KEY, newValue: workspaceId }));
}
