import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CasinoWalletResponse } from '@khel/contract';
import type { Database } from '../../db/database.js';
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
  const body = JSON.stringify({
    ...payload,
    timestamp: options.clock.now().getTime() + (options.timestampOffsetMs ?? 0),
  });
  const signature =
    options.signature === undefined
      ? createHmac('sha256', options.secret).update(body).digest('hex')
      : options.signature;
  const answer = await app.inject({
    method: 'POST',
    url: `/api/v1/casino-wallet/${path}`,
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-provider': options.provider,
      ...(signature === null ? {} : { 'x-signature': signature }),
    },
  });
  return { status: answer.statusCode, body: answer.json() as CasinoWalletResponse };
}

/** Launches a game for the player (POST /play-game): the live session a provider needs to debit or read them. */
export async function launchGame(app: FastifyInstance, playerToken: string, gameId: string): Promise<string> {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/v1/play-game',
    payload: { gameId },
    headers: { authorization: `Bearer ${playerToken}` },
  });
  const url = (answer.json() as { data: { url: string } | null }).data?.url;
  if (url === undefined) throw new Error(`launch of ${gameId} failed: ${answer.body}`);
  return new URL(url, 'http://localhost').searchParams.get('token') as string;
}

/** Holds the rows `lockSql` locks (FOR UPDATE) in a transaction of its own until `release`. */
async function holdRows(db: Database, lockSql: string, params: unknown[]): Promise<{ release: () => Promise<void> }> {
  let open = (): void => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let holding = (): void => undefined;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const holder = db.transaction(async (tx) => {
    await tx.query(lockSql, params);
    holding();
    await gate;
  });
  await held;
  return {
    release: async () => {
      open();
      await holder;
    },
  };
}

/**
 * Holds the providers' payout limit stripes locked (on PGlite, also its only connection) until
 * `release`: a wallet call's posting then waits in flight, as under load, so the calls fired
 * meanwhile queue behind it and the casino wallet writer can group them (decision 0028, third
 * addendum). Without it PGlite answers each call before the next one arrives.
 */
export function holdPostings(
  db: Database,
  providerCodes: readonly string[],
): Promise<{ release: () => Promise<void> }> {
  return holdRows(
    db,
    `select s.stripe from ledger_limit_stripes s join ledger_accounts a on a.id = s.account_id
     where a.kind = 'casino_house' and a.user_id is null and a.ref = any($1::text[]) order by s.account_id, s.stripe for update of s`,
    [providerCodes],
  );
}

/** Holds a player's ledger accounts locked until `release`, as a long transaction (a market's settlement) would. */
export function holdAccounts(db: Database, userId: string): Promise<{ release: () => Promise<void> }> {
  return holdRows(db, 'select id from ledger_accounts where user_id = $1 order by id for update', [userId]);
}

/**
 * A provider added in the back office by `directorToken`, with one slot game `<code>-slot`; optional
 * net payout limit in rupees. Answers the options its signed calls need.
 */
export async function addProvider(
  t: { app: FastifyInstance; clock: Clock },
  directorToken: string,
  code: string,
  netPayoutLimit?: number,
): Promise<SignedCallOptions> {
  const post = async (url: string, payload: unknown) => {
    const answer = await t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: { authorization: `Bearer ${directorToken}` },
    });
    const body = answer.json() as { meta: { code: number; message: string }; data: unknown };
    if (body.meta.code !== 200) throw new Error(`${url} failed: ${body.meta.message}`);
    return body.data;
  };
  const created = (await post('/api/v1/backoffice/casino/providers', {
    code,
    name: code.toUpperCase(),
    launchUrlTemplate: `https://${code}.test/launch?token={token}&game={game}`,
    ...(netPayoutLimit === undefined ? {} : { netPayoutLimit }),
  })) as { secret: string };
  await post('/api/v1/backoffice/casino/games', {
    providerCode: code,
    code: `${code}-slot`,
    title: `${code} slot`,
    category: 'Video Slots',
    isSlot: true,
    launchKind: 'play',
  });
  return { provider: code, secret: created.secret, clock: t.clock };
}
