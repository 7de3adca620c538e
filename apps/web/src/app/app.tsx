import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider, createQueryClient } from './provider';
import { routes } from './router';
import { useLocale } from '../lib/i18n/i18n';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes));
  // A language switch draws every screen anew in the new language (ADR 0030); data and session stay.
  const locale = useLocale();
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider key={locale} router={router} />
    </AppProvider>
  );
}
