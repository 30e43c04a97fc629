import type { SignInMethod } from '@postflow/contract';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toast';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { platformName } from '../../../lib/platform-names';
import { useChangePassword, useRemoveSignInMethod, useSignInMethods } from '../api/sign-in-methods';

const methodName = (method: SignInMethod) =>
  method.kind === 'password' ? 'Password' : `${platformName(method.kind)}${method.label ? ` · ${method.label}` : ''}`;

const messageOf = (error: unknown, fallback: string) => (isApiError(error) && error.status < 500 ? error.message : fallback);

/**
 * The account's ways of signing in (decision 107): the password and the X or LinkedIn accounts linked
 * for sign-in, each removable except the last; and the password form (change it, or set a first one).
 */
export function SignInMethodsCard() {
  const methods = useSignInMethods();
  const [removing, setRemoving] = useState<SignInMethod | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const headingId = useId();

  const list = methods.data?.methods ?? [];
  const hasPassword = list.some((method) => method.kind === 'password');

  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Sign-in methods
      </h2>
      <p className="mt-1 text-sm text-slate-600">The ways you can sign in to Postflow. You always keep at least one.</p>
      {methods.isPending && <p className="mt-3 text-sm text-slate-600">Loading sign-in methods...</p>}
      {methods.isError && (
        <Alert variant="error" className="mt-3" title="Failed to load your sign-in methods">
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void methods.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {methods.isSuccess && (
        <ul className="mt-3 divide-y divide-slate-100">
          {list.map((method) => (
            <li key={method.id} className="flex items-center justify-between gap-3 py-2">
              <span className="text-sm text-slate-800">{methodName(method)}</span>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Remove ${methodName(method)}`}
                disabled={list.length <= 1}
                title={list.length <= 1 ? 'This is your only way to sign in' : undefined}
                onClick={() => setRemoving(method)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {methods.isSuccess && (
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => setPasswordOpen(true)}>
          {hasPassword ? 'Change password' : 'Set a password'}
        </Button>
      )}
      {removing && <RemoveMethodDialog method={removing} onClose={() => setRemoving(null)} />}
      {passwordOpen && <PasswordDialog hasPassword={hasPassword} onClose={() => setPasswordOpen(false)} />}
    </section>
  );
}

function RemoveMethodDialog({ method, onClose }: { method: SignInMethod; onClose: () => void }) {
  const remove = useRemoveSignInMethod();
  const toast = useToast();
  const [currentPassword, setCurrentPassword] = useState('');
  const formId = useId();
  const isPassword = method.kind === 'password';
  const fieldError = isApiError(remove.error) ? remove.error.fields.currentPassword : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    remove.mutate(
      { id: method.id, ...(isPassword ? { currentPassword } : {}) },
      {
        onSuccess: () => {
          toast({
            variant: 'success',
            title: 'Sign-in method removed',
            message: `You no longer sign in to Postflow with ${methodName(method)}.`,
          });
          onClose();
        },
      },
    );
  }

  return (
    <Dialog
      open
      title={`Stop signing in with ${methodName(method)}?`}
      onClose={onClose}
      dismissible={!remove.isPending}
      description={
        isPassword
          ? 'You will sign in with your X or LinkedIn account only.'
          : 'Signing in with this account will no longer open your Postflow account. Connected accounts for posting stay as they are.'
      }
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" busy={remove.isPending}>
            Remove
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-3">
        {isPassword && (
          <TextField
            label="Current password"
            type="password"
            value={currentPassword}
            error={fieldError}
            onChange={(event) => setCurrentPassword(event.target.value)}
            autoComplete="current-password"
          />
        )}
        {remove.isError && !fieldError && (
          <Alert variant="error">{messageOf(remove.error, 'Failed to remove the sign-in method. Please try again.')}</Alert>
        )}
      </form>
    </Dialog>
  );
}

function PasswordDialog({ hasPassword, onClose }: { hasPassword: boolean; onClose: () => void }) {
  const change = useChangePassword();
  const toast = useToast();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const formId = useId();
  const fields = isApiError(change.error) ? change.error.fields : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate(hasPassword ? { currentPassword, password } : { password }, {
      // The answer is a message, not a second state of the dialog to dismiss (decision 122).
      onSuccess: ({ message }) => {
        toast({ variant: 'success', title: hasPassword ? 'Password changed' : 'Password set', message });
        onClose();
      },
    });
  }

  return (
    <Dialog
      open
      title={hasPassword ? 'Change password' : 'Set a password'}
      onClose={onClose}
      dismissible={!change.isPending}
      description={
        hasPassword
          ? 'Your other devices will be signed out.'
          : 'You signed up with X or LinkedIn. A password lets you sign in with your email too; setting one works within 10 minutes of signing in.'
      }
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={change.isPending}>
            Save password
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-3">
        {hasPassword && (
          <TextField
            label="Current password"
            type="password"
            value={currentPassword}
            error={fields.currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            autoComplete="current-password"
          />
        )}
        <TextField
          label="New password"
          type="password"
          value={password}
          error={fields.password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="new-password"
        />
        {change.isError && !fields.currentPassword && !fields.password && (
          <Alert variant="error">{messageOf(change.error, 'Failed to save the password. Please try again.')}</Alert>
        )}
      </form>
    </Dialog>
  );
}
