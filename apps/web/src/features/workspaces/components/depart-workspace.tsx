import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useWorkspace } from '../../../lib/workspace';
import { useDepartWorkspace } from '../api/use-workspace-actions';

/**
 * Leave the current workspace, or (its owner) delete it. Deleting removes everything in it, so the
 * person types its name to confirm (docs/product.md, Workspaces · Shell and white-label).
 */
export function DepartWorkspace({ how }: { how: 'leave' | 'remove' }) {
  const { workspace } = useWorkspace();
  const depart = useDepartWorkspace(how);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const deleting = how === 'remove';
  const confirmed = !deleting || typed.trim() === workspace.name;

  function close() {
    setOpen(false);
    setTyped('');
    depart.reset();
  }

  return (
    <>
      <Button variant={deleting ? 'danger' : 'secondary'} onClick={() => setOpen(true)}>
        {deleting ? 'Delete workspace' : 'Leave workspace'}
      </Button>
      <Dialog
        open={open}
        title={deleting ? `Delete “${workspace.name}”?` : `Leave “${workspace.name}”?`}
        description={
          deleting
            ? 'This deletes the workspace with its connected accounts, posts, media and analytics, for every member. It cannot be undone.'
            : 'You will no longer see its accounts, posts or analytics. A member who manages it can invite you again.'
        }
        onClose={close}
        dismissible={!depart.isPending}
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={depart.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => depart.mutate()} busy={depart.isPending} disabled={!confirmed}>
              {deleting ? `Delete “${workspace.name}”` : `Leave “${workspace.name}”`}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          {deleting && (
            <TextField
              label={`Type “${workspace.name}” to confirm`}
              value={typed}
              autoComplete="off"
              onChange={(event) => setTyped(event.target.value)}
            />
          )}
          {depart.isError && (
            <p role="alert" className="text-sm text-red-700">
              {isApiError(depart.error) ? depart.error.message : 'Something went wrong. Try again.'}
            </p>
          )}
        </div>
      </Dialog>
    </>
  );
}
