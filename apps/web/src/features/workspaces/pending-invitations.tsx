import { useId } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { formatDate } from '../../lib/date-time';
import { usePendingInvitations, useRevokeInvitation } from './api/use-members';
import { messageOf } from './error-message';
import { roleLabel } from './roles';

/** Invitations not yet accepted, each with Revoke (owners and admins). */
export function PendingInvitations({ workspaceId }: { workspaceId: string }) {
  const invitations = usePendingInvitations(workspaceId, true);
  const revoke = useRevokeInvitation(workspaceId);
  const toast = useToast();
  const headingId = useId();

  return (
    <div className="mt-6 border-t border-slate-100 pt-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Pending invitations
      </h3>
      {invitations.isError && (
        <Alert variant="error" className="mt-2">
          {messageOf(invitations.error, 'Failed to load the invitations.')}
        </Alert>
      )}
      {invitations.isSuccess && invitations.data.length === 0 && <p className="mt-2 text-sm text-slate-600">No pending invitations.</p>}
      {invitations.isSuccess && invitations.data.length > 0 && (
        <ul aria-labelledby={headingId} className="mt-2 divide-y divide-slate-100">
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm text-slate-900">{invitation.email}</p>
                <p className="text-xs text-slate-500">
                  {roleLabel(invitation.role)} · expires {formatDate(invitation.expiresAt)}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Revoke the invitation to ${invitation.email}`}
                disabled={revoke.isPending && revoke.variables === invitation.id}
                onClick={() =>
                  revoke.mutate(invitation.id, {
                    onSuccess: () => toast({ variant: 'success', title: `Invitation to ${invitation.email} revoked` }),
                    onError: (error) =>
                      toast({
                        variant: 'error',
                        title: 'The invitation was not revoked',
                        message: messageOf(error, 'Try again in a moment.'),
                      }),
                  })
                }
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
