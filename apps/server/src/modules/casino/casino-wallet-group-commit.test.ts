import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CasinoWalletResponse, WsServerMessage } from '@khel/contract';
import { createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import type { TestApp } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { addProvider, holdPostings, launchGame, signedCall } from './casino-test-support.js';
import type { SignedCallOptions } from './casino-test-support.js';

/**
 * Decision 0028, third addendum: concurrent one-statement callbacks (players the process knows) share
 * ONE statement and ONE commit, and each still answers exactly what it answers alone. The same
 * scenario, fired with Promise.all through the signed HTTP routes, runs on two products: one with the
 * group commit (as configured by default: one statement in flight) and one with it off
 * (CASINO_WALLET_BATCH=1: every call alone, as before). Both must answer the same, as the model below
 * says; the grouped one must have sent fewer statements than calls, and left every refusal out of its
 * batches without undoing one.
 */

type Answer = CasinoWalletResponse;
type BalanceMessage = Extract<WsServerMessage, { type: 'balance' }>;

interface World {
  t: TestApp;
  acme: SignedCallOptions;
  /** A provider whose net payout limit is ₹100. */
  tiny: SignedCallOptions;
  players: Map<string, { userId: string; token: string }>;
  /** Balance messages heard on the live bus, by player id. */
  heard: Map<string, BalanceMessage[]>;
  /** The writer's counts once the players were warmed up (the scenario's are counted from here). */
  warm: ReturnType<TestApp['services']['casino']['casinoWallet']['writerCounts']>;
}

const SIMPLE = ['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'];
const ACME_PLAYERS = [...SIMPLE, 'two', 'retry', 'broke', 'blocked', 'closed'];
const TINY_PLAYERS = ['t0', 't1'];

/**
 * A product with two providers and its players, each of whom has played one round (debit ₹1, credit 0)
 * so the process knows them: their calls now take the one-statement path the writer groups.
 */
async function world(env: Record<string, string>): Promise<World> {
  const t = await createTestApp(env);
  const director = (await createOperator(t)).token;
  const acme = await addProvider(t, director, 'acme');
  const tiny = await addProvider(t, director, 'tiny', 100);
  const heard = new Map<string, BalanceMessage[]>();
  t.services.bus.onMessage(({ topic, payload }) => {
    if ((payload as { type?: string }).type !== 'balance' || !topic.startsWith('user:')) return;
    const userId = topic.slice('user:'.length);
    heard.set(userId, [...(heard.get(userId) ?? []), payload as BalanceMessage]);
  });
  const players = new Map<string, { userId: string; token: string }>();
  for (const label of [...ACME_PLAYERS, ...TINY_PLAYERS]) {
    const player = await signUpPlayer(t);
    const provider = TINY_PLAYERS.includes(label) ? tiny : acme;
    await launchGame(t.app, player.token, `${provider.provider}-slot`);
    const round = { playerId: player.userId, roundId: `W-${label}`, gameCode: `${provider.provider}-slot` };
    expect(
      (await signedCall(t.app, 'debit', { ...round, transactionId: `w-${label}`, amount: 1 }, provider)).body.data
        .status,
    ).toBe('OK');
    expect(
      (await signedCall(t.app, 'credit', { ...round, transactionId: `wc-${label}`, amount: 0 }, provider)).body.data
        .status,
    ).toBe('OK');
    players.set(label, player);
  }
  // Suspended after the process learnt the player: the statement's guard must refuse what the context would.
  await t.db.query('update users set suspended_at = now() where id = $1', [players.get('blocked')?.userId]);
  return { t, acme, tiny, players, heard, warm: t.services.casino.casinoWallet.writerCounts() };
}

interface Sent {
  label: string;
  kind: 'debit' | 'credit';
  transactionId: string;
  answer: Answer;
  /** The player's balance messages heard by the time this call was answered. */
  pushedBefore: BalanceMessage[];
}

/**
 * Fires every call of a phase at once; each answer is kept with what the live bus had sent by then.
 * The providers' limit stripes are held locked until `fast` calls (the one-statement ones: players
 * the process knows) have reached the writer, so the first call's statement is still in flight when
 * the others arrive, as under load (`holdPostings`).
 */
async function fire(
  w: World,
  fast: number,
  calls: { label: string; kind: 'debit' | 'credit'; transactionId: string; roundId: string; amount: number }[],
): Promise<Sent[]> {
  const wallet = w.t.services.casino.casinoWallet;
  const arrived = wallet.writerCounts().calls + fast;
  const held = await holdPostings(w.t.db, [w.acme.provider, w.tiny.provider]);
  const sent = Promise.all(
    calls.map(async (c) => {
      const player = w.players.get(c.label) as { userId: string };
      const provider = TINY_PLAYERS.includes(c.label) ? w.tiny : w.acme;
      const body = {
        playerId: player.userId,
        transactionId: c.transactionId,
        roundId: c.roundId,
        gameCode: `${provider.provider}-slot`,
        amount: c.amount,
      };
      const answer = (await signedCall(w.t.app, c.kind, body, provider)).body;
      return {
        label: c.label,
        kind: c.kind,
        transactionId: c.transactionId,
        answer,
        pushedBefore: [...(w.heard.get(player.userId) ?? [])],
      };
    }),
  );
  // A wait for the calls to reach the writer, not a time limit: under load their signatures alone take seconds.
  await vi.waitFor(() => expect(wallet.writerCounts().calls).toBeGreaterThanOrEqual(arrived), {
    timeout: 60_000,
    interval: 2,
  });
  await held.release();
  return sent;
}

/** The plain players' calls a[from..to): a debit of ₹(10 + i) each, and a credit of ₹25 for even i, 0 for odd (a lost round). */
function simple(kind: 'debit' | 'credit', from: number, to: number) {
  return SIMPLE.slice(from, to).map((label, offset) => {
    const i = from + offset;
    return {
      label,
      kind,
      transactionId: `${kind[0]}-${label}`,
      roundId: `R-${label}`,
      amount: kind === 'debit' ? 10 + i : i % 2 === 0 ? 25 : 0,
    };
  });
}

/** The scenario: debits of many players at once, then their credits at once, with the hard cases in the middle. */
async function play(w: World): Promise<{ debits: Sent[]; credits: Sent[] }> {
  // Every debit's player is known to the process: all 17 take the one-statement path.
  const debits = await fire(w, 17, [
    ...simple('debit', 0, 4),
    // Two calls of one player: never in one statement; each answers the balance its own posting left.
    { label: 'two', kind: 'debit', transactionId: 'd-two-1', roundId: 'R-two-1', amount: 100 },
    { label: 'two', kind: 'debit', transactionId: 'd-two-2', roundId: 'R-two-2', amount: 200 },
    // A retry racing its original: one moves money, both answer the same.
    { label: 'retry', kind: 'debit', transactionId: 'd-retry', roundId: 'R-retry', amount: 50 },
    { label: 'retry', kind: 'debit', transactionId: 'd-retry', roundId: 'R-retry', amount: 50 },
    { label: 'broke', kind: 'debit', transactionId: 'd-broke', roundId: 'R-broke', amount: 20_000 },
    { label: 'blocked', kind: 'debit', transactionId: 'd-blocked', roundId: 'R-blocked', amount: 5 },
    { label: 'closed', kind: 'debit', transactionId: 'd-closed', roundId: 'W-closed', amount: 5 },
    { label: 't0', kind: 'debit', transactionId: 'd-t0', roundId: 'R-t0', amount: 1 },
    { label: 't1', kind: 'debit', transactionId: 'd-t1', roundId: 'R-t1', amount: 1 },
    ...simple('debit', 4, 8),
  ]);
  // Every credit but c-broke's (a round never debited) has its round hinted by its debit: 14.
  const credits = await fire(w, 14, [
    ...simple('credit', 0, 4),
    { label: 'two', kind: 'credit', transactionId: 'c-two-1', roundId: 'R-two-1', amount: 300 },
    { label: 'two', kind: 'credit', transactionId: 'c-two-2', roundId: 'R-two-2', amount: 0 },
    { label: 'retry', kind: 'credit', transactionId: 'c-retry', roundId: 'R-retry', amount: 40 },
    { label: 'retry', kind: 'credit', transactionId: 'c-retry', roundId: 'R-retry', amount: 40 },
    // Beyond the provider's payout limit (₹100 + the ₹4 of stakes it holds), in the batch beside one that fits.
    { label: 't0', kind: 'credit', transactionId: 'c-t0', roundId: 'R-t0', amount: 500 },
    { label: 't1', kind: 'credit', transactionId: 'c-t1', roundId: 'R-t1', amount: 50 },
    { label: 'broke', kind: 'credit', transactionId: 'c-broke', roundId: 'R-never', amount: 5 },
    ...simple('credit', 4, 8),
  ]);
  return { debits, credits };
}

/** What each call must answer (status, balance in rupees) whatever the order; `two`'s balances depend on its calls' order and are checked apart. */
const START = 9_999;
function expectedOf(sent: Sent): { status: string; balance: number | null } | null {
  const i = SIMPLE.indexOf(sent.label);
  if (i >= 0) return { status: 'OK', balance: START - (10 + i) + (sent.kind === 'credit' && i % 2 === 0 ? 25 : 0) };
  const table: Record<string, { status: string; balance: number | null }> = {
    'd-retry': { status: 'OK', balance: START - 50 },
    'c-retry': { status: 'OK', balance: START - 50 + 40 },
    'd-broke': { status: 'INSUFFICIENT_FUNDS', balance: START },
    'c-broke': { status: 'ROUND_NOT_FOUND', balance: START },
    'd-blocked': { status: 'PLAYER_BLOCKED', balance: START },
    'd-closed': { status: 'ROUND_CLOSED', balance: START },
    'd-t0': { status: 'OK', balance: START - 1 },
    'c-t0': { status: 'LIMIT_REACHED', balance: START - 1 },
    'd-t1': { status: 'OK', balance: START - 1 },
    'c-t1': { status: 'OK', balance: START - 1 + 50 },
  };
  return table[sent.transactionId] ?? null;
}

/** An answer without what differs between two products by construction (ids, names, journal ids). */
function normalised(w: World, sent: Sent): unknown {
  const data = sent.answer.data;
  const label = [...w.players].find(([, player]) => player.userId === data.playerId)?.[0] ?? null;
  return {
    ...sent.answer,
    data: {
      ...data,
      playerId: label,
      playerName: data.playerName === null ? null : 'name',
      reference: data.reference === null ? null : 'ref',
    },
  };
}

let grouped: World;
let alone: World;
let groupedRun: { debits: Sent[]; credits: Sent[] };
let aloneRun: { debits: Sent[]; credits: Sent[] };

beforeAll(async () => {
  grouped = await world({});
  alone = await world({ CASINO_WALLET_BATCH: '1' });
  groupedRun = await play(grouped);
  aloneRun = await play(alone);
}, 300_000);
afterAll(async () => {
  await grouped.t.close();
  await alone.t.close();
});

describe('group commit of concurrent casino wallet callbacks', () => {
  it('answers every call as the model says, and exactly as the same calls answer one at a time', () => {
    for (const run of [groupedRun, aloneRun]) {
      for (const sent of [...run.debits, ...run.credits]) {
        const expected = expectedOf(sent);
        if (expected !== null)
          expect({
            id: sent.transactionId,
            status: sent.answer.data.status,
            balance: sent.answer.data.balance,
          }).toEqual({ id: sent.transactionId, ...expected });
      }
      // Two calls of one player: each answers the balance its own posting left, in one of the two orders.
      const two = (sent: Sent[]) =>
        sent
          .filter((s) => s.label === 'two')
          .map((s) => ({ id: s.transactionId, status: s.answer.data.status, balance: s.answer.data.balance }));
      expect([
        [
          { id: 'd-two-1', status: 'OK', balance: START - 100 },
          { id: 'd-two-2', status: 'OK', balance: START - 300 },
        ],
        [
          { id: 'd-two-1', status: 'OK', balance: START - 300 },
          { id: 'd-two-2', status: 'OK', balance: START - 200 },
        ],
      ]).toContainEqual(two(run.debits));
      expect([
        [
          { id: 'c-two-1', status: 'OK', balance: START },
          { id: 'c-two-2', status: 'OK', balance: START - 300 },
        ],
        [
          { id: 'c-two-1', status: 'OK', balance: START },
          { id: 'c-two-2', status: 'OK', balance: START },
        ],
      ]).toContainEqual(two(run.credits));
      // The retry and its original answer byte for byte the same.
      for (const calls of [run.debits, run.credits]) {
        const [first, second] = calls.filter((s) => s.label === 'retry');
        expect(second?.answer).toEqual(first?.answer);
      }
    }
    const comparable = (w: World, run: { debits: Sent[]; credits: Sent[] }) =>
      [...run.debits, ...run.credits].filter((s) => s.label !== 'two').map((s) => normalised(w, s));
    expect(comparable(grouped, groupedRun)).toEqual(comparable(alone, aloneRun));
  });

  it('shared commits: fewer statements than calls, and no batch undone by a refusal in it', () => {
    const now = grouped.t.services.casino.casinoWallet.writerCounts();
    const scenario = Object.fromEntries(
      Object.entries(now).map(([key, value]) => [key, value - grouped.warm[key as keyof typeof now]]),
    );
    // Per phase: the first call alone (nothing in flight yet), then ONE statement for every other call
    // but the second call of `two` and of `retry` (they meet a batch-mate), then one for those two:
    // 31 one-statement calls in 6 statements. The overdraw, the payout beyond the limit, the taken id,
    // the blocked player and the closed round were in the big batches, left out inside the statement.
    expect(scenario).toEqual({ calls: 31, statements: 6, batches: 4, batchedCalls: 29, fallbacks: 0 });
    const off = alone.t.services.casino.casinoWallet.writerCounts();
    expect({ batches: off.batches, statements: off.statements }).toEqual({ batches: 0, statements: off.calls });
  });

  it('keeps balances exact and the ledger sound; each reference names its own posting', async () => {
    for (const w of [grouped, alone]) {
      expect(await ledgerViolations(w.t.db)).toEqual([]);
      const balances = new Map<string, number>();
      for (const [label, player] of w.players) {
        const row = await w.t.db.query<{ balance_paise: number }>(
          `select balance_paise from ledger_accounts where user_id = $1 and kind = 'player_main'`,
          [player.userId],
        );
        balances.set(label, Number(row.rows[0]?.balance_paise) / 100);
      }
      const end = (label: string) => {
        const i = SIMPLE.indexOf(label);
        if (i >= 0) return START - (10 + i) + (i % 2 === 0 ? 25 : 0);
        return {
          two: START,
          retry: START - 10,
          broke: START,
          blocked: START,
          closed: START,
          t0: START - 1,
          t1: START + 49,
        }[label];
      };
      expect(Object.fromEntries(balances)).toEqual(
        Object.fromEntries([...w.players.keys()].map((label) => [label, end(label)])),
      );
    }
    const run = [...groupedRun.debits, ...groupedRun.credits].filter((s) => s.answer.data.reference !== null);
    const keys = await grouped.t.db.query<{ id: string; idempotency_key: string }>(
      'select id::text, idempotency_key from journal_transactions where id = any($1::bigint[])',
      [run.map((s) => Number(s.answer.data.reference))],
    );
    const keyOf = new Map(keys.rows.map((row) => [row.id, row.idempotency_key]));
    for (const sent of run)
      expect(keyOf.get(sent.answer.data.reference as string)).toMatch(new RegExp(`:${sent.transactionId}$`));
  });

  it('stores each answer as it was given: a later retry replays it byte for byte', async () => {
    for (const sent of [...groupedRun.debits, ...groupedRun.credits].filter((s) => s.answer.data.status === 'OK')) {
      const player = grouped.players.get(sent.label) as { userId: string };
      const provider = TINY_PLAYERS.includes(sent.label) ? grouped.tiny : grouped.acme;
      const rows = await grouped.t.db.query<{ round_id: string; amount_paise: number }>(
        'select round_id, amount_paise from casino_transactions where transaction_id = $1',
        [sent.transactionId],
      );
      const row = rows.rows[0] as { round_id: string; amount_paise: number };
      const body = {
        playerId: player.userId,
        transactionId: sent.transactionId,
        roundId: row.round_id,
        gameCode: `${provider.provider}-slot`,
        amount: Number(row.amount_paise) / 100,
      };
      expect((await signedCall(grouped.t.app, sent.kind, body, provider)).body).toEqual(sent.answer);
    }
  });

  it('pushes each player the balance its call left before answering it', () => {
    for (const sent of [...groupedRun.debits, ...groupedRun.credits].filter((s) => s.answer.data.reference !== null)) {
      expect(sent.pushedBefore.map((message) => message.balance)).toContain(sent.answer.data.balance);
    }
  });
});
