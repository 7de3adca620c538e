import type { CasinoWalletResponse } from '@khel/contract';
import type { Clock } from '../../../lib/clock.js';
import { hmacHex } from '../../../lib/crypto.js';

/** How a signed call reaches the wallet: HTTP to the server's own address, or Fastify's inject before it listens. */
export interface WalletTransport {
  post(path: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }>;
}

/** Plain HTTP with fetch, as an external provider would call us. */
export function fetchTransport(baseUrl: string): WalletTransport {
  return {
    async post(path, body, headers) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        body,
        headers,
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, body: await response.text() };
    },
  };
}

export class WalletUnavailable extends Error {}

const ATTEMPTS = 3;

/**
 * The house provider's side of the seamless wallet protocol: every call is JSON with a `timestamp`,
 * signed with hex(HMAC-SHA256(secret, body)) in X-Signature, its provider code in X-Provider. A call
 * that does not get through is retried with the same transaction id (the wallet is idempotent by it).
 */
export function createHouseWalletClient(deps: {
  providerCode: string;
  secret: () => Promise<string>;
  transport: () => WalletTransport;
  clock: Clock;
}) {
  async function call(path: string, payload: Record<string, unknown>): Promise<CasinoWalletResponse> {
    let lastError: unknown = null;
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const body = JSON.stringify({ ...payload, timestamp: deps.clock.now().getTime() });
      const headers = {
        'content-type': 'application/json',
        'x-provider': deps.providerCode,
        'x-signature': hmacHex(await deps.secret(), body),
      };
      try {
        const answer = await deps.transport().post(`/api/v1/casino-wallet/${path}`, body, headers);
        if (answer.status === 200) {
          const parsed = JSON.parse(answer.body) as CasinoWalletResponse | { meta: { code: number; message: string } };
          if ('data' in parsed && parsed.data !== null && typeof parsed.data === 'object' && 'status' in parsed.data)
            return parsed;
          throw new WalletUnavailable(`wallet refused the request: ${parsed.meta.message}`);
        }
        lastError = new WalletUnavailable(`wallet answered HTTP ${answer.status}: ${answer.body.slice(0, 200)}`);
        if (answer.status === 401 || answer.status === 400) break;
      } catch (error) {
        lastError = error;
      }
      await new Promise((done) => setTimeout(done, 100 * (attempt + 1)));
    }
    throw lastError instanceof WalletUnavailable ? lastError : new WalletUnavailable(String(lastError));
  }

  return {
    authenticate: (token: string) => call('authenticate', { token }),
    balance: (playerId: string) => call('balance', { playerId }),
    debit: (input: { playerId: string; transactionId: string; roundId: string; gameCode: string; amount: number }) =>
      call('debit', input),
    credit: (input: { playerId: string; transactionId: string; roundId: string; gameCode: string; amount: number }) =>
      call('credit', input),
    rollback: (input: {
      playerId: string;
      transactionId: string;
      debitTransactionId: string;
      roundId: string;
      gameCode: string;
    }) => call('rollback', input),
  };
}
export type HouseWalletClient = ReturnType<typeof createHouseWalletClient>;
