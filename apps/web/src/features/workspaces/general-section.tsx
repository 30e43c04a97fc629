import { WORKSPACE_NAME_MAX_LENGTH } from '@postflow/contract/client';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
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
  const labelId = useId();
  const hintId = useId();
  const on =
    update.isPending && update.variables.requireApproval !== undefined ? update.variables.requireApproval : workspace.requireApproval;

  function toggle() {
    update.mutate(
      { requireApproval: !on },
      {
        onError: (error) =>
          toast({ variant: 'error', title: 'Could not change approvals', message: isApiError(error) ? error.message : undefined }),
      },
    );
  }

  return (
    <div className="flex items-start justify-between gap-4 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span id={labelId} className="text-sm font-medium text-slate-800">
          Require approval for editors&apos; posts
        </span>
        <span id={hintId} className="text-xs text-slate-600">
          {on ? 'On: an editor’s post waits until an owner or admin approves it.' : 'Off: editors schedule and publish without approval.'}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={update.isPending}
        onClick={toggle}
        className={cx(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60',
          on ? 'bg-brand' : 'bg-slate-300',
        )}
      >
        <span
          aria-hidden="true"
          className={cx(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            on ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}
