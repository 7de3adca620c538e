import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Profile } from '@khel/contract';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { loadSession } from '../lib/auth/session';
import { STORAGE_KEYS } from '../lib/storage';
import { testQueryClient } from './reset-page';

/** Makes matchMedia answer as a desktop (true) or phone (false) screen. */
export function setViewport(desktop: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop && query.includes('min-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    onchange: null,
    dispatchEvent: () => false,
  }));
}

export function signIn(user: Profile | null, token = 'token-1'): void {
  window.localStorage.setItem(STORAGE_KEYS.token, token);
  if (user) window.localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
}

/** Renders the whole app (routes, guards, layout) at a path, as a fresh page load would. */
export function renderApp(path: string) {
  loadSession();
  const queryClient = testQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient, location: () => router.state.location };
}
