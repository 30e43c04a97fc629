import type { Member, Workspace, WorkspaceRole } from '@postflow/contract';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { SelectField } from '../../components/ui/select-field';
import { useToast } from '../../components/ui/toast';
import { useAuth } from '../../lib/auth';
import { useChangeRole, useMembers, useRemoveMember } from './api/use-members';
import { messageOf } from './error-message';
import { InviteForm } from './invite-form';
import { PendingInvitations } from './pending-invitations';
import { roleLabel, roleOptions, roleWithArticle } from './roles';

/**
 * The workspace's members (docs/product.md, Workspaces · Members and invitations): everyone sees who
 * belongs; owners and admins change roles, remove people, invite by email and revoke pending
 * invitations. Only owners touch owners; the server checks all of it again.
 */
export function MembersSection({ workspace }: { workspace: Pick<Workspace, 'id' | 'name' | 'role'> }) {
  const members = useMembers(workspace.id);
  const manages = workspace.role === 'owner' || workspace.role === 'admin';
  const headingId = useId();
  const [removing, setRemoving] = useState<Member | null>(null);

  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Members
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Owners and admins manage members, accounts and settings; editors write and schedule posts; viewers read.
      </p>
      {members.isPending && <p className="mt-3 text-sm text-slate-600">Loading members...</p>}
      {members.isError && (
        <Alert variant="error" className="mt-3" title="Failed to load the members">
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void members.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {members.isSuccess && (
        <ul className="mt-3 divide-y divide-slate-100">
          {members.data.map((member) => (
            <MemberRow key={member.personId} member={member} workspace={workspace} onRemove={() => setRemoving(member)} />
          ))}
        </ul>
      )}
      {manages && <InviteForm workspace={workspace} />}
      {manages && <PendingInvitations workspaceId={workspace.id} />}
      {removing && <RemoveMemberDialog member={removing} workspace={workspace} onClose={() => setRemoving(null)} />}
    </section>
  );
}

function MemberRow({ member, workspace, onRemove }: { member: Member; workspace: Pick<Workspace, 'id' | 'role'>; onRemove: () => void }) {
  const { user } = useAuth();
  const changeRole = useChangeRole(workspace.id);
  const toast = useToast();
  const isSelf = user?.id === member.personId;
  // Admins manage everyone but owners; only owners make or unmake owners.
  const canManage = workspace.role === 'owner' || (workspace.role === 'admin' && member.role !== 'owner');

  function change(role: WorkspaceRole) {
    changeRole.mutate(
      { member, role },
      {
        onSuccess: () => toast({ variant: 'success', title: `${member.name} is now ${roleWithArticle(role)}` }),
        onError: (error) =>
          toast({ variant: 'error', title: 'The role was not changed', message: messageOf(error, 'Try again in a moment.') }),
      },
    );
  }

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Avatar name={member.name} src={member.avatarUrl} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">
          {member.name}
          {isSelf && <span className="text-slate-500"> (you)</span>}
        </p>
        {member.email && <p className="truncate text-xs text-slate-500">{member.email}</p>}
      </div>
      {canManage ? (
        <SelectField
          label={`Role of ${member.name}`}
          className="w-36 [&_label]:sr-only"
          size="md"
          value={member.role}
          options={roleOptions(workspace.role)}
          onChange={change}
        />
      ) : (
        <Badge tone={member.role === 'owner' ? 'brand' : 'neutral'}>{roleLabel(member.role)}</Badge>
      )}
      {canManage && !isSelf && (
        <Button variant="secondary" size="sm" aria-label={`Remove ${member.name}`} onClick={onRemove}>
          Remove
        </Button>
      )}
    </li>
  );
}

function RemoveMemberDialog({
  member,
  workspace,
  onClose,
}: {
  member: Member;
  workspace: Pick<Workspace, 'id' | 'name'>;
  onClose: () => void;
}) {
  const remove = useRemoveMember(workspace.id);
  const toast = useToast();
  return (
    <ConfirmDialog
      open
      tone="danger"
      title={`Remove ${member.name}?`}
      message={
        <>
          {member.name} loses access to {workspace.name} at once: its accounts, posts and analytics. You can invite them again later.
          {remove.isError && (
            <Alert variant="error" className="mt-3">
              {messageOf(remove.error, 'They were not removed. Try again in a moment.')}
            </Alert>
          )}
        </>
      }
      confirmLabel={`Remove ${member.name}`}
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(member, {
          onSuccess: () => {
            toast({ variant: 'success', title: `${member.name} was removed from ${workspace.name}` });
            onClose();
          },
        })
      }
    />
  );
}
