import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { PageStatus } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { accountsQueryKey } from '../../../lib/query-keys';
import { fetchSocialLoginToken, type SocialLoginProvider } from '../api/social-login';
import { AuthLayout, textLinkClass } from '../components/auth-layout';

/** docs/product.md, Sign-in · Network callback: after a failed network sign-in the screen returns to /login (or to `next`) after 3 seconds. */
export const CALLBACK_REDIRECT_DELAY_MS = 3000;
/** The `error` query parameter is shown as text; keep a crafted link from filling the screen. */
const MAX_ERROR_LENGTH = 200;

/**
 * The page to return to, sent by the API when an account was connected from inside the app
 * (`next=/connect-accounts`). Honoured only as a path on this site: one leading '/', never '//' or '/\'
 * (both mean another host to a browser), and no whitespace or control characters (browsers drop tabs
 * and newlines inside addresses, so '/\t/evil.com' would become '//evil.com').
 */
export function safeNextPath(value: string | null): string | null {
  if (!value || !/^\/(?![/\\])/.test(value) || /[\s\p{Cc}]/u.test(value)) return null;
  return value;
}

function providerFrom(searchParams: URLSearchParams): SocialLoginProvider | null {
  if (searchParams.get('xConnected') === 'true') return 'twitter';
  if (searchParams.get('linkedInConnected') === 'true') return 'linkedin';
  return null;
}

/** docs/product.md, Sign-in · Network callback: where the API sends the browser back after X or LinkedIn sign-in. */
export function SocialCallbackPage() {
  const [searchParams] = useSearchParams();
  const provider = providerFrom(searchParams);
  const errorParam = searchParams.get('error')?.trim().slice(0, MAX_ERROR_LENGTH) || null;
  const next = safeNextPath(searchParams.get('next'));
  const { acceptToken } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // A query rather than a mutation: the exchange must run once even when React mounts the screen twice.
  const exchange = useQuery({
    queryKey: ['social-login', provider],
    queryFn: ({ signal }) => fetchSocialLoginToken(provider as SocialLoginProvider, signal),
    enabled: provider !== null && errorParam === null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  let failure: string | null = null;
  if (errorParam) failure = errorParam;
  else if (!provider) failure = 'Invalid social login callback';
  else if (exchange.isError) failure = exchange.error.message || 'Failed to process social login';

  const session = exchange.data;
  useEffect(() => {
    if (!session) return;
    acceptToken(session.token, session.refreshToken, session.user);
    // A network was just connected: every cached list of accounts is out of date.
    void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
    void navigate(next ?? '/dashboard', { replace: true });
  }, [session, acceptToken, queryClient, navigate, next]);

  // With `next` the person connected an account from inside the app and is still signed in: go back there.
  const returnTo = next ?? '/login';
  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => void navigate(returnTo, { replace: true }), CALLBACK_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [failure, navigate, returnTo]);

  if (!failure) return <PageStatus>{next ? 'Connecting your account...' : 'Signing you in...'}</PageStatus>;

  return (
    <AuthLayout title={next ? 'The account was not connected' : 'Sign-in did not complete'}>
      <div className="flex flex-col gap-4 text-center">
        <Alert variant="error">{failure}</Alert>
        <p className="text-sm text-slate-600">
          {next ? 'Taking you back…' : 'Taking you back to sign in…'}{' '}
          <Link to={returnTo} replace className={textLinkClass}>
            Go now
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
