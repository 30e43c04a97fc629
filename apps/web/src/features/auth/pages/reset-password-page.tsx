import { PASSWORD_MIN_LENGTH } from '@postflow/contract/client';
import { passwordResetConfirmSchema, passwordResetRequestSchema } from '../../../lib/form-schemas';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { PageStatus } from '../../../components/ui/spinner';
import { useConfirmPasswordReset, useRequestPasswordReset, useResetLinkState } from '../api/password-reset';
import { AuthLayout, textLinkClass } from '../components/auth-layout';
import { fieldError } from '../validation';

const backToSignIn = (
  <Link to="/login" className={textLinkClass}>
    Back to sign in
  </Link>
);

/** Without `?token`: ask for a reset link. With it (the link from the email): choose a new password. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return token ? <ResetFromLink token={token} /> : <RequestResetLink />;
}

/** A link already used or past its hour says so at once, rather than after two passwords are typed. */
function ResetFromLink({ token }: { token: string }) {
  const link = useResetLinkState(token);
  if (link.isPending) {
    return (
      <AuthLayout title="Choose a new password">
        <PageStatus>Checking your link...</PageStatus>
      </AuthLayout>
    );
  }
  // When the check itself fails (offline, server error), the form stays: setting the password reports any problem.
  if (link.data && link.data.state !== 'valid') {
    return (
      <AuthLayout title="This link has already been used or has expired" footer={backToSignIn}>
        <div className="flex flex-col gap-4">
          {link.data.message && <Alert variant="warning">{link.data.message}</Alert>}
          <Link to="/reset-password" className={textLinkClass + ' text-center'}>
            Request a new link
          </Link>
        </div>
      </AuthLayout>
    );
  }
  return <ChooseNewPassword token={token} />;
}

function RequestResetLink() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = fieldError(passwordResetRequestSchema.shape.email, email);
    setError(problem);
    if (problem) {
      event.currentTarget.querySelector<HTMLInputElement>('[name="email"]')?.focus();
      return;
    }
    request.mutate(email);
  }

  if (request.isSuccess) {
    return (
      <AuthLayout title="Check your email" footer={backToSignIn}>
        <Alert variant="success">{request.data.message}</Alert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter your email and we will send you a link to choose a new password."
      footer={backToSignIn}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Request a reset link">
        {request.isError && <Alert variant="error">{request.error.message}</Alert>}
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(fieldError(passwordResetRequestSchema.shape.email, event.target.value));
          }}
          error={error}
        />
        <Button type="submit" size="lg" fullWidth busy={request.isPending} busyLabel="Sending...">
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  );
}

type PasswordField = 'password' | 'confirmation';

function ChooseNewPassword({ token }: { token: string }) {
  const confirm = useConfirmPasswordReset();
  const [values, setValues] = useState<Record<PasswordField, string>>({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});

  function check(next: Record<PasswordField, string>): Partial<Record<PasswordField, string>> {
    return {
      password: fieldError(passwordResetConfirmSchema.shape.password, next.password),
      confirmation: next.confirmation !== next.password ? 'Passwords do not match' : undefined,
    };
  }

  function onChange(field: PasswordField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: check(next)[field] }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    const firstInvalid = found.password ? 'password' : found.confirmation ? 'confirmation' : null;
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    confirm.mutate({ token, password: values.password });
  }

  if (confirm.isSuccess) {
    return (
      <AuthLayout title="Password changed">
        <div className="flex flex-col gap-4">
          <Alert variant="success">{confirm.data.message}</Alert>
          <Link to="/login" className={textLinkClass + ' text-center'}>
            Sign in
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" footer={backToSignIn}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Set a new password">
        {confirm.isError && (
          <Alert variant="error">
            <p>{confirm.error.message}</p>
            <p className="mt-2">
              <Link to="/reset-password" className={textLinkClass}>
                Request a new link
              </Link>
            </p>
          </Alert>
        )}
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          value={values.password}
          onChange={(event) => onChange('password', event.target.value)}
          error={errors.password}
        />
        <TextField
          label="Confirm new password"
          name="confirmation"
          type="password"
          autoComplete="new-password"
          value={values.confirmation}
          onChange={(event) => onChange('confirmation', event.target.value)}
          error={errors.confirmation}
        />
        <Button type="submit" size="lg" fullWidth busy={confirm.isPending} busyLabel="Saving...">
          Set new password
        </Button>
      </form>
    </AuthLayout>
  );
}
