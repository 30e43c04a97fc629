import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { Alert } from '../components/ui/alert';
import { PageStatus } from '../components/ui/spinner';
import { useAuth } from '../lib/auth';
import { WorkspaceProvider } from '../lib/workspace';
import { PersonTimeZoneScope } from './person-time-zone-scope';

/** Where a visitor was going when sent to /login; the sign-in screen returns there afterwards. */
export interface ReturnToState {
  from: string;
}

/** docs/product.md, Routes: protected routes show 'Loading...' while the session is checked and send visitors with no user to /login. */
export function ProtectedRoute() {
  const { status, sessionError, refreshUser } = useAuth();
  const location = useLocation();

  if (status === 'checking') return <PageStatus>Loading...</PageStatus>;

  if (status === 'anonymous') {
    if (sessionError) {
      return (
        <div className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-6">
          <Alert variant="error" title="We could not check your session">
            {sessionError.message}
          </Alert>
          <Button onClick={() => void refreshUser()}>Try again</Button>
        </div>
      );
    }
    const state: ReturnToState = { from: location.pathname + location.search + location.hash };
    return <Navigate to="/login" replace state={state} />;
  }

  return (
    <WorkspaceProvider>
      <PersonTimeZoneScope>
        <Outlet />
      </PersonTimeZoneScope>
    </WorkspaceProvider>
  );
}
