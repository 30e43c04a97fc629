/** Browser storage keys of the session, named as the original app named them (`token`) and shared with older clients. */
const TOKEN_KEY = 'token';
const REFRESH_TOKEN_KEY = 'refreshToken';
const SESSION_ID_KEY = 'sessionId';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_TOKEN_KEY);
}

/** Stores a new token; a refresh token is replaced only when one is given (token links may carry none). */
export function storeTokens(token: string, refreshToken?: string | null): void {
  localStorage.setItem(TOKEN_KEY, token);
  if (refreshToken) localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
}

export function clearTokens(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  localStorage.removeItem(SESSION_ID_KEY);
}
