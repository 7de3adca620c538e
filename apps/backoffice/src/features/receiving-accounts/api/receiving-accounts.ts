import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAccount, PaymentAccountCreate } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

export const receivingAccountsQueryKey = ['receiving-accounts'] as const;

export async function getReceivingAccounts(): Promise<AdminAccount[]> {
  return (await apiRequest<AdminAccount[]>('/backoffice/receiving-accounts')).data;
}

export function useReceivingAccounts() {
  return useQuery({ queryKey: receivingAccountsQueryKey, queryFn: getReceivingAccounts });
}

/** Director only; the same body as a player's account-details. */
export async function createReceivingAccount(body: PaymentAccountCreate): Promise<{ account: AdminAccount; message: string }> {
  const { data, message } = await apiRequest<AdminAccount>('/backoffice/receiving-accounts', { method: 'POST', body });
  return { account: data, message };
}

export function useCreateReceivingAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReceivingAccount,
    // The form shows field problems beside the fields; other refusals still come as a toast from the form.
    meta: { quiet: true },
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: receivingAccountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
      toast.success(message || 'Receiving account added');
    },
  });
}

/** Director only: an inactive account is no longer offered to players in the deposit modals. */
export async function setReceivingAccountActive(id: string, active: boolean): Promise<AdminAccount> {
  return (await apiRequest<AdminAccount>(`/backoffice/receiving-accounts/${encodeURIComponent(id)}`, { method: 'PUT', body: { active } })).data;
}

export function useSetReceivingAccountActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setReceivingAccountActive(id, active),
    onSuccess: (account) => {
      queryClient.setQueryData<AdminAccount[]>(receivingAccountsQueryKey, (list) => list?.map((item) => (item._id === account._id ? { ...item, active: account.active } : item)));
      toast.success(account.active ? 'Players see this account again' : 'Players no longer see this account');
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: receivingAccountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    },
  });
}
