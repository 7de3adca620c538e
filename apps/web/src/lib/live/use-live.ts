import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { balanceChangeText, type BalanceChange, type WsServerMessage } from '@khel/contract';
import { notify } from '../toast';
import { applyProfileChange, useSession } from '../auth/session';
import { useStore } from '@khel/web-kit';
import { useOnline } from '../pwa/use-online';
import { liveClient, type LiveStatus, type LiveTopics } from './live-client';

export function useLiveStatus(): LiveStatus {
  return useStore(liveClient.status);
}

/**
 * Whether what the page shows may be out of date (issue 31): `offline` while the browser has no network,
 * `reconnecting` while the live socket is down, null when prices are live (or a visitor has no socket).
 * The page stays; a bar says so and prices grey out.
 */
export type ConnectionTrouble = 'offline' | 'reconnecting' | null;

export function useConnectionTrouble(): ConnectionTrouble {
  const online = useOnline();
  const status = useLiveStatus();
  if (!online) return 'offline';
  return status === 'reconnecting' ? 'reconnecting' : null;
}

/** Calls the listener for every message while mounted (the latest listener, without resubscribing). */
export function useLiveMessages(listener: (message: WsServerMessage) => void): void {
  useEffect(() => liveClient.onMessage(listener), [listener]);
}

/** Subscribes to markets and events while mounted; the key keeps the effect stable across renders. */
export function useLiveTopics(topics: LiveTopics): void {
  const marketKey = [...(topics.marketIds ?? [])].sort().join(',');
  const eventKey = [...(topics.eventIds ?? [])].sort().join(',');
  useEffect(() => {
    const marketIds = marketKey === '' ? [] : marketKey.split(',');
    const eventIds = eventKey === '' ? [] : eventKey.split(',');
    if (marketIds.length === 0 && eventIds.length === 0) return undefined;
    return liveClient.subscribe({ marketIds, eventIds });
  }, [marketKey, eventKey]);
}

/** The toast for a pushed money change ("Deposit of ₹1,000.00 approved"); quiet kinds show none. */
function announce(change: BalanceChange): void {
  const text = balanceChangeText(change);
  if (text === null) return;
  notify(
    change.amountPaise < 0 || change.kind.endsWith('_rejected') || change.kind === 'withdrawal_release'
      ? 'warning'
      : 'success',
    text,
  );
}

/**
 * The signed-in player's side of the socket, mounted once in the header: connects with the session's
 * token, moves the header balance and exposure on every `balance` message (with a toast saying what
 * moved the money), refreshes My Bets on every
 * `bet`, and once signed in (first connect or reconnect) reloads what the socket may have missed.
 */
export function useLiveAccount(): void {
  const { token, rejected, user } = useSession();
  const queryClient = useQueryClient();
  const loggedIn = user !== null;
  const usable = loggedIn && !rejected ? token : null;

  useEffect(() => {
    liveClient.setToken(usable);
  }, [usable]);

  useEffect(() => {
    const offMessage = liveClient.onMessage((message) => {
      if (message.type === 'balance') {
        applyProfileChange({
          balance: message.balance,
          exposure: message.exposure,
          bonus: message.bonus,
          bonusExposure: message.bonusExposure,
        });
        for (const change of message.changes ?? []) announce(change);
      } else if (message.type === 'bet') {
        void queryClient.invalidateQueries({ queryKey: ['my-bets'] });
      } else if (message.type === 'authenticated') {
        // The player's own messages follow from here on, with no snapshot of what came before: a settlement,
        // a fill of a resting offer or an approved deposit between the page's first reads (or the socket's
        // loss) and now would never be pushed. So the balance, the bets and the positions are read again,
        // on the first connect and after every reconnect.
        for (const key of ['userData', 'my-bets', 'event-positions'])
          void queryClient.invalidateQueries({ queryKey: [key] });
      }
    });
    // Back from a blip (issue 31): the socket's resubscription brings every market's full state; the event
    // and its new markets, and the lists, are read afresh (the player's own figures on `authenticated`).
    const offReconnect = liveClient.onReconnect(() => {
      for (const key of ['event', 'events']) void queryClient.invalidateQueries({ queryKey: [key] });
    });
    return () => {
      offMessage();
      offReconnect();
    };
  }, [queryClient]);
}
