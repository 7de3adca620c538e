import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CasinoWalletResponse } from '@khel/contract';
import type { Clock } from '../../lib/clock.js';

/** Test helpers: a provider's signed wallet calls, as an external provider would send them. */
export interface SignedCallOptions {
  provider: string;
  secret: string;
  clock: Clock;
  /** Shift the body's timestamp from the clock (a stale or future request). */
  timestampOffsetMs?: number;
  /** Replace the signature (a bad one), or null to send none. */
  signature?: string | null;
}

export async function signedCall(
  app: FastifyInstance,
  path: 'authenticate' | 'balance' | 'debit' | 'credit' | 'rollback',
  payload: Record<string, unknown>,
  options: SignedCallOptions,
): Promise<{ status: number; body: CasinoWalletResponse }> {
  const body = JSON.stringify({ ...payload, timestamp: options.clock.now().getTime() + (options.timestampOffsetMs ?? 0) });
  const signature = options.signature === undefined ? createHmac('sha256', options.secret).update(body).digest('hex') : options.signature;
  const answer = await app.inject({
    method: 'POST',
    url: `/api/v1/casino-wallet/${path}`,
    payload: body,
    headers: { 'content-type': 'application/json', 'x-provider': options.provider, ...(signature === null ? {} : { 'x-signature': signature }) },
  });
  return { status: answer.statusCode, body: answer.json() as CasinoWalletResponse };
}

/** Launches a game for the player (POST /play-game): the live session a provider needs to debit or read them. */
export async function launchGame(app: FastifyInstance, playerToken: string, gameId: string): Promise<string> {
  const answer = await app.inject({ method: 'POST', url: '/api/v1/play-game', payload: { gameId }, headers: { authorization: `Bearer ${playerToken}` } });
  const url = (answer.json() as { data: { url: string } | null }).data?.url;
  if (url === undefined) throw new Error(`launch of ${gameId} failed: ${answer.body}`);
  return new URL(url, 'http://localhost').searchParams.get('token') as string;
}
