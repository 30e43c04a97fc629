import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageStatus } from '../components/ui/spinner';
import { AuthProvider } from '../lib/auth';

/** The root of every route: the session (it needs the router for its redirects) and the page-loading fallback. */
export function SessionRoot() {
  return (
    <AuthProvider>
      <Suspense fallback={<PageStatus>Loading...</PageStatus>}>
        <Outlet />
      </Suspense>
    </AuthProvider>
  );
}
