import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import type { AccountFigures, AccountMoney, ChipsMove, CreditMove, CreditSettlement } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

export const accountMoneyKey = (userId: string) => ['account-money', userId] as const;

/** An account's figures over its subtree, its own book and its direct downline's figures. */
export async function getAccountMoney(userId: string): Promise<AccountMoney> {
  return (
    await apiRequest<AccountMoney>(`/backoffice/users/${encodeURIComponent(userId)}/money`, {
      query: { pageSize: 200 },
    })
  ).data;
}

export function useAccountMoney(userId: string) {
  return useQuery({
    queryKey: accountMoneyKey(userId),
    queryFn: () => getAccountMoney(userId),
    refetchInterval: 10_000,
  });
}

const FIGURES_REFRESH_MS = 10_000;

/**
 * Just the account's own figures (its subtree summed), for a downline list row: the query the row's
 * cells show and the list's CSV reads (the same answer while it is fresh, so the file holds what the
 * table shows).
 */
export function accountFiguresQuery(userId: string) {
  return {
    queryKey: ['account-money', userId, 'figures'] as const,
    queryFn: async (): Promise<AccountFigures> =>
      (
        await apiRequest<AccountMoney>(`/backoffice/users/${encodeURIComponent(userId)}/money`, {
          query: { pageSize: 1 },
        })
      ).data.account,
    staleTime: FIGURES_REFRESH_MS,
  };
}

/** A downline row's figures, refreshed like the panel. */
export function useAccountFigures(userId: string) {
  return useQuery({ ...accountFiguresQuery(userId), refetchInterval: FIGURES_REFRESH_MS });
}

/** An upline's own book and figures, for a move's confirmation step (what it will hold after). */
export function useUplineMoney(uplineId: string | null) {
  return useQuery({
    queryKey: ['account-money', uplineId, 'own'],
    queryFn: async (): Promise<AccountMoney> =>
      (
        await apiRequest<AccountMoney>(`/backoffice/users/${encodeURIComponent(uplineId as string)}/money`, {
          query: { pageSize: 1 },
        })
      ).data,
    enabled: uplineId !== null,
  });
}

export type MoneyAction =
  | { kind: 'chips'; body: ChipsMove }
  | { kind: 'credit'; body: CreditMove }
  | { kind: 'settlement'; body: CreditSettlement };

/**
 * Gives or takes chips or credit, or records a settlement, with the submission's Idempotency-Key (a
 * repeat with the same key replays the first answer and moves nothing again); the answer is the
 * account's new figures.
 */
export async function moveMoney(
  userId: string,
  action: MoneyAction,
  idempotencyKey: string,
): Promise<{ data: AccountMoney; message: string }> {
  const path = `/backoffice/users/${encodeURIComponent(userId)}/${action.kind}`;
  const { data, message } = await apiRequest<AccountMoney>(path, {
    method: 'POST',
    body: action.body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return { data, message };
}

export function useMoveMoney(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, idempotencyKey }: { action: MoneyAction; idempotencyKey: string }) =>
      moveMoney(userId, action, idempotencyKey),
    onSuccess: async ({ data, message }) => {
      await writeAnswer(queryClient, accountMoneyKey(userId), data);
      toast.success(message);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['account-money'] });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    },
  });
}
