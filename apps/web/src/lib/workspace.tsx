import type { Workspace } from '@postflow/contract';
import { api, roleAllows, type WorkspaceRole } from '@postflow/contract/client';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { createContext, Fragment, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { PageStatus } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { apiCall } from './api-client';
import { sessionQueryKey } from './auth';
import { workspacesQueryKey } from './query-keys';
import { getWorkspaceId, onWorkspaceGone, storeWorkspaceId, WORKSPACE_STORAGE_KEY } from './workspace-storage';

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
 * docs/product.md, Workspaces · Shell and white-label. Loads the person's workspaces before anything
 * else, so no call goes out in a workspace they have left; a stored workspace they no longer belong
 * to gives way to their personal one. A switch drops every cached answer and remounts the pages, so
 * one workspace's data never shows under another's name. Must sit under the session.
 */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [activeId, setActiveId] = useState<string | null>(getWorkspaceId);

  const list = useQuery({
    queryKey: workspacesQueryKey,
    queryFn: async ({ signal }) => (await apiCall(api.workspaces.list, { signal })).workspaces,
    staleTime: 60_000,
  });
  const workspaces = list.data;
  const active = workspaces?.find((workspace) => workspace.id === activeId);

  const enter = useCallback(
    (workspaceId: string) => {
      storeWorkspaceId(workspaceId);
      void queryClient.cancelQueries({ predicate: belongsToWorkspace });
      queryClient.removeQueries({ predicate: belongsToWorkspace });
      setActiveId(workspaceId);
    },
    [queryClient],
  );

  // A stored workspace that is not (or no longer) the person's: back to their personal one.
  const personal = workspaces && personalOf(workspaces);
  useEffect(() => {
    if (personal && !active) enter(personal.id);
  }, [personal, active, enter]);

  // The server says the current workspace is gone (deleted, or the person was removed).
  useEffect(
    () =>
      onWorkspaceGone((goneId) => {
        if (goneId !== activeId || !personal || goneId === personal.id) return;
        const name = active?.name;
        enter(personal.id);
        void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
        toast({
          variant: 'error',
          title: name ? `You can no longer open “${name}”` : 'You can no longer open that workspace',
          message: 'This workspace does not exist, or you are not a member of it. You are back in your personal workspace.',
        });
      }),
    [activeId, active, personal, enter, queryClient, toast],
  );

  // Tabs share the stored workspace: a switch in another tab is followed here, never mixed with this one's data.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === WORKSPACE_STORAGE_KEY && event.newValue && event.newValue !== activeId) enter(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [activeId, enter]);

  const value = useMemo<WorkspaceContextValue | null>(
    () =>
      active && workspaces ? { workspace: active, workspaces, switchTo: enter, can: (needed) => roleAllows(active.role, needed) } : null,
    [active, workspaces, enter],
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
