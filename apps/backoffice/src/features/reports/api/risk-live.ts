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
 * figures again over HTTP, in its own scope (the exposure list, and the market's fancy book).
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
    const waiting = new Map<string, ReturnType<typeof setTimeout>>();
    const refresh = (marketId: string) => {
      if (waiting.has(marketId)) return;
      waiting.set(
        marketId,
        setTimeout(() => {
          waiting.delete(marketId);
          void client.invalidateQueries({ queryKey: reportKeys.exposure });
          void client.invalidateQueries({ queryKey: reportKeys.fancyBook(marketId) });
        }, RISK_REFRESH_AT_MOST_EVERY_MS),
      );
    };
    const open = () => {
      socket = new WebSocket(`${socketUrl()}?token=${encodeURIComponent(token)}`);
      socket.onmessage = (event: MessageEvent<string>) => {
        const message = JSON.parse(event.data) as WsServerMessage;
        if (message.type === 'authenticated')
          socket?.send(JSON.stringify({ type: 'subscribe', riskMarketIds: key.split(',') }));
        else if (message.type === 'risk') refresh(message.marketId);
      };
      socket.onclose = () => {
        if (!stopped) reconnect = setTimeout(open, RECONNECT_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(reconnect);
      for (const timer of waiting.values()) clearTimeout(timer);
      socket?.close();
    };
  }, [client, key]);
}
