import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { errorMessage, shouldRetry } from '../lib/api-client';
import { useApplyBranding } from '../lib/app-settings';
import { subscribeToken, currentToken } from '../lib/auth/session';
import { toast } from '../lib/toast';
import { StepUpDialog } from '../components/ui/step-up-dialog';
import { Toaster } from '../components/ui/toaster';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The screen shows this mutation's errors itself; no toast. */
      quiet?: boolean;
    };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 15_000 },
      mutations: { retry: false },
    },
    // Every failed write says why, in the server's words, unless the screen shows it beside a field.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.quiet !== true) toast.error(errorMessage(error));
      },
    }),
  });
}

function BrandingEffect() {
  useApplyBranding();
  return null;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  // One operator's data must never show to the next one who logs in on this screen.
  useEffect(
    () =>
      subscribeToken(() => {
        if (currentToken() === null)
          client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'app-settings' });
      }),
    [client],
  );

  return (
    <QueryClientProvider client={client}>
      <BrandingEffect />
      {children}
      <StepUpDialog />
      <Toaster />
    </QueryClientProvider>
  );
}
