import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { routes } from './router';

export function App() {
  const [router] = useState(() =>
    createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') }),
  );
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
