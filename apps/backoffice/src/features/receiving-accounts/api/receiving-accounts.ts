import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import type { AdminAccount, PaymentAccountCreate } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

export const receivingAccountsQueryKey = ['receiving-accounts'] as const;

/**
 * The site's accounts (operators), or a cash agent's own and its sub-agents' (decision 0026): the
 * same screen, another endpoint. `ownerName` is set on agents' accounts.
 */
export type AccountsOf = 'site' | 'agent';
type ReceivingAccount = AdminAccount & { ownerId?: string; ownerName?: string };
const basePath = (of: AccountsOf) =>
  of === 'site' ? '/backoffice/receiving-accounts' : '/backoffice/agent-receiving-accounts';

export async function getReceivingAccounts(of: AccountsOf = 'site'): Promise<ReceivingAccount[]> {
  return (await apiRequest<ReceivingAccount[]>(basePath(of))).data;
}

export function useReceivingAccounts(of: AccountsOf = 'site') {
  return useQuery({ queryKey: [...receivingAccountsQueryKey, of], queryFn: () => getReceivingAccounts(of) });
}

/** The director (the site's) or a cash agent (its own); the same body as a player's account-details. */
export async function createReceivingAccount(
  body: PaymentAccountCreate,
  of: AccountsOf = 'site',
): Promise<{ account: AdminAccount; message: string }> {
  const { data, message } = await apiRequest<AdminAccount>(basePath(of), { method: 'POST', body });
  return { account: data, message };
}

export function useCreateReceivingAccount(of: AccountsOf = 'site') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentAccountCreate) => createReceivingAccount(body, of),
    // The form shows field problems beside the fields; other refusals still come as a toast from the form.
    meta: { quiet: true },
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: receivingAccountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
      toast.success(message || 'Receiving account added');
    },
  });
}

/** An inactive account is no longer offered to players in the deposit modals. */
export async function setReceivingAccountActive(
  id: string,
  active: boolean,
  of: AccountsOf = 'site',
): Promise<AdminAccount> {
  return (
    await apiRequest<AdminAccount>(`${basePath(of)}/${encodeURIComponent(id)}`, { method: 'PUT', body: { active } })
  ).data;
}

export function useSetReceivingAccountActive(of: AccountsOf = 'site') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setReceivingAccountActive(id, active, of),
    onSuccess: async (account) => {
      await writeAnswer<ReceivingAccount[]>(queryClient, [...receivingAccountsQueryKey, of], (list) =>
        list?.map((item) => (item._id === account._id ? { ...item, active: account.active } : item)),
      );
      toast.success(account.active ? 'Players see this account again' : 'Players no longer see this account');
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: receivingAccountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    },
  });
}
