import { randomUUID } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Hub88Answer } from '@khel/contract';
import { HUB88_SIGNATURE_HEADER, hub88Sign, hub88Verify, newKeyPair } from '../../../lib/hub88-signature.js';

/**
 * Test helpers: an aggregator's key pair and ours written as PEM files for the configuration, and the
 * aggregator's signed Wallet API calls (with our answer's signature checked).
 */
export interface Hub88TestKeys {
  /** What the test app is configured with. */
  env: { HUB88_PUBLIC_KEY: string; HUB88_OPERATOR_PRIVATE_KEY: string };
  aggregatorPrivateKey: KeyObject;
  operatorPublicKey: KeyObject;
}

export function hub88TestKeys(): Hub88TestKeys {
  const dir = mkdtempSync(join(tmpdir(), 'hub88-keys-'));
  const aggregator = newKeyPair();
  const operator = newKeyPair();
  writeFileSync(join(dir, 'hub88-public.pem'), aggregator.publicKey.export({ type: 'spki', format: 'pem' }));
  writeFileSync(join(dir, 'operator-private.pem'), operator.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  return {
    env: {
      HUB88_PUBLIC_KEY: join(dir, 'hub88-public.pem'),
      HUB88_OPERATOR_PRIVATE_KEY: join(dir, 'operator-private.pem'),
    },
    aggregatorPrivateKey: aggregator.privateKey,
    operatorPublicKey: operator.publicKey,
  };
}

export type Hub88Path = 'user/info' | 'user/balance' | 'transaction/bet' | 'transaction/win' | 'transaction/rollback';

/**
 * One signed call as Hub88 sends it (the body as given, or raw text). `signature`: undefined signs with
 * the aggregator's key, a string replaces it, null sends none. Every answer must carry our valid signature.
 */
export async function hub88Call(
  app: FastifyInstance,
  keys: Hub88TestKeys,
  path: Hub88Path,
  body: Record<string, unknown> | string,
  options: { signature?: string | null } = {},
): Promise<Hub88Answer> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = options.signature === undefined ? hub88Sign(keys.aggregatorPrivateKey, text) : options.signature;
  const answer = await app.inject({
    method: 'POST',
    url: `/api/v1/hub88/${path}`,
    payload: text,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { [HUB88_SIGNATURE_HEADER]: signature }),
    },
  });
  if (answer.statusCode !== 200) throw new Error(`hub88 ${path}: HTTP ${answer.statusCode} ${answer.body}`);
  const ours = answer.headers[HUB88_SIGNATURE_HEADER];
  if (typeof ours !== 'string' || !hub88Verify(keys.operatorPublicKey, answer.body, ours))
    throw new Error(`hub88 ${path}: the answer is not signed with our key`);
  return answer.json() as Hub88Answer;
}

/** A bet body as Hub88 sends it (fresh request and transaction uuids unless given). */
export function betBody(fields: {
  user: string;
  token: string;
  game_code: string;
  amount: number;
  round?: string;
  transaction_uuid?: string;
  request_uuid?: string;
  currency?: string;
  is_free?: boolean;
}): Record<string, unknown> {
  return {
    user: fields.user,
    transaction_uuid: fields.transaction_uuid ?? randomUUID(),
    supplier_transaction_id: `sup-${randomUUID()}`,
    token: fields.token,
    supplier_user: `cg_${fields.user.slice(0, 8)}`,
    round_closed: false,
    round: fields.round ?? `rnd-${randomUUID().slice(0, 8)}`,
    reward_uuid: null,
    request_uuid: fields.request_uuid ?? randomUUID(),
    is_free: fields.is_free ?? false,
    is_aggregated: false,
    game_code: fields.game_code,
    currency: fields.currency ?? 'INR',
    bet: 'zero',
    amount: fields.amount,
    meta: {},
  };
}

/** A win naming its bet (same round, user and game), as Hub88 sends it. */
export function winBody(
  bet: Record<string, unknown>,
  amount: number,
  fields: { transaction_uuid?: string; request_uuid?: string; currency?: string; token?: string | null } = {},
): Record<string, unknown> {
  return {
    ...bet,
    transaction_uuid: fields.transaction_uuid ?? randomUUID(),
    supplier_transaction_id: `sup-${randomUUID()}`,
    request_uuid: fields.request_uuid ?? randomUUID(),
    reference_transaction_uuid: bet.transaction_uuid,
    round_closed: true,
    currency: fields.currency ?? bet.currency,
    token: fields.token === undefined ? bet.token : fields.token,
    amount,
  };
}

/** A rollback of the bet it names, as Hub88 sends it. */
export function rollbackBody(
  bet: Record<string, unknown>,
  fields: { transaction_uuid?: string; request_uuid?: string } = {},
): Record<string, unknown> {
  return {
    user: bet.user,
    transaction_uuid: fields.transaction_uuid ?? randomUUID(),
    supplier_transaction_id: `sup-${randomUUID()}`,
    token: bet.token,
    round_closed: true,
    round: bet.round,
    request_uuid: fields.request_uuid ?? randomUUID(),
    reference_transaction_uuid: bet.transaction_uuid,
    game_code: bet.game_code,
    meta: {},
  };
}
