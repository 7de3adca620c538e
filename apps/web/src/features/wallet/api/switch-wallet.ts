import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type Profile, type WalletId } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { applyProfileChange } from '../../../lib/auth/session';

/** PUT /api/v1/wallet { selectedWallet }: which wallet the player bets and plays from. */
export async function switchWallet(selectedWallet: WalletId) {
  const envelope = await apiRequest<Profile | null>('/wallet', {
    method: 'PUT',
    body: { selectedWallet },
    successToast: MESSAGES.walletChanged,
  });
  if (envelope.meta.code === 200) {
    // Spec §4: on success update the local wallet. Use the server's profile when it sends one.
    const { profileSchema } = await import('@khel/contract/identity');
    // As a change a profile read in flight may predate: such a read keeps this wallet (session.ts).
    const fresh = profileSchema.safeParse(envelope.data);
    applyProfileChange(fresh.success ? fresh.data : { wallet: selectedWallet });
  }
  return envelope;
}

export function useSwitchWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchWallet,
    onSuccess: (envelope) => {
      if (envelope.meta.code === 200) void queryClient.invalidateQueries({ queryKey: ['userData'] });
    },
  });
}
