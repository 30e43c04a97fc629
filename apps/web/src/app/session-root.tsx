import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageStatus } from '../components/ui/spinner';
import { ToastProvider } from '../components/ui/toast';
import { AuthProvider } from '../lib/auth';

/**
 * The root of every route: the session (it needs the router for its redirects), the app's messages (they outlive a
 * navigation, e.g. from the composer to the feed) and the page-loading fallback.
 */
export function SessionRoot() {
  return (
    <ToastProvider>
      <AuthProvider>
        <Suspense fallback={<PageStatus>Loading...</PageStatus>}>
          <Outlet />
        </Suspense>
      </AuthProvider>
    </ToastProvider>
  );
}
