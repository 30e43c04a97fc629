import type { InviteRequest, Member, WorkspaceRole } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { workspacesQueryKey } from '../../../lib/query-keys';

export const membersQueryKey = (workspaceId: string) => [...workspacesQueryKey, workspaceId, 'members'] as const;
export const invitationsQueryKey = (workspaceId: string) => [...workspacesQueryKey, workspaceId, 'invitations'] as const;

/** GET /api/v1/workspaces/:id/members: every member with their role (any member may look). */
export function useMembers(workspaceId: string) {
  return useQuery({
    queryKey: membersQueryKey(workspaceId),
    queryFn: ({ signal }) => apiCall(api.members.list, { params: { id: workspaceId }, signal }),
    select: (answer) => answer.members,
  });
}

/** GET /api/v1/workspaces/:id/invitations: pending invitations (owners and admins only). */
export function usePendingInvitations(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: invitationsQueryKey(workspaceId),
    queryFn: ({ signal }) => apiCall(api.members.invitations, { params: { id: workspaceId }, signal }),
    select: (answer) => answer.invitations,
    enabled,
  });
}

export function useInvite(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteRequest) => apiCall(api.members.invite, { params: { id: workspaceId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(workspaceId) }),
  });
}

export function useRevokeInvitation(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => apiCall(api.members.revokeInvitation, { params: { id: workspaceId, invitationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(workspaceId) }),
  });
}

export function useChangeRole(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, role }: { member: Member; role: WorkspaceRole }) =>
      apiCall(api.members.updateRole, { params: { id: workspaceId, personId: member.personId }, body: { role } }),
    // The caller may have changed their own role: the switcher's list (and what this page offers) follows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  });
}

export function useRemoveMember(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Member) => apiCall(api.members.remove, { params: { id: workspaceId, personId: member.personId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(workspaceId) }),
  });
}
