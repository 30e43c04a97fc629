import { WORKSPACE_NAME_MAX_LENGTH } from '@postflow/contract/client';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useCreateWorkspace } from '../api/use-workspace-actions';

/** Asks for a name and creates the workspace; the person then works in it. */
export function CreateWorkspaceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateWorkspace();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const formId = 'create-workspace-form';

  function close() {
    setName('');
    setProblem(null);
    create.reset();
    onClose();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem('Enter a name for the workspace');
      return;
    }
    create.mutate(name.trim(), {
      onSuccess: close,
      onError: (error) => setProblem(isApiError(error) ? (error.fields.name ?? error.message) : 'Could not create the workspace.'),
    });
  }

  return (
    <Dialog
      open={open}
      title="Create workspace"
      description="A workspace holds its own connected accounts, posts and analytics, shared with the people you invite."
      onClose={close}
      dismissible={!create.isPending}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={create.isPending}>
            Create workspace
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <TextField
          label="Name"
          value={name}
          maxLength={WORKSPACE_NAME_MAX_LENGTH}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          error={problem}
        />
      </form>
    </Dialog>
  );
}
