/**
 * Where a visitor was going when a protected page sent them to sign in (app/protected-route.tsx), kept
 * through sign-in and registration. Only paths inside the app: `//evil.example` would leave it.
 */
export function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
