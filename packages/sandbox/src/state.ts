import { appKey, type RegisteredApp } from './apps';
import {
  createLinkedInStore,
  restoreLinkedIn,
  snapshotLinkedIn,
  type LinkedInSnapshot,
  type LinkedInStore,
} from './linkedin/linkedin-store';
import { createXStore, restoreX, snapshotX, type XSnapshot, type XStore } from './x/x-store';

/** Everything the sandbox knows. `reset` swaps the stores in place, so references to this object stay valid. */
export interface SandboxState {
  apps: Map<string, RegisteredApp>;
  x: XStore;
  linkedin: LinkedInStore;
}

export const STATE_FILE_VERSION = 1;

export interface PersistedState {
  version: typeof STATE_FILE_VERSION;
  savedAt: string;
  clockOffsetMs: number;
  apps: RegisteredApp[];
  x: XSnapshot;
  linkedin: LinkedInSnapshot;
}

export function createEmptyState(): SandboxState {
  return { apps: new Map(), x: createXStore(), linkedin: createLinkedInStore() };
}

export function clearState(state: SandboxState): void {
  state.apps = new Map();
  state.x = createXStore();
  state.linkedin = createLinkedInStore();
}

export function registerApp(state: SandboxState, app: RegisteredApp): void {
  state.apps.set(appKey(app.network, app.clientId), app);
}

export function findApp(state: SandboxState, network: RegisteredApp['network'], clientId: string): RegisteredApp | undefined {
  return state.apps.get(appKey(network, clientId));
}

export function serializeState(state: SandboxState, clockOffsetMs: number, now: number): PersistedState {
  return {
    version: STATE_FILE_VERSION,
    savedAt: new Date(now).toISOString(),
    clockOffsetMs,
    apps: [...state.apps.values()],
    x: snapshotX(state.x),
    linkedin: snapshotLinkedIn(state.linkedin),
  };
}

export function isPersistedState(value: unknown): value is PersistedState {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { version?: unknown }).version === STATE_FILE_VERSION &&
    Array.isArray((value as { apps?: unknown }).apps)
  );
}

export function restoreInto(state: SandboxState, persisted: PersistedState): void {
  state.apps = new Map(persisted.apps.map((app) => [appKey(app.network, app.clientId), app]));
  state.x = restoreX(persisted.x);
  state.linkedin = restoreLinkedIn(persisted.linkedin);
}
