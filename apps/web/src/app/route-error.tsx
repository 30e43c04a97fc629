import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { Alert } from '../components/ui/alert';

/** Shown instead of a screen that failed to render or to load (e.g. a page file gone after a new release). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-6">
      <Alert variant="error" title="Something went wrong">
        {detail ?? 'This page could not be shown.'}
      </Alert>
      <div className="flex gap-2">
        <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to="/dashboard" className={buttonClasses({ variant: 'secondary' })}>
          Go to Dashboard
        </Link>
      </div>
    </main>
  );
}
