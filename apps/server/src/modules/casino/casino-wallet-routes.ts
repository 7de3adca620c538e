import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  casinoWalletAuthenticateSchema,
  casinoWalletBalanceSchema,
  casinoWalletCreditSchema,
  casinoWalletDebitSchema,
  casinoWalletResponseSchema,
  casinoWalletRollbackSchema,
} from '@khel/contract';
import { HttpError } from '../../lib/http-error.js';
import { ControlCharacterError } from '../../plugins/control-characters.js';
import { walletAnswer } from './casino-wallet-protocol.js';
import type { CasinoWalletService, ProviderRow } from './casino-wallet-service.js';

const tags = ['casino wallet'];
const description =
  'Called by casino providers. Headers: X-Provider (the provider code) and X-Signature = hex(HMAC-SHA256(provider secret, raw body)). ' +
  'The body carries `timestamp` (ms since the epoch), which must be within 30 s of the server clock. A bad or missing signature or a stale timestamp is HTTP 401 and changes nothing. ' +
  'Debit, credit and rollback are idempotent by transactionId: a retry answers the first answer; the same id with a different body is TRANSACTION_MISMATCH.';

/** The raw bytes of each request, kept for the signature (the JSON parser of this plugin only). */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();
const providers = new WeakMap<FastifyRequest, ProviderRow>();

/** A body that is not JSON, not the call's shape, or holds control characters: the protocol's INVALID_REQUEST. */
function isMalformed(error: FastifyError): boolean {
  if (error instanceof HttpError) return false;
  if (error instanceof ControlCharacterError || hasZodFastifySchemaValidationErrors(error)) return true;
  return (
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.statusCode === 400
  );
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Signed provider callbacks under /api/v1/casino-wallet/… (PRODUCT.md §4 "Casino wallet"). */
export function casinoWalletRoutes(
  casinoWallet: CasinoWalletService,
  /** Told of every answer by call and protocol status (metrics, decision 0040). */
  onAnswered: (call: string, status: string) => void = () => undefined,
): FastifyPluginAsyncZod {
  return async (app) => {
    const counted =
      (call: string) =>
      <Answer extends { data: { status: string } }>(answer: Answer): Answer => {
        onAnswered(call, answer.data.status);
        return answer;
      };
    // Encapsulated: only these routes parse JSON into a buffer first, so the signature covers the exact bytes.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const bytes = body as Buffer;
      rawBodies.set(request, bytes);
      try {
        done(null, JSON.parse(bytes.toString('utf8')));
      } catch {
        const error = new Error('The request body is not valid JSON') as Error & { statusCode: number };
        error.statusCode = 400;
        done(error, undefined);
      }
    });

    // A provider matches on data.status: a malformed call answers INVALID_REQUEST (meta.code 400, HTTP 200 as
    // every protocol refusal) and changes nothing. Anything else (401, 413, 415, …) is the app's own answer.
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (!isMalformed(error)) throw error;
      const first = hasZodFastifySchemaValidationErrors(error) ? error.validation[0] : undefined;
      const answer = walletAnswer('INVALID_REQUEST');
      const detail =
        first === undefined
          ? error.message
          : `${first.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body'}: ${first.message ?? 'Invalid value'}`;
      request.log.info({ status: 'INVALID_REQUEST' }, 'casino wallet call refused');
      const path = request.routeOptions.url ?? request.url;
      onAnswered(path.slice(path.lastIndexOf('/') + 1), 'INVALID_REQUEST');
      void reply
        .status(200)
        .send({ ...answer, meta: { ...answer.meta, message: `${answer.meta.message} (${detail})` } });
    });

    // Before validation: an unsigned, badly signed or stale request is refused before its body is even checked.
    app.addHook('preValidation', async (request) => {
      const raw = rawBodies.get(request) ?? Buffer.alloc(0);
      const timestamp = (request.body as { timestamp?: unknown } | undefined)?.timestamp;
      const check = await casinoWallet.checkSignature(
        header(request, 'x-provider'),
        header(request, 'x-signature'),
        raw,
        timestamp,
      );
      if (!check.ok) throw new HttpError(401, 'UNAUTHENTICATED', check.reason);
      providers.set(request, check.provider);
    });
    const providerOf = (request: FastifyRequest): ProviderRow => providers.get(request) as ProviderRow;
    const response = { 200: casinoWalletResponseSchema };
    // Providers are known by their signature, not their address: one provider's servers send every
    // player's calls, so the per-IP limit meant for browsers would throttle a whole casino.
    const config = { rateLimit: false };

    app.post(
      '/api/v1/casino-wallet/authenticate',
      {
        config,
        schema: {
          tags,
          description,
          summary: 'Exchange the launch token for the player id, name and balance',
          body: casinoWalletAuthenticateSchema,
          response,
        },
      },
      async (request) =>
        counted('authenticate')(await casinoWallet.authenticate(providerOf(request), request.body.token)),
    );
    app.post(
      '/api/v1/casino-wallet/balance',
      {
        config,
        schema: {
          tags,
          description,
          summary: "The player's available balance in the selected wallet",
          body: casinoWalletBalanceSchema,
          response,
        },
      },
      async (request) => counted('balance')(await casinoWallet.balance(providerOf(request), request.body)),
    );
    app.post(
      '/api/v1/casino-wallet/debit',
      {
        config,
        schema: {
          tags,
          description,
          summary: 'Take a stake from the selected wallet (main or bonus, recorded with the round)',
          body: casinoWalletDebitSchema,
          response,
        },
      },
      async (request) => counted('debit')(await casinoWallet.debit(providerOf(request), request.body)),
    );
    app.post(
      '/api/v1/casino-wallet/credit',
      {
        config,
        schema: {
          tags,
          description,
          summary: "Pay a round's winnings (0 closes a lost round) into the wallet its stake came from",
          body: casinoWalletCreditSchema,
          response,
        },
      },
      async (request) => counted('credit')(await casinoWallet.credit(providerOf(request), request.body)),
    );
    app.post(
      '/api/v1/casino-wallet/rollback',
      {
        config,
        schema: {
          tags,
          description,
          summary:
            'Return a debit (refused once its round is credited); a rollback of an unknown debit is recorded so the late debit is refused',
          body: casinoWalletRollbackSchema,
          response,
        },
      },
      async (request) => counted('rollback')(await casinoWallet.rollback(providerOf(request), request.body)),
    );
  };
}
