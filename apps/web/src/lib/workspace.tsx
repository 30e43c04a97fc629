import type { Workspace } from '@postflow/contract';
import { api, roleAllows, type WorkspaceRole } from '@postflow/contract/client';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { createContext, Fragment, use, useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { PageStatus } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { apiCall } from './api-client';
import { sessionQueryKey } from './auth';
import { workspacesQueryKey } from './query-keys';
import { getWorkspaceId, onWorkspaceGone, storeWorkspaceId, subscribeToWorkspaceId } from './workspace-storage';

export interface WorkspaceContextValue {
  /** The workspace every call acts in now. */
  workspace: Workspace;
  /** Every workspace the person belongs to, personal first. */
  workspaces: Workspace[];
  /** Makes another workspace current: everything shown is fetched again, in it. */
  switchTo(workspaceId: string): void;
  /** Whether the person's role in the current workspace allows what needs `needed`. */
  can(needed: WorkspaceRole): boolean;
}

const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

/** What survives a switch: who is signed in and which workspaces they have; the rest belongs to a workspace. */
const belongsToWorkspace = (query: Query) => query.queryKey[0] !== sessionQueryKey[0] && query.queryKey[0] !== workspacesQueryKey[0];

const personalOf = (workspaces: Workspace[]) => workspaces.find((workspace) => workspace.personal) ?? workspaces[0];

/**
 * docs/product.md, Workspaces · Shell and white-label (docs/decisions/133-white-label.md). Loads the
 * person's workspaces before anything else and checks the stored workspace against them, so no call
 * goes out in one they have left: such a workspace gives way to their personal one. Any change of the
 * current workspace (a switch, a fallback, another tab) drops every cached answer before the pages
 * render again, remounted, so one workspace's data never shows under another's name. Sits under the session.
 */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const toast = useToast();

  const subscribe = useCallback(
    (onChange: () => void) =>
      subscribeToWorkspaceId(() => {
        void queryClient.cancelQueries({ predicate: belongsToWorkspace });
        queryClient.removeQueries({ predicate: belongsToWorkspace });
        onChange();
      }),
    [queryClient],
  );
  const activeId = useSyncExternalStore(subscribe, getWorkspaceId);

  const list = useQuery({
    queryKey: workspacesQueryKey,
    queryFn: async ({ signal }) => {
      const { workspaces } = await apiCall(api.workspaces.list, { signal });
      const personal = personalOf(workspaces);
      if (personal && !workspaces.some((workspace) => workspace.id === getWorkspaceId())) storeWorkspaceId(personal.id);
      return workspaces;
    },
    staleTime: 60_000,
  });
  const workspaces = list.data;
  const active = workspaces?.find((workspace) => workspace.id === activeId);
  const personal = workspaces && personalOf(workspaces);

  // The server says the current workspace is gone (deleted, or the person was removed from it).
  useEffect(
    () =>
      onWorkspaceGone((goneId) => {
        if (goneId !== activeId || !personal || goneId === personal.id) return;
        storeWorkspaceId(personal.id);
        void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
        toast({
          variant: 'error',
          title: active ? `You can no longer open “${active.name}”` : 'You can no longer open that workspace',
          message: 'This workspace does not exist, or you are not a member of it. You are back in your personal workspace.',
        });
      }),
    [activeId, active, personal, queryClient, toast],
  );

  const value = useMemo<WorkspaceContextValue | null>(
    () =>
      active && workspaces
        ? { workspace: active, workspaces, switchTo: storeWorkspaceId, can: (needed) => roleAllows(active.role, needed) }
        : null,
    [active, workspaces],
  );

  if (list.isError && !workspaces) {
    return (
      <div className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-6">
        <Alert variant="error" title="We could not load your workspaces">
          {list.error.message}
        </Alert>
        <Button onClick={() => void list.refetch()} busy={list.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  if (!value) return <PageStatus>Loading...</PageStatus>;
  return (
    <WorkspaceContext value={value}>
      <Fragment key={value.workspace.id}>{children}</Fragment>
    </WorkspaceContext>
  );
}

export function useWorkspace(): WorkspaceContextValue {
  const value = use(WorkspaceContext);
  if (!value) throw new Error('useWorkspace must be used inside <WorkspaceProvider>');
  return value;
}

/**
 * Whether the person may do what needs `needed` in the current workspace, to hide what they cannot
 * do (the server checks every call anyway). Outside the signed-in shell (a component on its own in
 * a test) nothing is hidden.
 */
export function useCan(needed: WorkspaceRole): boolean {
  const value = use(WorkspaceContext);
  return value ? value.can(needed) : true;
}
