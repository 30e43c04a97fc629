import type { SessionResponse } from '@postflow/contract';
import { api, callbackErrorMessage } from '@postflow/contract/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { PageStatus } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { apiCall } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-tokens';
import { useAuth } from '../../../lib/auth';
import { formatTime } from '../../../lib/date-time';
import { platformName } from '../../../lib/platform-names';
import { displayName } from '../../../lib/user-display';
import { accountsQueryKey } from '../../../lib/query-keys';
import { fetchSocialLoginToken, type SocialLoginProvider } from '../api/social-login';
import { AuthLayout, textLinkClass } from '../components/auth-layout';

/** docs/product.md, Sign-in · Network callback: after a failed network sign-in the screen returns to /login (or to `next`) after 3 seconds. */
export const CALLBACK_REDIRECT_DELAY_MS = 3000;

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

/** Signs a session out on the server; it expires on its own within the hour if that fails. */
async function endSession(token: string | null): Promise<void> {
  if (!token) return;
  try {
    await apiCall(api.auth.logout, { bearer: token });
  } catch {
    // Nothing more to do: the browser no longer holds it.
  }
}

function providerFrom(searchParams: URLSearchParams): SocialLoginProvider | null {
  if (searchParams.get('xConnected') === 'true') return 'twitter';
  if (searchParams.get('linkedInConnected') === 'true') return 'linkedin';
  return null;
}

/**
 * docs/product.md, Sign-in · Network callback: where the API sends the browser back after X or LinkedIn sign-in.
 * A failure arrives as a code and is worded from our catalogue: no text from the address is shown.
 */
export function SocialCallbackPage() {
  const [searchParams] = useSearchParams();
  const provider = providerFrom(searchParams);
  const errorCode = searchParams.get('error');
  const next = safeNextPath(searchParams.get('next'));
  const { acceptToken, user: current, status } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [declined, setDeclined] = useState(false);
  const [switching, setSwitching] = useState(false);

  // A query rather than a mutation: the exchange must run once even when React mounts the screen twice.
  const exchange = useQuery({
    queryKey: ['social-login', provider],
    queryFn: ({ signal }) => fetchSocialLoginToken(provider as SocialLoginProvider, signal),
    enabled: provider !== null && errorCode === null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  let failure: string | null = null;
  if (errorCode !== null) failure = callbackErrorMessage(errorCode, searchParams.get('network'), searchParams.get('retry'));
  else if (!provider) failure = 'Invalid social login callback';
  else if (exchange.isError) failure = exchange.error.message || 'Failed to process social login';

  const session = exchange.data;
  // Someone else is signed in here: ask before switching (a link must not swap the person's account).
  // Wait for the stored session's check, or a page opened fresh would switch without asking.
  const otherPerson = session && current && current.id !== session.user.id ? current : null;
  const ready = session !== undefined && status !== 'checking';

  const finish = useCallback(
    (answer: SessionResponse) => {
      acceptToken(answer.token, answer.refreshToken, answer.user);
      // A network was just connected: every cached list of accounts is out of date.
      void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
      void navigate(next ?? '/dashboard', { replace: true });
      // Connected from inside the app: say so on the screen it returns to (a sign-in needs no message).
      if (next && provider) {
        toast({
          variant: 'success',
          title: `${platformName(provider)} connected`,
          message: `Connected at ${formatTime(new Date())}. You can post to it now.`,
        });
      }
    },
    [acceptToken, queryClient, navigate, next, provider, toast],
  );

  useEffect(() => {
    if (ready && session && !otherPerson && !declined) finish(session);
  }, [ready, session, otherPerson, declined, finish]);

  async function keepCurrent(answer: SessionResponse) {
    setDeclined(true);
    setSwitching(true);
    // End the session the sign-in opened, which nobody will use.
    await endSession(answer.token);
    void navigate(next ?? '/dashboard', { replace: true });
  }

  // With `next` the person connected an account from inside the app and is still signed in: go back there.
  const returnTo = next ?? '/login';
  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => void navigate(returnTo, { replace: true }), CALLBACK_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [failure, navigate, returnTo]);

  if (ready && session && otherPerson && !declined) {
    const currentName = displayName(otherPerson);
    const newName = displayName(session.user);
    return (
      <AuthLayout title="Switch accounts?">
        <ConfirmDialog
          open
          title="Switch accounts?"
          message={`You are signed in as ${currentName}. Switch to ${newName}?`}
          confirmLabel={`Switch to ${newName}`}
          cancelLabel={`Stay signed in as ${currentName}`}
          busy={switching}
          onConfirm={() => {
            void endSession(getToken());
            finish(session);
          }}
          onCancel={() => void keepCurrent(session)}
        />
      </AuthLayout>
    );
  }

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
