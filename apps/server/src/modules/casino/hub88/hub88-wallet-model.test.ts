import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hub88Answer } from '@khel/contract';
import { call, createTestApp, signUpPlayer } from '../../../../test/test-app.js';
import type { TestApp } from '../../../../test/test-app.js';
import { ledgerViolations } from '../../../../test/ledger-invariants.js';
import { newOpaqueToken, sha256Hex } from '../../../lib/crypto.js';
import { createCasinoRepository } from '../casino-repository.js';
import { LAUNCH_TOKEN_TTL_MS } from '../casino-service.js';
import { hub88Call, hub88TestKeys } from './hub88-test-support.js';
import type { Hub88Path, Hub88TestKeys } from './hub88-test-support.js';

/**
 * Model-based test of Hub88's Wallet API (issue 27): random sequences of bets, wins and rollbacks with
 * transaction uuids from small shared pools (so wins and rollbacks arrive before their bets, and ids
 * collide across kinds), exact resends of earlier requests (the same request_uuid), retries (the same
 * transaction, a new request_uuid), several copies of one call raced at once, and unsigned calls;
 * against a plain model of the wallet. Every status and balance must agree, a resend must get its
 * first answer exactly, the player's balance must equal the model's, and the journal must balance.
 */
const START_PAISE = 10_000_00;
const BETS = ['b0', 'b1', 'b2', 'b3', 'b4'];
const WINS = ['w0', 'w1', 'w2', 'w3', 'w4', 'w5'];
const ROLLBACKS = ['r0', 'r1', 'r2', 'r3'];
const ANY = [...BETS, ...WINS, ...ROLLBACKS];
const ROUNDS = ['g0', 'g1'];
const idFrom = (pool: string[]) =>
  fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: fc.constantFrom(...ANY) });
/** A bet's usual Hub88 round (a win or rollback names it); now and then another one. */
const roundOf = (betId: string) => (BETS.indexOf(betId) % 2 === 0 ? 'g0' : 'g1');
const roundFor = (betId: fc.Arbitrary<string>) =>
  betId.chain((id) =>
    fc
      .oneof({ weight: 9, arbitrary: fc.constant(roundOf(id)) }, { weight: 1, arbitrary: fc.constantFrom(...ROUNDS) })
      .map((round) => ({ id, round })),
  );

type Command =
  | { kind: 'bet'; id: string; round: string; rupees: number }
  | { kind: 'win'; id: string; ref: string; round: string; rupees: number }
  | { kind: 'rollback'; id: string; ref: string; round: string }
  | { kind: 'resend'; index: number }
  | { kind: 'retry'; index: number }
  | { kind: 'race'; copies: number; command: Command }
  | { kind: 'unsigned'; index: number };

const bet = roundFor(idFrom(BETS)).chain(({ id, round }) =>
  fc.constantFrom(1, 5, 12.5, 50, 2_000, 6_000).map((rupees): Command => ({ kind: 'bet', id, round, rupees })),
);
const win = fc
  .tuple(idFrom(WINS), roundFor(fc.constantFrom(...BETS)), fc.constantFrom(0, 3, 10, 75.25))
  .map(([id, { id: ref, round }, rupees]): Command => ({ kind: 'win', id, ref, round, rupees }));
const rollback = fc
  .tuple(idFrom(ROLLBACKS), roundFor(fc.constantFrom(...BETS)))
  .map(([id, { id: ref, round }]): Command => ({ kind: 'rollback', id, ref, round }));
const fresh = fc.oneof(
  { weight: 4, arbitrary: bet },
  { weight: 3, arbitrary: win },
  { weight: 2, arbitrary: rollback },
);
const earlier = fc.nat(40);
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 10, arbitrary: fresh },
  { weight: 2, arbitrary: earlier.map((index): Command => ({ kind: 'resend', index })) },
  { weight: 2, arbitrary: earlier.map((index): Command => ({ kind: 'retry', index })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 2, max: 4 }), fresh)
      .map(([copies, c]): Command => ({ kind: 'race', copies, command: c })),
  },
  { weight: 1, arbitrary: earlier.map((index): Command => ({ kind: 'unsigned', index })) },
);

interface Model {
  balancePaise: number;
  taken: Map<string, { kind: 'bet' | 'win' | 'rollback' | 'tombstone'; identity: string; answer: string }>;
  bets: Map<string, { status: 'open' | 'won' | 'rolled_back'; stakePaise: number; round: string }>;
}

const paise = (rupees: number) => Math.round(rupees * 100);
const identityOf = (c: Command): string => {
  if (c.kind === 'bet') return `bet|${c.round}|${paise(c.rupees)}`;
  if (c.kind === 'win') return `win|${c.ref}|${c.round}|${paise(c.rupees)}`;
  if (c.kind === 'rollback') return `rollback|${c.ref}|${c.round}`;
  return c.kind;
};

/** The status the model expects, with the balance (units) it expects with it; the model moves. */
function expected(
  model: Model,
  c: Command & { kind: 'bet' | 'win' | 'rollback' },
): { status: string; balance?: number } {
  const units = (p: number) => p * 1000;
  if (c.kind === 'rollback' && c.id === c.ref) return { status: 'RS_ERROR_WRONG_SYNTAX' };
  const taken = model.taken.get(c.id);
  if (taken !== undefined) {
    if (c.kind === 'bet' && taken.kind === 'tombstone') return { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' };
    if (taken.kind !== c.kind || taken.identity !== identityOf(c)) return { status: 'RS_ERROR_DUPLICATE_TRANSACTION' };
    return { status: taken.answer };
  }
  if (c.kind === 'bet') {
    const stake = paise(c.rupees);
    if (stake > model.balancePaise) return { status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: units(model.balancePaise) };
    model.balancePaise -= stake;
    model.bets.set(c.id, { status: 'open', stakePaise: stake, round: c.round });
    model.taken.set(c.id, { kind: 'bet', identity: identityOf(c), answer: 'RS_OK' });
    return { status: 'RS_OK', balance: units(model.balancePaise) };
  }
  const named = model.bets.get(c.ref);
  if (c.kind === 'win') {
    if (named === undefined || named.round !== c.round) return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' };
    if (named.status === 'rolled_back') return { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' };
    if (named.status === 'won') return { status: 'RS_ERROR_UNKNOWN' };
    named.status = 'won';
    model.balancePaise += paise(c.rupees);
    model.taken.set(c.id, { kind: 'win', identity: identityOf(c), answer: 'RS_OK' });
    return { status: 'RS_OK', balance: units(model.balancePaise) };
  }
  const ref = model.taken.get(c.ref);
  if (ref === undefined) {
    // Never seen: remembered under the bet's uuid, so the late bet is refused.
    model.taken.set(c.ref, { kind: 'tombstone', identity: 'tombstone', answer: '' });
    model.taken.set(c.id, { kind: 'rollback', identity: identityOf(c), answer: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' });
    return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' };
  }
  if (ref.kind === 'tombstone') {
    model.taken.set(c.id, { kind: 'rollback', identity: identityOf(c), answer: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' });
    return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' };
  }
  if (ref.kind !== 'bet' || named === undefined || named.round !== c.round) return { status: 'RS_ERROR_WRONG_SYNTAX' };
  if (named.status === 'won') return { status: 'RS_ERROR_UNKNOWN' };
  if (named.status === 'open') {
    named.status = 'rolled_back';
    model.balancePaise += named.stakePaise;
  }
  model.taken.set(c.id, { kind: 'rollback', identity: identityOf(c), answer: 'RS_OK' });
  return { status: 'RS_OK', balance: units(model.balancePaise) };
}

let t: TestApp;
let keys: Hub88TestKeys;
let runs = 0;
const seen = new Map<string, number>();

async function newPlayer(): Promise<{ userId: string; token: string; gameToken: string }> {
  const player = await signUpPlayer(t);
  const gameToken = newOpaqueToken();
  const repository = createCasinoRepository(t.db);
  const provider = await repository.providerByCode('hub88');
  const game = await repository.gameByCode(provider?.id as number, 'evo_baccarat');
  await repository.insertSession({
    tokenHash: sha256Hex(gameToken),
    userId: player.userId,
    providerId: provider?.id as number,
    gameId: game?.id as number,
    wallet: 'main',
    at: t.clock.now(),
    expiresAt: new Date(t.clock.now().getTime() + LAUNCH_TOKEN_TTL_MS),
  });
  return { ...player, gameToken };
}

beforeAll(async () => {
  keys = hub88TestKeys();
  t = await createTestApp(keys.env);
  await t.db.query(
    `insert into casino_games (provider_id, code, title, category, image, is_slot, launch_kind, sort_order, studio)
     select id, 'evo_baccarat', 'Baccarat', 'Live Baccarat', '', false, 'play', 500, 'Evolution' from casino_providers where code = 'hub88'`,
  );
});
afterAll(async () => t.close());

describe('Hub88 wallet against a model', () => {
  it('agrees with the model on every status and balance, under resends, retries, races and out-of-order calls', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), async (commands) => {
        runs += 1;
        const run = `${runs}-${randomUUID().slice(0, 8)}`;
        const player = await newPlayer();
        const model: Model = { balancePaise: START_PAISE, taken: new Map(), bets: new Map() };
        const sent: { path: Hub88Path; body: Record<string, unknown>; answer: Hub88Answer; command: Command }[] = [];

        const bodyOf = (c: Command & { kind: 'bet' | 'win' | 'rollback' }): [Hub88Path, Record<string, unknown>] => {
          const base = {
            user: player.userId,
            transaction_uuid: `${run}-${c.id}`,
            supplier_transaction_id: `sup-${c.id}`,
            token: player.gameToken,
            round: `${run}-${c.round}`,
            request_uuid: randomUUID(),
            game_code: 'evo_baccarat',
          };
          if (c.kind === 'bet')
            return ['transaction/bet', { ...base, currency: 'INR', amount: paise(c.rupees) * 1000, is_free: false }];
          const reference = { reference_transaction_uuid: `${run}-${c.ref}` };
          if (c.kind === 'win')
            return ['transaction/win', { ...base, ...reference, currency: 'INR', amount: paise(c.rupees) * 1000 }];
          return ['transaction/rollback', { ...base, ...reference }];
        };

        const check = (answer: Hub88Answer, want: { status: string; balance?: number }, what: unknown) => {
          seen.set(want.status, (seen.get(want.status) ?? 0) + 1);
          expect(answer.status, JSON.stringify(what)).toBe(want.status);
          if (want.balance !== undefined) expect(answer.balance, JSON.stringify(what)).toBe(want.balance);
        };

        for (const c of commands) {
          if (c.kind === 'bet' || c.kind === 'win' || c.kind === 'rollback') {
            const [path, body] = bodyOf(c);
            const want = expected(model, c);
            const answer = await hub88Call(t.app, keys, path, body);
            check(answer, want, c);
            sent.push({ path, body, answer, command: c });
          } else if (c.kind === 'race') {
            const inner = c.command as Command & { kind: 'bet' | 'win' | 'rollback' };
            const [path, body] = bodyOf(inner);
            const want = expected(model, inner);
            const copies = Array.from({ length: c.copies }, () => ({ ...body, request_uuid: randomUUID() }));
            const answers = await Promise.all(copies.map((copy) => hub88Call(t.app, keys, path, copy)));
            for (const answer of answers) check(answer, want, c);
            seen.set('race', (seen.get('race') ?? 0) + 1);
            sent.push({
              path,
              body: copies[0] as Record<string, unknown>,
              answer: answers[0] as Hub88Answer,
              command: inner,
            });
          } else if (sent.length > 0) {
            const first = sent[c.index % sent.length] as (typeof sent)[number];
            if (c.kind === 'resend') {
              // The same request again: its first answer, exactly, whatever happened since.
              expect(await hub88Call(t.app, keys, first.path, first.body)).toEqual(first.answer);
              seen.set('resend', (seen.get('resend') ?? 0) + 1);
            } else if (c.kind === 'retry') {
              const want = expected(model, first.command as Command & { kind: 'bet' | 'win' | 'rollback' });
              const answer = await hub88Call(t.app, keys, first.path, { ...first.body, request_uuid: randomUUID() });
              check(answer, { status: want.status }, { retry: first.command });
            } else {
              expect(
                await hub88Call(
                  t.app,
                  keys,
                  first.path,
                  { ...first.body, request_uuid: randomUUID() },
                  { signature: null },
                ),
              ).toMatchObject({ status: 'RS_ERROR_INVALID_SIGNATURE' });
              seen.set('unsigned', (seen.get('unsigned') ?? 0) + 1);
            }
          }
        }
        const profile = await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token });
        expect((profile.body.data as { balance: number }).balance * 100).toBe(model.balancePaise);
      }),
      { seed: 20_261_128, numRuns: 30, endOnFailure: true },
    );
    expect(await ledgerViolations(t.db)).toEqual([]);
    // The runs reached every outcome the model knows.
    for (const outcome of [
      'RS_OK',
      'RS_ERROR_NOT_ENOUGH_MONEY',
      'RS_ERROR_DUPLICATE_TRANSACTION',
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
      'RS_ERROR_UNKNOWN',
      'resend',
      'race',
      'unsigned',
    ])
      expect(seen.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
  }, 600_000);
});
