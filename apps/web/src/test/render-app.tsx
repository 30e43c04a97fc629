import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';

type InitialEntry = string | { pathname: string; search?: string; state?: unknown };

/** Renders the whole app, with its real routes, at `path`; fetch must be mocked first (see mockApi). */
export function renderApp(path: InitialEntry, options: { userEvent?: Parameters<typeof userEvent.setup>[0] } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup(options.userEvent);
  const view = render(
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, router, queryClient, pathname: () => router.state.location.pathname };
}
