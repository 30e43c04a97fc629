import { WORKSPACE_NAME_MAX_LENGTH } from '@postflow/contract/client';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { SwitchField } from '../../components/ui/switch-field';
import { useToast } from '../../components/ui/toast';
import { TextField } from '../../components/ui/text-field';
import { isApiError } from '../../lib/api-client';
import { useWorkspace } from '../../lib/workspace';
import { useUpdateWorkspace } from './api/use-workspace-actions';
import { DepartWorkspace } from './components/depart-workspace';
import { roleLabel } from './components/role-label';
import { SettingsSection } from './components/settings-section';

/** The workspace's name, whether editors' posts wait for approval, and leaving or deleting it. */
export function GeneralSection() {
  const { workspace, can } = useWorkspace();
  const manages = can('admin');
  return (
    <SettingsSection
      title="General"
      description={
        workspace.personal
          ? 'Your personal workspace. It is always yours: you can rename it, but not leave or delete it.'
          : `You are ${workspace.role === 'admin' || workspace.role === 'owner' ? 'an' : 'a'} ${roleLabel[workspace.role].toLowerCase()} in this workspace.`
      }
    >
      {manages ? <RenameForm /> : <p className="text-sm text-slate-800">{workspace.name}</p>}
      {manages && <ApprovalSwitch />}
      {!workspace.personal && (
        <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row">
          <DepartWorkspace how="leave" />
          {workspace.role === 'owner' && <DepartWorkspace how="remove" />}
        </div>
      )}
    </SettingsSection>
  );
}

function RenameForm() {
  const { workspace } = useWorkspace();
  const update = useUpdateWorkspace();
  const toast = useToast();
  const [name, setName] = useState(workspace.name);
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem('Enter a name for the workspace');
      return;
    }
    update.mutate(
      { name: name.trim() },
      {
        onSuccess: (updated) => toast({ variant: 'success', title: `Renamed to “${updated.name}”` }),
        onError: (error) => setProblem(isApiError(error) ? (error.fields.name ?? error.message) : 'Could not rename the workspace.'),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <TextField
        label="Workspace name"
        className="flex-1"
        value={name}
        maxLength={WORKSPACE_NAME_MAX_LENGTH}
        onChange={(event) => {
          setName(event.target.value);
          setProblem(null);
        }}
        error={problem}
      />
      <Button type="submit" busy={update.isPending} disabled={name.trim() === workspace.name}>
        Save name
      </Button>
    </form>
  );
}

function ApprovalSwitch() {
  const { workspace } = useWorkspace();
  const update = useUpdateWorkspace();
  const toast = useToast();
  const on =
    update.isPending && update.variables.requireApproval !== undefined ? update.variables.requireApproval : workspace.requireApproval;

  function change(next: boolean) {
    update.mutate(
      { requireApproval: next },
      {
        onError: (error) =>
          toast({ variant: 'error', title: 'Could not change approvals', message: isApiError(error) ? error.message : undefined }),
      },
    );
  }

  return (
    <SwitchField
      label="Require approval for editors' posts"
      hint={on ? 'On: an editor’s post waits until an owner or admin approves it.' : 'Off: editors schedule and publish without approval.'}
      on={on}
      onChange={change}
      disabled={update.isPending}
    />
  );
}
