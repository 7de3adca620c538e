import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WsServerMessage } from '@khel/contract';
import { currentToken } from '../../../lib/auth/session';
import { reportKeys } from './keys';

/** A market's figures are read again at most this often, however fast its bets come. */
export const RISK_REFRESH_AT_MOST_EVERY_MS = 1_000;
const RECONNECT_MS = 3_000;

const socketUrl = () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;

/**
 * The risk view live (decision 0064): one socket to /ws, signed in with the session's token, following
 * the risk of the markets shown. A `risk` message says a market's bets changed; the view then reads its
 * figures again over HTTP, in its own scope (the exposure list, and the market's fancy book), and every
 * market's once after each (re)subscription, for what changed before the socket was following it.
 */
export function useRiskLive(marketIds: readonly string[]) {
  const client = useQueryClient();
  const key = [...marketIds].sort().join(',');
  useEffect(() => {
    const token = currentToken();
    if (token === null || key === '' || typeof WebSocket === 'undefined') return undefined;
    let socket: WebSocket | null = null;
    let stopped = false;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    // Markets whose figures changed, read again together at most once a second.
    const pending = new Set<string>();
    let flush: ReturnType<typeof setTimeout> | undefined;
    const refresh = (ids: readonly string[]) => {
      for (const id of ids) pending.add(id);
      if (flush !== undefined) return;
      flush = setTimeout(() => {
        flush = undefined;
        void client.invalidateQueries({ queryKey: reportKeys.exposure });
        for (const id of pending) void client.invalidateQueries({ queryKey: reportKeys.fancyBook(id) });
        pending.clear();
      }, RISK_REFRESH_AT_MOST_EVERY_MS);
    };
    const open = () => {
      socket = new WebSocket(`${socketUrl()}?token=${encodeURIComponent(token)}`);
      socket.onmessage = (event: MessageEvent<string>) => {
        const message = JSON.parse(event.data) as WsServerMessage;
        if (message.type === 'authenticated') {
          socket?.send(JSON.stringify({ type: 'subscribe', riskMarketIds: key.split(',') }));
          // A bet that came between the figures' first read (or the socket's loss) and this subscription
          // sent no message to this page: read every market once more after the subscription is in.
          refresh(key.split(','));
        } else if (message.type === 'risk') refresh([message.marketId]);
      };
      socket.onclose = () => {
        if (!stopped) reconnect = setTimeout(open, RECONNECT_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(reconnect);
      clearTimeout(flush);
      socket?.close();
    };
  }, [client, key]);
}
