import { isPlanId, PASSWORD_MIN_LENGTH, planById, type PlanId } from '@postflow/contract/client';
import { registerRequestSchema } from '../../../lib/form-schemas';
import { useMutation } from '@tanstack/react-query';
import { useState, type FocusEvent, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useAuth, type RegisterInput } from '../../../lib/auth';
import { AuthLayout, textLinkClass } from '../components/auth-layout';
import { returnPath } from '../return-path';
import { fieldError, formErrors } from '../validation';

type Field = 'name' | 'email' | 'password';
const FIELDS: readonly Field[] = ['name', 'email', 'password'];

/** A paid plan chosen on the pricing page (`?plan=`); Starter and anything unknown ask for nothing. */
function chosenPlan(value: string | null): PlanId | undefined {
  return isPlanId(value) && value !== 'free' ? value : undefined;
}

/**
 * Sign-up with email and password. Messages come from the contract's own schema, so what the form says
 * is word for word what the server would answer.
 */
export function RegisterPage() {
  const { register } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = returnPath(location.state);
  const plan = chosenPlan(useSearchParams()[0].get('plan'));
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const signUp = useMutation({
    mutationFn: (input: RegisterInput) => register(input),
    onSuccess: () => navigate(from ?? '/dashboard', { replace: true }),
    onError: (error) => {
      if (!isApiError(error)) return;
      setErrors({ name: error.fields.name, email: error.fields.email, password: error.fields.password });
    },
  });
  const error = signUp.error;
  const showFormError = error && !(isApiError(error) && FIELDS.some((field) => error.fields[field]));

  function validateField(field: Field, value: string) {
    setErrors((current) => ({ ...current, [field]: fieldError(registerRequestSchema.shape[field], value) }));
  }

  function onChange(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // Once a field has said what is wrong, it says at once when that is fixed.
    if (errors[field]) validateField(field, value);
  }

  function onBlur(field: Field, event: FocusEvent<HTMLInputElement>) {
    // Leaving an untouched field empty is not a mistake yet; submitting is.
    if (event.target.value !== '' || errors[field]) validateField(field, event.target.value);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = formErrors(registerRequestSchema, values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    signUp.mutate(plan ? { ...values, plan } : values);
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start publishing to X and LinkedIn"
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" state={location.state} className={textLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Create account">
        {showFormError && <Alert variant="error">{error.message}</Alert>}
        {plan && (
          <Alert variant="info">
            You chose the {planById(plan).name} plan. Your account starts on this instance&apos;s default plan; its operator sees your
            choice and changes your workspace&apos;s plan.
          </Alert>
        )}
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(event) => onChange('name', event.target.value)}
          onBlur={(event) => onBlur('name', event)}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => onChange('email', event.target.value)}
          onBlur={(event) => onBlur('email', event)}
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          value={values.password}
          onChange={(event) => onChange('password', event.target.value)}
          onBlur={(event) => onBlur('password', event)}
          error={errors.password}
        />
        <Button type="submit" size="lg" fullWidth busy={signUp.isPending} busyLabel="Creating account...">
          Create account
        </Button>
      </form>
    </AuthLayout>
  );
}
