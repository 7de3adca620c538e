import { useMutation, useQuery } from '@tanstack/react-query';
import type { casinoProviderCreateSchema, casinoProviderUpdateSchema } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { casinoQueryKeys, useRefreshCasino } from './keys';
import type { DeskProvider } from './keys';

export type ProviderCreate = ReturnType<typeof casinoProviderCreateSchema.parse>;
export type ProviderUpdate = ReturnType<typeof casinoProviderUpdateSchema.parse>;

/**
 * A saved provider and, only right after it was added or its secret rotated, the whole signing secret.
 * The screen keeps the secret in component state for the one reveal; it never enters the query cache.
 */
export interface ProviderSaved {
  provider: DeskProvider;
  secret: string | null;
  message: string;
}

export async function getCasinoProviders(): Promise<DeskProvider[]> {
  return (await apiRequest<DeskProvider[]>('/backoffice/casino/providers')).data;
}

export function useCasinoProviders() {
  return useQuery({ queryKey: casinoQueryKeys.providers, queryFn: getCasinoProviders });
}

async function save(method: 'POST' | 'PUT', path: string, body: unknown): Promise<ProviderSaved> {
  const { data, message } = await apiRequest<{ provider: DeskProvider; secret: string | null }>(path, { method, body });
  return { provider: data.provider, secret: data.secret, message };
}

export function useCreateProvider() {
  const refresh = useRefreshCasino();
  return useMutation({
    mutationFn: (body: ProviderCreate) => save('POST', '/backoffice/casino/providers', body),
    // The form shows field problems beside the fields, and other refusals itself.
    meta: { quiet: true },
    // Removed from the mutation cache as soon as the screen lets go of it: the answer carries the secret.
    gcTime: 0,
    onSettled: refresh,
  });
}

/** Name, launch URL, active, or `rotateSecret: true` (answers the new secret once). */
export function useUpdateProvider(options: { quiet?: boolean } = {}) {
  const refresh = useRefreshCasino();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: ProviderUpdate }) =>
      save('PUT', `/backoffice/casino/providers/${encodeURIComponent(code)}`, body),
    meta: { quiet: options.quiet === true },
    gcTime: 0,
    onSettled: refresh,
  });
}
