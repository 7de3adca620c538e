import { hub88GameListSchema, hub88GameUrlSchema, hub88TransactionListSchema } from '@khel/contract';
import type { Hub88Game, Hub88GameUrlRequest, Hub88Transaction } from '@khel/contract';
import type { z } from 'zod';
import type { HttpTransport } from '../../../lib/http-transport.js';
import { HUB88_SIGNATURE_HEADER, hub88Sign } from '../../../lib/hub88-signature.js';
import type { Hub88Keys } from '../../../lib/hub88-signature.js';

/** Hub88 did not answer, or answered something other than its documented shape. */
export class Hub88Unavailable extends Error {}

/**
 * Our side of Hub88's Operator API (docs.hub88.io: Games API, Transactions API): signed calls to the
 * aggregator, each body signed with our key in X-Hub88-Signature. The transport reaches HUB88_API_URL,
 * or, in play mode without one, the built-in simulator over our own loopback address (decision 0046).
 */
export function createHub88Client(deps: { transport: () => HttpTransport; keys: () => Hub88Keys; operatorId: number }) {
  async function post<T>(path: string, payload: object, schema: z.ZodType<T>): Promise<T> {
    const body = JSON.stringify(payload);
    let answer: { status: number; body: string };
    try {
      answer = await deps.transport().post(path, body, {
        'content-type': 'application/json',
        [HUB88_SIGNATURE_HEADER]: hub88Sign(deps.keys().operatorPrivateKey, body),
      });
    } catch (error) {
      throw new Hub88Unavailable(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (answer.status !== 200)
      throw new Hub88Unavailable(`${path}: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      throw new Hub88Unavailable(`${path}: not JSON`);
    }
    const result = schema.safeParse(parsed);
    if (!result.success)
      throw new Hub88Unavailable(`${path}: ${result.error.issues[0]?.message ?? 'unexpected answer'}`);
    return result.data;
  }

  return {
    operatorId: deps.operatorId,

    /** The games Hub88 offers this operator. */
    gameList(): Promise<Hub88Game[]> {
      return post('/operator/generic/v2/game/list', { operator_id: deps.operatorId }, hub88GameListSchema);
    },

    /** The landing URL of a game for one session token. */
    async gameUrl(request: Omit<Hub88GameUrlRequest, 'operator_id'>): Promise<string> {
      return (
        await post('/operator/generic/v2/game/url', { ...request, operator_id: deps.operatorId }, hub88GameUrlSchema)
      ).url;
    },

    /** Hub88's record of the gameplay transactions between two instants (its transactions report). */
    transactions(from: Date, to: Date): Promise<Hub88Transaction[]> {
      return post(
        '/operator/generic/v2/transactions/list',
        {
          operator_id: deps.operatorId,
          start_time: from.toISOString().slice(0, 19),
          end_time: to.toISOString().slice(0, 19),
        },
        hub88TransactionListSchema,
      );
    },
  };
}
export type Hub88Client = ReturnType<typeof createHub88Client>;
