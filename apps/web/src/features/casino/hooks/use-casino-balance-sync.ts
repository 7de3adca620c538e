import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sessionStore, updateUser } from '../../../lib/auth/session';
import { CASINO_BETS_KEY } from '../api/get-casino-bets';
import { readBalanceMessage, withAvailableBalance } from '../utils/balance-message';

/** How long after the last balance message the profile and the history are reloaded from the server. */
export const BALANCE_CONFIRM_DELAY_MS = 1500;

function confirmFromServer(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['userData'] });
  void queryClient.invalidateQueries({ queryKey: [CASINO_BETS_KEY] });
}

/**
 * Keeps the header balance in step with an open game. Each `khel:casino-balance` message from our own
 * origin moves the header at once; when the messages stop for a moment the profile is reloaded (the
 * server's figure wins, and exposure from sports bets is fresh too) and the casino history with it. The
 * same reload happens when the game closes.
 */
export function useCasinoBalanceSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onMessage = (event: MessageEvent) => {
      const available = readBalanceMessage(event, window.location.origin);
      if (available === null) return;
      const user = sessionStore.get().user;
      if (user) updateUser(withAvailableBalance(user, available));
      clearTimeout(timer);
      timer = setTimeout(() => confirmFromServer(queryClient), BALANCE_CONFIRM_DELAY_MS);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      confirmFromServer(queryClient);
    };
  }, [queryClient]);
}
