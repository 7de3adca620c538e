import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CasinoWalletResponse } from '@khel/contract';
import { call, createOperator, signUpPlayer } from '../../../test/test-app.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestApp } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { launchGame, signedCall } from './casino-test-support.js';
import type { SignedCallOptions } from './casino-test-support.js';

/**
 * Model-based test of the seamless wallet protocol (PRODUCT.md §4): random sequences of debit, credit
 * and rollback over a few rounds, with transaction ids drawn from a small shared pool (so ids collide
 * across kinds), exact retries of earlier calls, and unsigned, badly signed and stale calls. After every
 * call the real wallet's status and balance must equal a plain in-memory model's, and a retry must
 * answer byte for byte what the first call answered.
 */

const START_PAISE = 10_000_00;
// Each kind mostly draws ids from its own pool; now and then from any pool, so ids collide across kinds.
const DEBIT_IDS = ['d0', 'd1', 'd2', 'd3', 'd4'];
const CREDIT_IDS = ['c0', 'c1', 'c2'];
const ROLLBACK_IDS = ['r0', 'r1', 'r2'];
const ANY_ID = [...DEBIT_IDS, ...CREDIT_IDS, ...ROLLBACK_IDS];
const idFrom = (pool: string[]) =>
  fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: fc.constantFrom(...ANY_ID) });
const ROUNDS = ['g0', 'g1', 'g2'];
const AMOUNTS = [1, 5, 12.5, 50, 2_000, 6_000];

type Request =
  | { kind: 'debit'; id: string; round: string; amount: number }
  | { kind: 'credit'; id: string; round: string; amount: number }
  | { kind: 'rollback'; id: string; round: string; debitId: string };

interface Model {
  balancePaise: number;
  /** Taken ids: what took them, the request's identity, and whether the model expects a stored answer to replay. */
  taken: Map<
    string,
    {
      kind: 'debit' | 'credit' | 'rollback' | 'tombstone';
      identity: string;
      amountPaise: number;
      round: string;
      returned: boolean;
    }
  >;
  rounds: Map<string, { status: 'open' | 'credited' | 'rolled_back'; stakePaise: number; rolledBackPaise: number }>;
}

interface Real {
  run: string;
  playerId: string;
  playerToken: string;
  /** The first answer to each transaction id, to compare retries with. */
  answers: Map<string, CasinoWalletResponse>;
  sent: Request[];
}

let t: TestApp;
let acme: SignedCallOptions;
let runCounter = 0;
/** What the runs exercised, so the test shows it reached every outcome. */
const seen = new Map<string, number>();
const count = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);

const paise = (rupees: number) => Math.round(rupees * 100);
const identityOf = (request: Request) =>
  request.kind === 'rollback'
    ? `rollback|${request.round}|${request.debitId}`
    : `${request.kind}|${request.round}|${paise(request.amount)}`;

/** What the model says the wallet answers, applying the change to the model. */
function expected(model: Model, request: Request): { status: string; replayOf?: string } {
  if (request.kind === 'rollback' && request.id === request.debitId) return { status: 'INVALID_REQUEST' };
  const taken = model.taken.get(request.id);
  if (taken !== undefined) {
    if (request.kind === 'debit' && taken.kind === 'tombstone') return { status: 'TRANSACTION_ROLLED_BACK' };
    if (taken.kind !== request.kind || taken.identity !== identityOf(request))
      return { status: 'TRANSACTION_MISMATCH' };
    return { status: 'OK', replayOf: request.id };
  }
  if (request.kind === 'debit') {
    const round = model.rounds.get(request.round);
    if (round !== undefined && round.status !== 'open') return { status: 'ROUND_CLOSED' };
    const amountPaise = paise(request.amount);
    if (amountPaise > model.balancePaise) return { status: 'INSUFFICIENT_FUNDS' };
    model.balancePaise -= amountPaise;
    model.rounds.set(request.round, {
      status: 'open',
      stakePaise: (round?.stakePaise ?? 0) + amountPaise,
      rolledBackPaise: round?.rolledBackPaise ?? 0,
    });
    model.taken.set(request.id, {
      kind: 'debit',
      identity: identityOf(request),
      amountPaise,
      round: request.round,
      returned: false,
    });
    return { status: 'OK' };
  }
  if (request.kind === 'credit') {
    const round = model.rounds.get(request.round);
    if (round === undefined) return { status: 'ROUND_NOT_FOUND' };
    if (round.status === 'rolled_back') return { status: 'ROUND_CLOSED' };
    if (round.status === 'credited') return { status: 'ROUND_ALREADY_CREDITED' };
    model.balancePaise += paise(request.amount);
    round.status = 'credited';
    model.taken.set(request.id, {
      kind: 'credit',
      identity: identityOf(request),
      amountPaise: paise(request.amount),
      round: request.round,
      returned: false,
    });
    return { status: 'OK' };
  }
  const debit = model.taken.get(request.debitId);
  if (debit === undefined) {
    model.taken.set(request.debitId, {
      kind: 'tombstone',
      identity: '',
      amountPaise: 0,
      round: request.round,
      returned: false,
    });
  } else if (debit.kind === 'debit') {
    if (debit.round !== request.round) return { status: 'INVALID_REQUEST' };
    const round = model.rounds.get(debit.round) as NonNullable<ReturnType<Model['rounds']['get']>>;
    if (round.status === 'credited') return { status: 'ROUND_ALREADY_CREDITED' };
    if (!debit.returned) {
      debit.returned = true;
      model.balancePaise += debit.amountPaise;
      round.rolledBackPaise += debit.amountPaise;
      if (round.rolledBackPaise >= round.stakePaise) round.status = 'rolled_back';
    }
  } else if (debit.kind !== 'tombstone') {
    return { status: 'INVALID_REQUEST' };
  }
  model.taken.set(request.id, {
    kind: 'rollback',
    identity: identityOf(request),
    amountPaise: 0,
    round: request.round,
    returned: false,
  });
  return { status: 'OK' };
}

async function send(real: Real, request: Request, options: SignedCallOptions = acme) {
  const base = {
    playerId: real.playerId,
    transactionId: `${real.run}-${request.id}`,
    roundId: `${real.run}-${request.round}`,
    gameCode: 'acme-slot',
  };
  const payload =
    request.kind === 'rollback'
      ? { ...base, debitTransactionId: `${real.run}-${request.debitId}` }
      : { ...base, amount: request.amount };
  return signedCall(t.app, request.kind, payload, options);
}

async function realBalancePaise(real: Real): Promise<number> {
  return paise(
    ((await call(t.app, 'GET', '/api/v1/getUserData', { token: real.playerToken })).body.data as { balance: number })
      .balance,
  );
}

class Call implements fc.AsyncCommand<Model, Real> {
  constructor(readonly request: Request) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    real.sent.push(this.request);
    const outcome = expected(model, this.request);
    const answer = await send(real, this.request);
    count(outcome.replayOf === undefined ? outcome.status : 'replay');
    expect(answer.status).toBe(200);
    expect(answer.body.data.status, JSON.stringify(this.request)).toBe(outcome.status);
    if (outcome.replayOf !== undefined) expect(answer.body).toEqual(real.answers.get(outcome.replayOf));
    else if (outcome.status === 'OK') {
      real.answers.set(this.request.id, answer.body);
      expect(paise(answer.body.data.balance as number)).toBe(model.balancePaise);
    }
    expect(await realBalancePaise(real)).toBe(model.balancePaise);
  }
  toString = () => JSON.stringify(this.request);
}

/** An exact retry of an earlier call (the index wraps over what was sent so far). */
class Retry implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const earlier = real.sent[this.pick % Math.max(real.sent.length, 1)];
    if (earlier === undefined) return;
    await new Call(earlier).run(model, real);
  }
  toString = () => `retry(${this.pick})`;
}

/** A call that is unsigned, badly signed or stale: HTTP 401, nothing changes, and the id stays free. */
class Forged implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly request: Request,
    readonly how: 'unsigned' | 'bad-signature' | 'wrong-secret' | 'stale' | 'future',
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const options: SignedCallOptions =
      this.how === 'unsigned'
        ? { ...acme, signature: null }
        : this.how === 'bad-signature'
          ? { ...acme, signature: '0'.repeat(64) }
          : this.how === 'wrong-secret'
            ? { ...acme, secret: `${acme.secret}x` }
            : { ...acme, timestampOffsetMs: this.how === 'stale' ? -30_001 : 30_001 };
    const answer = await send(real, this.request, options);
    count('forged');
    expect(answer.status).toBe(401);
    expect(await realBalancePaise(real)).toBe(model.balancePaise);
  }
  toString = () => `${this.how}:${JSON.stringify(this.request)}`;
}

const requestArb: fc.Arbitrary<Request> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('debit' as const),
      id: idFrom(DEBIT_IDS),
      round: fc.constantFrom(...ROUNDS),
      amount: fc.constantFrom(...AMOUNTS),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('credit' as const),
      id: idFrom(CREDIT_IDS),
      round: fc.constantFrom(...ROUNDS),
      amount: fc.constantFrom(0, ...AMOUNTS),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('rollback' as const),
      id: idFrom(ROLLBACK_IDS),
      round: fc.constantFrom(...ROUNDS),
      debitId: idFrom(DEBIT_IDS),
    }),
  },
);

const commands = fc.commands(
  [
    requestArb.map((request) => new Call(request)),
    requestArb.map((request) => new Call(request)),
    fc.nat(50).map((pick) => new Retry(pick)),
    fc
      .tuple(
        requestArb,
        fc.constantFrom(
          'unsigned' as const,
          'bad-signature' as const,
          'wrong-secret' as const,
          'stale' as const,
          'future' as const,
        ),
      )
      .map(([request, how]) => new Forged(request, how)),
  ],
  { maxCommands: 30, size: 'large' },
);

beforeAll(async () => {
  t = await createTestApp();
  const operator = (await createOperator(t)).token;
  const created = await call(t.app, 'POST', '/api/v1/backoffice/casino/providers', {
    token: operator,
    body: { code: 'acme', name: 'Acme Gaming', launchUrlTemplate: 'https://acme.test/?t={token}' },
  });
  acme = { provider: 'acme', secret: (created.body.data as { secret: string }).secret, clock: t.clock };
  await call(t.app, 'POST', '/api/v1/backoffice/casino/games', {
    token: operator,
    body: {
      providerCode: 'acme',
      code: 'acme-slot',
      title: 'Acme Slot',
      category: 'Video Slots',
      isSlot: true,
      launchKind: 'play',
    },
  });
});
afterAll(async () => t.close());

describe('casino wallet protocol against a model', () => {
  it('every ordering of debit, credit and rollback, with duplicates, retries and forged calls, ends as the model says', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        runCounter += 1;
        const player = await signUpPlayer(t);
        await launchGame(t.app, player.token, 'acme-slot');
        const real: Real = {
          run: `m${runCounter}`,
          playerId: player.userId,
          playerToken: player.token,
          answers: new Map(),
          sent: [],
        };
        const model: Model = { balancePaise: START_PAISE, taken: new Map(), rounds: new Map() };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { seed: 20_261_121, numRuns: 60 },
    );
    expect([...seen.keys()].sort()).toEqual(
      [
        'INSUFFICIENT_FUNDS',
        'INVALID_REQUEST',
        'OK',
        'ROUND_ALREADY_CREDITED',
        'ROUND_CLOSED',
        'ROUND_NOT_FOUND',
        'TRANSACTION_MISMATCH',
        'TRANSACTION_ROLLED_BACK',
        'forged',
        'replay',
      ].sort(),
    );
    expect(await ledgerViolations(t.db)).toEqual([]);
    // No provider transaction id ever moved money twice.
    const doubled = await t.db.query(
      `select details->>'transactionId' as id, count(*)::int as n from journal_transactions where kind like 'casino_%' group by 1 having count(*) > 1`,
    );
    expect(doubled.rows).toEqual([]);
    const stored = await t.db.query(
      `select provider_id, transaction_id, count(*)::int as n from casino_transactions group by 1, 2 having count(*) > 1`,
    );
    expect(stored.rows).toEqual([]);
  }, 300_000);
});
