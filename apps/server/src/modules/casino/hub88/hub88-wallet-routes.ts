import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import {
  HUB88_REQUIRED_FIELDS,
  hub88AnswerSchema,
  hub88BalanceSchema,
  hub88BetSchema,
  hub88RollbackSchema,
  hub88UserInfoSchema,
  hub88WinSchema,
} from '@khel/contract';
import type { Hub88Answer, Hub88Call } from '@khel/contract';
import { HUB88_SIGNATURE_HEADER, hub88Sign, hub88Verify } from '../../../lib/hub88-signature.js';
import type { Hub88Keys } from '../../../lib/hub88-signature.js';
import type { Hub88WalletService } from './hub88-wallet-service.js';
import { refusal } from './hub88-protocol.js';

const tags = ['hub88'];
const description =
  "Hub88's Wallet API (docs.hub88.io, Operator API), called by the aggregator. Header X-Hub88-Signature: base64 RSA-SHA256 of the raw body by Hub88's key " +
  '(HUB88_PUBLIC_KEY); every answer is HTTP 200 JSON signed the same way by ours. Amounts are integers: rupees × 100,000. ' +
  'A repeated request_uuid gets its first answer; a repeated transaction_uuid with the same body answers as before and moves nothing, with another body RS_ERROR_DUPLICATE_TRANSACTION.';

/** What each call's body must be, and the service method that answers it. */
const CALLS: { call: Hub88Call; schema: z.ZodType; summary: string }[] = [
  { call: 'user/info', schema: hub88UserInfoSchema, summary: "The player's details" },
  { call: 'user/balance', schema: hub88BalanceSchema, summary: "The player's available balance" },
  { call: 'transaction/bet', schema: hub88BetSchema, summary: 'Take a stake (needs a live session token)' },
  { call: 'transaction/win', schema: hub88WinSchema, summary: 'Pay a win for the bet it names (no session needed)' },
  {
    call: 'transaction/rollback',
    schema: hub88RollbackSchema,
    summary: 'Return the bet it names (remembered if unknown)',
  },
];

/** A body that is well-formed JSON: a field missing is a syntax error, a field of the wrong type a type error. */
export function judgeBody(
  call: Hub88Call,
  schema: z.ZodType,
  parsed: unknown,
): { ok: true; body: unknown } | { ok: false; answer: Hub88Answer } {
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return { ok: false, answer: refusal('RS_ERROR_WRONG_SYNTAX', {}) };
  const fields = parsed as Record<string, unknown>;
  const echo = {
    ...(typeof fields.request_uuid === 'string' ? { request_uuid: fields.request_uuid } : {}),
    ...(typeof fields.user === 'string' ? { user: fields.user } : {}),
  };
  if (HUB88_REQUIRED_FIELDS[call].some((name) => fields[name] === undefined || fields[name] === null))
    return { ok: false, answer: refusal('RS_ERROR_WRONG_SYNTAX', echo) };
  const result = schema.safeParse(parsed);
  return result.success
    ? { ok: true, body: result.data }
    : { ok: false, answer: refusal('RS_ERROR_WRONG_TYPES', echo) };
}

/**
 * POST /api/v1/hub88/{user/info, user/balance, transaction/bet, transaction/win, transaction/rollback}.
 * The signature is checked over the exact bytes received, before anything is parsed; a missing or
 * wrong one answers RS_ERROR_INVALID_SIGNATURE and moves nothing.
 */
export function hub88WalletRoutes(service: Hub88WalletService, keys: () => Hub88Keys): FastifyPluginAsync {
  return async (app) => {
    // Encapsulated: these routes take the body as bytes (the signature covers them) and parse it themselves.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    function answer(reply: FastifyReply, value: Hub88Answer): FastifyReply {
      const text = JSON.stringify(value);
      return reply
        .status(200)
        .type('application/json; charset=utf-8')
        .header(HUB88_SIGNATURE_HEADER, hub88Sign(keys().operatorPrivateKey, text))
        .send(text);
    }

    // Anything that escapes (a database failure) is Hub88's general status, signed like every answer: the
    // aggregator rolls a bet back and retries a win or a rollback (nothing is kept under the request_uuid).
    app.setErrorHandler((error, request, reply) => {
      request.log.error({ err: error }, 'hub88 wallet call failed');
      return answer(reply, refusal('RS_ERROR_UNKNOWN', {}));
    });

    for (const { call, schema, summary } of CALLS) {
      app.post(
        `/api/v1/hub88/${call}`,
        {
          // Hub88's few servers send every player's calls: the signature is the gate, not a per-address limit.
          config: { rateLimit: false },
          // The schemas document the call (OpenAPI); the body is judged by the handler, after the signature.
          schema: { tags, summary, description, body: schema, response: { 200: hub88AnswerSchema } },
          validatorCompiler: () => (data: unknown) => ({ value: data }),
        },
        async (request: FastifyRequest, reply: FastifyReply) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers[HUB88_SIGNATURE_HEADER];
          if (!hub88Verify(keys().aggregatorPublicKey, raw, Array.isArray(signature) ? signature[0] : signature)) {
            request.log.info({ call }, 'hub88 call with a missing or wrong signature');
            return answer(reply, refusal('RS_ERROR_INVALID_SIGNATURE', requestUuidOf(raw)));
          }
          let parsed: unknown;
          try {
            parsed = JSON.parse(raw.toString('utf8'));
          } catch {
            return answer(reply, refusal('RS_ERROR_WRONG_SYNTAX', {}));
          }
          const judged = judgeBody(call, schema, parsed);
          if (!judged.ok) return answer(reply, judged.answer);
          return answer(reply, hub88AnswerSchema.parse(await dispatch(service, call, judged.body)));
        },
      );
    }
  };
}

/** The request_uuid of an unverified body, only to echo it back (never trusted for anything else). */
function requestUuidOf(raw: Buffer): { request_uuid?: string } {
  try {
    const value = (JSON.parse(raw.toString('utf8')) as { request_uuid?: unknown }).request_uuid;
    return typeof value === 'string' && value.length <= 100 ? { request_uuid: value } : {};
  } catch {
    return {};
  }
}

function dispatch(service: Hub88WalletService, call: Hub88Call, body: unknown): Promise<Hub88Answer> {
  switch (call) {
    case 'user/info':
      return service.userInfo(body as z.infer<typeof hub88UserInfoSchema>);
    case 'user/balance':
      return service.balance(body as z.infer<typeof hub88BalanceSchema>);
    case 'transaction/bet':
      return service.bet(body as z.infer<typeof hub88BetSchema>);
    case 'transaction/win':
      return service.win(body as z.infer<typeof hub88WinSchema>);
    case 'transaction/rollback':
      return service.rollback(body as z.infer<typeof hub88RollbackSchema>);
  }
}
