import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { AuthLayout, textLinkClass } from '../components/auth-layout';
import { SocialSignInButtons } from '../components/social-sign-in-buttons';
import { returnPath } from '../return-path';
import { formErrors } from '../validation';

/** docs/product.md, Sign-in · Screen: after a successful sign-in the app waits 100 ms before going on. */
export const LOGIN_REDIRECT_DELAY_MS = 100;

const PLANS = ['pro', 'business'];

/** The schema arrives apart from the page (lib/form-schemas.ts): asked for on first focus, awaited on submit. */
const loadFormSchemas = () => import('../../../lib/form-schemas');

type Field = 'email' | 'password';

/** docs/product.md, Sign-in · Screen, plus the email-and-password form (docs/decisions/030). */
export function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const plan = searchParams.get('plan');
  const registerHref = plan && PLANS.includes(plan) ? `/register?plan=${plan}` : '/register';
  const from = returnPath(location.state);

  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const signIn = useMutation({
    mutationFn: async (input: Record<Field, string>) => {
      await login(input.email, input.password);
      await new Promise((resolve) => setTimeout(resolve, LOGIN_REDIRECT_DELAY_MS));
    },
    onSuccess: () => navigate(from ?? '/dashboard', { replace: true }),
    onError: (error) => {
      if (isApiError(error)) setErrors({ email: error.fields.email, password: error.fields.password });
    },
  });
  const serverError = signIn.error && !(isApiError(signIn.error) && (signIn.error.fields.email || signIn.error.fields.password));

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  // A submit is being checked: the schema may still be on its way when the person presses Enter again.
  const [checking, setChecking] = useState(false);

  async function submit(form: HTMLFormElement) {
    setChecking(true);
    try {
      // Without the schema (the chunk failed to load), the server checks the same rules and says what is wrong.
      const schemas = await loadFormSchemas().catch(() => undefined);
      // The fields as they are now: typing may have gone on while the schema loaded.
      const fields = new FormData(form);
      const input = { email: String(fields.get('email') ?? ''), password: String(fields.get('password') ?? '') };
      const found = schemas ? formErrors(schemas.loginRequestSchema, input) : {};
      setErrors(found);
      const firstInvalid = (['email', 'password'] as const).find((field) => found[field]);
      if (firstInvalid) {
        form.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
        return;
      }
      signIn.mutate(input);
    } finally {
      setChecking(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking || signIn.isPending) return;
    void submit(event.currentTarget);
  }

  return (
    <AuthLayout
      title="Welcome"
      subtitle="Connect with your preferred social account"
      footer={
        <Link to="/" className={textLinkClass}>
          Return to Homepage
        </Link>
      }
    >
      <SocialSignInButtons />

      <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>

      <form
        noValidate
        onSubmit={onSubmit}
        onFocus={() => void loadFormSchemas()}
        className="flex flex-col gap-4"
        aria-label="Sign in with email"
      >
        {serverError && <Alert variant="error">{signIn.error.message}</Alert>}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={(event) => update('email', event.target.value)}
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => update('password', event.target.value)}
          error={errors.password}
        />
        <div className="-mt-1 text-right text-sm">
          <Link to="/reset-password" className={textLinkClass}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" fullWidth busy={checking || signIn.isPending} busyLabel="Signing in...">
          Sign in
        </Button>
        <p className="text-center text-sm text-slate-600">
          New to Postflow? {/* An invitee without an account registers, then lands where they were going. */}
          <Link to={registerHref} state={location.state} className={textLinkClass}>
            Create an account
          </Link>
        </p>
      </form>

      <p className="mt-6 text-center text-xs text-slate-500">
        By continuing, you agree to our{' '}
        <Link to="/terms" className={textLinkClass}>
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className={textLinkClass}>
          Privacy Policy
        </Link>
      </p>
    </AuthLayout>
  );
}
