import type { UpdateWorkspaceBrandingRequest, UpdateWorkspaceRequest, Workspace } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast';
import { apiCall } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/query-keys';
import { useWorkspace } from '../../../lib/workspace';

/** Puts the server's answer for one workspace into the switcher's list, so the header changes at once. */
function storeWorkspace(queryClient: QueryClient, workspace: Workspace) {
  queryClient.setQueryData<Workspace[]>(workspacesQueryKey, (list) => {
    if (!list) return [workspace];
    return list.some((known) => known.id === workspace.id)
      ? list.map((known) => (known.id === workspace.id ? workspace : known))
      : [...list, workspace];
  });
}

/** POST /api/v1/workspaces, then work in the new workspace. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { switchTo } = useWorkspace();
  return useMutation({
    mutationFn: (name: string) => apiCall(api.workspaces.create, { body: { name } }),
    onSuccess: (created) => {
      storeWorkspace(queryClient, created);
      switchTo(created.id);
      toast({ variant: 'success', title: `Workspace “${created.name}” created`, message: 'You are working in it now.' });
    },
  });
}

/** PATCH /api/v1/workspaces/:id on the current workspace: its name or whether editors' posts wait for approval. */
export function useUpdateWorkspace() {
  const queryClient = useQueryClient();
  const { workspace } = useWorkspace();
  return useMutation({
    mutationFn: (body: UpdateWorkspaceRequest) => apiCall(api.workspaces.update, { params: { id: workspace.id }, body }),
    onSuccess: (updated) => storeWorkspace(queryClient, updated),
  });
}

/** PATCH /api/v1/workspaces/:id/branding on the current workspace (white-label). */
export function useUpdateBranding() {
  const queryClient = useQueryClient();
  const { workspace } = useWorkspace();
  return useMutation({
    mutationFn: (body: UpdateWorkspaceBrandingRequest) => apiCall(api.workspaces.branding, { params: { id: workspace.id }, body }),
    onSuccess: (updated) => storeWorkspace(queryClient, updated),
  });
}

/**
 * Leaving or deleting the current workspace: afterwards the person is back in their personal one,
 * and the workspace is gone from the switcher.
 */
export function useDepartWorkspace(how: 'leave' | 'remove') {
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { workspace, workspaces, switchTo } = useWorkspace();
  return useMutation({
    mutationFn: () => apiCall(how === 'leave' ? api.workspaces.leave : api.workspaces.remove, { params: { id: workspace.id } }),
    onSuccess: () => {
      const personal = workspaces.find((candidate) => candidate.personal);
      if (personal) switchTo(personal.id);
      queryClient.setQueryData<Workspace[]>(workspacesQueryKey, (list) => list?.filter((known) => known.id !== workspace.id));
      toast({
        variant: 'success',
        title: how === 'leave' ? `You left “${workspace.name}”` : `“${workspace.name}” deleted`,
        message: 'You are back in your personal workspace.',
      });
      void navigate('/dashboard');
    },
  });
}
