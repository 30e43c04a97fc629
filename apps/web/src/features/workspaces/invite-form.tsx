import type { Workspace, WorkspaceRole } from '@postflow/contract';
import { INVITATION_TTL_DAYS } from '@postflow/contract/client';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api-client';
import { useInvite } from './api/use-members';
import { messageOf } from './error-message';
import { roleOptions } from './roles';

/** Invites someone by email with a role (owners and admins); the refusal, such as the plan's seats, is shown under it. */
export function InviteForm({ workspace }: { workspace: Pick<Workspace, 'id' | 'role'> }) {
  const invite = useInvite(workspace.id);
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('editor');
  const headingId = useId();
  const fields = isApiError(invite.error) ? invite.error.fields : {};
  const formError =
    invite.isError && !fields.email && !fields.role ? messageOf(invite.error, 'The invitation was not sent. Try again.') : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: (invitation) => {
          toast({
            variant: 'success',
            title: `Invitation sent to ${invitation.email}`,
            message: `The link works once, for ${INVITATION_TTL_DAYS} days.`,
          });
          setEmail('');
        },
      },
    );
  }

  return (
    <form aria-labelledby={headingId} className="mt-6 border-t border-slate-100 pt-4" onSubmit={submit} noValidate>
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Invite someone
      </h3>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="off"
          className="flex-1"
          value={email}
          error={fields.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SelectField
          label="Role"
          className="sm:w-40"
          value={role}
          options={roleOptions(workspace.role)}
          onChange={setRole}
          error={fields.role}
        />
        <Button type="submit" className="sm:mt-6" busy={invite.isPending} busyLabel="Sending...">
          Send invitation
        </Button>
      </div>
      {formError && (
        <Alert variant="error" className="mt-3">
          {formError}
        </Alert>
      )}
    </form>
  );
}
