import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { routes } from '../app/router';
import { startSession } from '../lib/auth/session';

/** Renders the real route table at `path`, signed in when a token is given. */
export function renderApp(path: string, options: { token?: string } = {}) {
  if (options.token !== undefined) startSession(options.token);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
