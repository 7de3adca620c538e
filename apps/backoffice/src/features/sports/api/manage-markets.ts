import { useMutation } from '@tanstack/react-query';
import type {
  Market,
  bookmakerRatesSchema,
  fancyLineUpdateSchema,
  marketCreateSchema,
  marketUpdateSchema,
} from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRefreshSports } from './keys';

export type MarketCreate = ReturnType<typeof marketCreateSchema.parse>;
export type MarketUpdate = ReturnType<typeof marketUpdateSchema.parse>;
export type BookmakerRates = ReturnType<typeof bookmakerRatesSchema.parse>;
export type FancyLineUpdate = ReturnType<typeof fancyLineUpdateSchema.parse>;
export interface SettleBody {
  winnerId?: string;
  runs?: number;
}
/** A correction always carries its reason (issue 9). */
export interface CorrectBody extends SettleBody {
  reason: string;
}

export interface MarketAnswer {
  market: Market;
  message: string;
}

const marketPath = (id: string, action = '') => `/backoffice/markets/${encodeURIComponent(id)}${action}`;

async function send(method: 'POST' | 'PUT', path: string, body: unknown): Promise<MarketAnswer> {
  const { data, message } = await apiRequest<Market>(path, { method, body });
  return { market: data, message };
}

/** Suspend, resume, close, turn in play, bet delay and limits. */
export const updateMarket = (id: string, body: MarketUpdate) => send('PUT', marketPath(id), body);
export const setBookmakerRates = (id: string, body: BookmakerRates) =>
  send('PUT', marketPath(id, '/bookmaker-rates'), body);
export const setFancyLine = (id: string, body: FancyLineUpdate) => send('PUT', marketPath(id, '/fancy-line'), body);
export const settleMarket = (id: string, body: SettleBody) => send('POST', marketPath(id, '/settle'), body);
export const voidMarket = (id: string, reason: string) => send('POST', marketPath(id, '/void'), { reason });
export const correctMarket = (id: string, body: CorrectBody) => send('POST', marketPath(id, '/correct'), body);

export function useCreateMarket() {
  const refresh = useRefreshSports();
  return useMutation({
    mutationFn: async (body: MarketCreate) => {
      const { data, message } = await apiRequest<{ _id: string }>('/backoffice/markets', { method: 'POST', body });
      return { id: data._id, message };
    },
    meta: { quiet: true },
    onSuccess: ({ message }) => toast.success(message || 'Market added'),
    onSettled: () => refresh(),
  });
}

/** `success` words the toast for the change made (the server's message wins when it has one). */
export function useUpdateMarket() {
  const refresh = useRefreshSports();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MarketUpdate; success?: string }) => updateMarket(id, body),
    onSuccess: ({ message }, { success }) => toast.success(success ?? (message || 'Market saved')),
    onSettled: () => refresh(),
  });
}

export function useSetBookmakerRates() {
  const refresh = useRefreshSports();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BookmakerRates }) => setBookmakerRates(id, body),
    onSuccess: ({ message }) => toast.success(message || 'Rates published'),
    onSettled: () => refresh(),
  });
}

export function useSetFancyLine() {
  const refresh = useRefreshSports();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FancyLineUpdate }) => setFancyLine(id, body),
    onSuccess: ({ message }) => toast.success(message || 'Line published'),
    onSettled: () => refresh(),
  });
}

export function useSettleMarket() {
  const refresh = useRefreshSports();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SettleBody }) => settleMarket(id, body),
    onSuccess: ({ message }) => toast.success(message || 'Market settled'),
    onSettled: () => refresh({ money: true }),
  });
}

export function useCorrectMarket() {
  const refresh = useRefreshSports();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CorrectBody }) => correctMarket(id, body),
    onSuccess: ({ message }) => toast.success(message || 'Correction requested: a second operator must confirm'),
    onSettled: () => refresh({ money: true }),
  });
}

export function useVoidMarket() {
  const refresh = useRefreshSports();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => voidMarket(id, reason),
    onSuccess: ({ message }) => toast.success(message || 'Market voided, every stake returned'),
    onSettled: () => refresh({ money: true }),
  });
}

/**
 * Suspend every open market of an event at once (something happened on the field). Each market is its
 * own call; the toast says how many were suspended and the first refusal, if any.
 */
export function useSuspendAll() {
  const refresh = useRefreshSports();
  return useMutation({
    mutationFn: async (markets: readonly { _id: string; name: string }[]) => {
      const results = await Promise.allSettled(
        markets.map((market) => updateMarket(market._id, { status: 'suspended' })),
      );
      const failed = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
      return {
        suspended: results.length - failed.length,
        failed: failed.length,
        firstError: failed[0]?.reason as unknown,
      };
    },
    onSuccess: ({ suspended, failed, firstError }) => {
      if (suspended > 0) toast.success(`${suspended} ${suspended === 1 ? 'market' : 'markets'} suspended`);
      if (failed > 0)
        toast.error(
          `${failed} could not be suspended: ${firstError instanceof Error ? firstError.message : 'please try again'}`,
        );
    },
    onSettled: () => refresh(),
  });
}
