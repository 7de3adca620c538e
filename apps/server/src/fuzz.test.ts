import { createHmac } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASINO_WALLET_STATUSES, ERROR_CODES, HUB88_STATUSES, ROLES } from '@khel/contract';
import { operationsOf, requestArbitrary, toJsonSchema } from '../test/openapi-fuzz.js';
import type { FuzzRequest, JsonSchema, Operation } from '../test/openapi-fuzz.js';
import type { TestApp } from '../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../test/test-app.js';
import { launchGame } from './modules/casino/casino-test-support.js';
import { HUB88_SIGNATURE_HEADER, hub88Sign, hub88Verify } from './lib/hub88-signature.js';
import { hub88TestKeys } from './modules/casino/hub88/hub88-test-support.js';

/**
 * The OpenAPI fuzz suite (issue 9): every operation of the app's own OpenAPI document gets generated
 * requests, valid and hostile (test/openapi-fuzz.ts), each sent as a visitor, a player and the director
 * (and, on the casino wallet, signed as the house provider). Whatever arrives, the server answers the
 * envelope — a 200 matching the operation's response schema, a business refusal from the catalogue, or
 * a transport status — and never a 500. Runs on PostgreSQL (a fresh database for this file); seeded, so
 * a failure replays.
 */
const SEED = 20_261_125;
const REQUESTS_PER_OPERATION = 21;
const TRANSPORT_STATUSES = [401, 404, 413, 415, 429];
const ERROR_SET = new Set<string>(ERROR_CODES);
const WALLET_STATUSES = new Set<string>(CASINO_WALLET_STATUSES);

const HUB88_STATUS_SET = new Set<string>(HUB88_STATUSES);
const hub88Keys = hub88TestKeys();

type Identity = 'visitor' | 'player' | 'director' | 'provider' | 'hub88';
interface Credentials {
  player: { token: string; gameToken: string };
  director: string;
  providerSecret: string;
}

let t: TestApp;
let operations: Operation[];
let schemas: Map<string, ValidateFunction>;
let credentials: Credentials;

async function newPlayer(): Promise<Credentials['player']> {
  const player = await signUpPlayer(t);
  return { token: player.token, gameToken: await launchGame(t.app, player.token, 'royal-bengal') };
}

function headersFor(identity: Identity, request: FuzzRequest): Record<string, string> {
  const json: Record<string, string> = request.body === undefined ? {} : { 'content-type': 'application/json' };
  if (identity === 'player')
    return {
      ...json,
      authorization: `Bearer ${credentials.player.token}`,
      'x-game-token': credentials.player.gameToken,
    };
  if (identity === 'director') return { ...json, authorization: `Bearer ${credentials.director}` };
  // Signed by the aggregator's key over the bytes as generated, so the body itself is what gets judged.
  if (identity === 'hub88')
    return { ...json, [HUB88_SIGNATURE_HEADER]: hub88Sign(hub88Keys.aggregatorPrivateKey, request.body ?? '') };
  if (identity === 'provider') {
    // Signed by the house provider with a fresh timestamp, so the body itself is what gets judged.
    let body = request.body ?? '';
    try {
      const parsed = JSON.parse(body) as unknown;
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
        body = JSON.stringify({ ...parsed, timestamp: t.clock.now().getTime() });
    } catch {
      // not JSON: sent (and signed) as it is
    }
    request.body = body;
    return {
      ...json,
      'x-provider': 'khel-house',
      'x-signature': createHmac('sha256', credentials.providerSecret).update(body).digest('hex'),
    };
  }
  return json;
}

/** What is wrong with an answer, or null when it is one the contract allows. */
function problemWith(operation: Operation, answer: LightMyRequestResponse): string | null {
  const type = String(answer.headers['content-type'] ?? '');
  const validate = schemas.get(`${operation.method} ${operation.path}`);
  if (!type.startsWith('application/json')) {
    // Only the image routes answer something else, and only with a 200.
    return answer.statusCode === 200 && validate === undefined ? null : `HTTP ${answer.statusCode} ${type}`;
  }
  let body: { message?: unknown; meta?: { code?: unknown; message?: unknown; error?: unknown; status?: unknown } };
  try {
    body = answer.json();
  } catch {
    return `HTTP ${answer.statusCode}: not JSON`;
  }
  if (TRANSPORT_STATUSES.includes(answer.statusCode)) {
    const ok =
      typeof body.message === 'string' &&
      body.meta?.code === answer.statusCode &&
      ERROR_SET.has(String(body.meta.error));
    return ok ? null : `HTTP ${answer.statusCode} outside the envelope: ${answer.body.slice(0, 200)}`;
  }
  if (answer.statusCode !== 200) return `HTTP ${answer.statusCode}: ${answer.body.slice(0, 200)}`;
  // Hub88's Wallet API answers its own shape, always signed with our key (decision 0046).
  if (operation.path.startsWith('/api/v1/hub88/')) {
    const signature = answer.headers[HUB88_SIGNATURE_HEADER];
    if (typeof signature !== 'string' || !hub88Verify(hub88Keys.operatorPublicKey, answer.body, signature))
      return `unsigned Hub88 answer: ${answer.body.slice(0, 200)}`;
    if (!HUB88_STATUS_SET.has(String((body as { status?: unknown }).status)))
      return `not a Hub88 status: ${answer.body.slice(0, 200)}`;
  }
  const meta = body.meta;
  const success = meta === undefined || meta.code === 200;
  const walletAnswer = meta !== undefined && WALLET_STATUSES.has(String(meta.status));
  if (!success && !walletAnswer) {
    const ok =
      typeof meta.code === 'number' &&
      meta.code >= 400 &&
      meta.code < 500 &&
      typeof meta.message === 'string' &&
      ERROR_SET.has(String(meta.error));
    return ok ? null : `refusal outside the catalogue: ${answer.body.slice(0, 200)}`;
  }
  if (validate !== undefined && !validate(body))
    return `answer does not match the response schema: ${JSON.stringify(validate.errors?.slice(0, 2))} ${answer.body.slice(0, 200)}`;
  return null;
}

/** Logout, a password change or a suspension among the generated requests may end a session: start a new one. */
async function keepSessionsAlive(): Promise<void> {
  const player = await call(t.app, 'GET', '/api/v1/getUserData', { token: credentials.player.token });
  if (player.status === 401 || player.body.meta.code !== 200) credentials.player = await newPlayer();
  const director = await call(t.app, 'GET', '/api/v1/backoffice/casino/providers', { token: credentials.director });
  if (director.status === 401 || director.body.meta.code !== 200)
    credentials.director = (await createOperator(t, ROLES.DIRECTOR)).token;
}

describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'OpenAPI fuzz: every operation, generated valid and hostile requests',
  () => {
    beforeAll(async () => {
      t = await createTestApp(hub88Keys.env);
      const document = t.app.swagger() as Parameters<typeof operationsOf>[0] & {
        paths: Record<
          string,
          Record<string, { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> }>
        >;
      };
      operations = operationsOf(document);
      const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
      ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
      ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
      ajv.addFormat('uri', () => true);
      schemas = new Map();
      for (const operation of operations) {
        const schema =
          document.paths[operation.path]?.[operation.method.toLowerCase()]?.responses?.['200']?.content?.[
            'application/json'
          ]?.schema;
        if (schema !== undefined)
          schemas.set(`${operation.method} ${operation.path}`, ajv.compile(toJsonSchema(schema) as object));
      }
      const house = await t.services.casino.casinoWallet.provider('khel-house');
      credentials = {
        player: await newPlayer(),
        director: (await createOperator(t, ROLES.DIRECTOR)).token,
        providerSecret: house?.secret ?? '',
      };
    }, 120_000);
    afterAll(async () => t?.close());

    it('reads the document', () => {
      expect(operations.length).toBeGreaterThan(80);
      expect(operations.filter((operation) => operation.body !== null).length).toBeGreaterThan(30);
    });

    it('never answers 500, always the envelope, and every success matches its schema', async () => {
      const failures = new Map<string, string>();
      let sent = 0;
      for (const [index, operation] of operations.entries()) {
        if (
          process.env.FUZZ_ONLY !== undefined &&
          !new RegExp(process.env.FUZZ_ONLY).test(`${operation.method} ${operation.path}`)
        )
          continue;
        const requests = fc.sample(requestArbitrary(operation), {
          seed: SEED + index,
          numRuns: REQUESTS_PER_OPERATION,
        });
        const identities: Identity[] = operation.path.startsWith('/api/v1/casino-wallet/')
          ? ['visitor', 'provider', 'director']
          : operation.path.startsWith('/api/v1/hub88/')
            ? ['visitor', 'hub88', 'director']
            : ['visitor', 'player', 'director'];
        for (const request of requests) {
          for (const identity of identities) {
            const sendable = { ...request };
            const headers = headersFor(identity, sendable);
            if (process.env.FUZZ_PROGRESS !== undefined)
              appendFileSync(
                process.env.FUZZ_PROGRESS,
                `  ${identity} ${sendable.url.slice(0, 80)} ${String(sendable.body).slice(0, 80)}\n`,
              );
            const answer = await t.app.inject({
              method: operation.method,
              url: sendable.url,
              headers,
              ...(sendable.body === undefined ? {} : { payload: sendable.body }),
            });
            sent += 1;
            const problem = problemWith(operation, answer);
            const key = `${operation.method} ${operation.path} [${request.label}]`;
            if (problem !== null && !failures.has(key))
              failures.set(
                key,
                `${identity} ${sendable.url.slice(0, 120)} ${String(sendable.body).slice(0, 160)} → ${problem}`,
              );
          }
        }
        await keepSessionsAlive();
        if (process.env.FUZZ_PROGRESS !== undefined)
          appendFileSync(
            process.env.FUZZ_PROGRESS,
            `${new Date().toISOString()} ${operation.method} ${operation.path} ${sent}\n`,
          );
      }
      if (process.env.FUZZ_ONLY === undefined)
        expect(sent).toBeGreaterThanOrEqual(operations.length * REQUESTS_PER_OPERATION * 3);
      expect([...failures.entries()].map(([key, detail]) => `${key}: ${detail}`)).toEqual([]);
    }, 600_000);
  },
);
