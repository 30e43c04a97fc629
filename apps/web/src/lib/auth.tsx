import type { RouteBody, SessionResponse, User, authRoutes } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { apiCall, isApiError, type ApiError } from './api-client';
import { clearTokens, getToken, storeTokens } from './auth-tokens';
import { forgetWorkspaceId } from './workspace-storage';

export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';
export type RegisterInput = RouteBody<typeof authRoutes.register>;

export interface AuthContextValue {
  user: User | null;
  status: SessionStatus;
  /**
   * Set when a stored token could not be checked because the server was unreachable or failed; the
   * token is kept (it may well be valid) and protected screens offer a retry instead of signing out.
   */
  sessionError: ApiError | Error | null;
  login(email: string, password: string): Promise<User>;
  register(input: RegisterInput): Promise<User>;
  logout(): Promise<void>;
  /** Starts a session from a token handed over by a link or a network sign-in; without `user` the profile is fetched. */
  acceptToken(token: string, refreshToken?: string | null, user?: User): void;
  refreshUser(): Promise<void>;
}

export const sessionQueryKey = ['session', 'user'] as const;

/** docs/product.md, Sign-in · Session: a server error on the session check is retried twice, after 0.5 s then 1 s. */
const SESSION_CHECK_RETRIES = 2;
const SESSION_CHECK_RETRY_MS = 500;

const AuthContext = createContext<AuthContextValue | null>(null);

/** docs/product.md, Sign-in · Session: a stored token is checked by fetching the profile. Must sit inside the router. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [hasToken, setHasToken] = useState(() => getToken() !== null);

  const session = useQuery({
    queryKey: sessionQueryKey,
    enabled: hasToken,
    queryFn: async ({ signal }): Promise<User | null> => {
      try {
        const { user } = await apiCall(api.auth.profile, { signal, redirectOnAuthFailure: false });
        return user;
      } catch (error) {
        // The client has already tried the refresh token; a 401 now means the stored pair is dead.
        if (isApiError(error) && error.status === 401) {
          clearTokens();
          return null;
        }
        throw error;
      }
    },
    staleTime: Infinity,
    // A server that is busy or failing for a moment (503 with Retry-After under load, decision 007)
    // is asked again before the person sees 'We could not check your session'. An unreachable
    // server or a timeout is shown at once: waiting longer would only leave them on 'Loading...'.
    retry: (failures, error) => failures < SESSION_CHECK_RETRIES && isApiError(error) && error.status >= 500,
    retryDelay: (failures) => SESSION_CHECK_RETRY_MS * 2 ** failures,
    refetchOnWindowFocus: false,
  });

  const user = hasToken ? (session.data ?? null) : null;
  let status: SessionStatus;
  if (!hasToken) status = 'anonymous';
  else if (session.isPending) status = 'checking';
  else status = user ? 'authenticated' : 'anonymous';
  const sessionError = hasToken && !user ? session.error : null;

  const startSession = useCallback(
    (answer: SessionResponse) => {
      storeTokens(answer.token, answer.refreshToken);
      queryClient.setQueryData(sessionQueryKey, answer.user);
      setHasToken(true);
    },
    [queryClient],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const answer = await apiCall(api.auth.login, { body: { email, password } });
      startSession(answer);
      return answer.user;
    },
    [startSession],
  );

  const register = useCallback(
    async (input: RegisterInput) => {
      const answer = await apiCall(api.auth.register, { body: input });
      startSession(answer);
      return answer.user;
    },
    [startSession],
  );

  const acceptToken = useCallback(
    (token: string, refreshToken?: string | null, knownUser?: User) => {
      storeTokens(token, refreshToken);
      if (knownUser) {
        queryClient.setQueryData(sessionQueryKey, knownUser);
      } else {
        // Forget whoever was signed in before and check the new token; a reset (unlike a removal)
        // also makes the mounted session observer fetch again at once.
        void queryClient.resetQueries({ queryKey: sessionQueryKey });
      }
      setHasToken(true);
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await apiCall(api.auth.logout, { redirectOnAuthFailure: false });
    } catch {
      // Signing out locally must work even when the server cannot be told.
    }
    clearTokens();
    forgetWorkspaceId();
    setHasToken(false);
    await navigate('/login', { replace: true });
    // Nothing of this user's data may survive into the next session.
    queryClient.clear();
  }, [navigate, queryClient]);

  const refreshUser = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: sessionQueryKey });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, status, sessionError, login, register, logout, acceptToken, refreshUser }),
    [user, status, sessionError, login, register, logout, acceptToken, refreshUser],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
