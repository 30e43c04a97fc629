import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { PageStatus } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { fetchSocialLoginToken, type SocialLoginProvider } from '../api/social-login';
import { AuthLayout, textLinkClass } from '../components/auth-layout';

/** Spec §9: after a failed network sign-in the screen returns to /login after 3 seconds. */
export const CALLBACK_REDIRECT_DELAY_MS = 3000;
/** The `error` query parameter is shown as text; keep a crafted link from filling the screen. */
const MAX_ERROR_LENGTH = 200;

function providerFrom(searchParams: URLSearchParams): SocialLoginProvider | null {
  if (searchParams.get('xConnected') === 'true') return 'twitter';
  if (searchParams.get('linkedInConnected') === 'true') return 'linkedin';
  return null;
}

/** Spec §2 "Social login callback": where the API sends the browser back after X or LinkedIn sign-in. */
export function SocialCallbackPage() {
  const [searchParams] = useSearchParams();
  const provider = providerFrom(searchParams);
  const errorParam = searchParams.get('error')?.trim().slice(0, MAX_ERROR_LENGTH) || null;
  const { acceptToken } = useAuth();
  const navigate = useNavigate();

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
    void navigate('/dashboard', { replace: true });
  }, [session, acceptToken, navigate]);

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), CALLBACK_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [failure, navigate]);

  if (!failure) return <PageStatus>Signing you in...</PageStatus>;

  return (
    <AuthLayout title="Sign-in did not complete">
      <div className="flex flex-col gap-4 text-center">
        <Alert variant="error">{failure}</Alert>
        <p className="text-sm text-slate-600">
          Taking you back to sign in…{' '}
          <Link to="/login" replace className={textLinkClass}>
            Go now
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
