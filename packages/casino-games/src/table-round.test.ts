import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_ANDAR_BAHAR_CONFIG,
  DEFAULT_DRAGON_TIGER_CONFIG,
  DEFAULT_SLOT_CONFIG,
  closeAndReveal,
  closeBetting,
  createTable,
  dealTableRound,
  hashServerSeed,
  openRound,
  placeBet,
  revealRound,
  settleRound,
  spinSlot,
  tableView,
  validateTableConfig,
  verifySlotSpin,
  verifyTableRound,
  voidRound,
  type TableConfig,
  type TableResult,
  type TableState,
} from './index.js';
import { seedsArb, serverSeedArb } from './testing/arbitraries.js';

const SEED_A = 'a'.repeat(64);
const SEED_B = 'b'.repeat(64);
const T0 = 1_700_000_000_000;
const DT_TABLE: TableConfig = {
  tableId: 'dt-1',
  game: { kind: 'dragon-tiger', rules: DEFAULT_DRAGON_TIGER_CONFIG },
  clientSeed: 'table:dt-1',
  bettingWindowMs: 15_000,
  minStakePaise: 10_000,
  maxStakePaise: 5_000_000,
  historyLength: 3,
};
const AB_TABLE: TableConfig = {
  ...DT_TABLE,
  tableId: 'ab-1',
  clientSeed: 'table:ab-1',
  game: { kind: 'andar-bahar', rules: DEFAULT_ANDAR_BAHAR_CONFIG },
};

const bet = (betId: string, kind: string, stakePaise = 10_000, playerId = 'p1') => ({
  betId,
  playerId,
  kind,
  stakePaise,
});

function openTable(config: TableConfig = DT_TABLE): TableState {
  const table = createTable(config);
  const opened = openRound(table, T0, SEED_A);
  expect(opened.ok).toBe(true);
  return table;
}

describe('TBL-1 table configuration', () => {
  it.each<[string, Partial<TableConfig>, string[]]>([
    ['Dragon Tiger', {}, []],
    ['Andar Bahar', { game: AB_TABLE.game }, []],
    ['a betting window under a second', { bettingWindowMs: 999 }, ['BAD_BETTING_WINDOW']],
    ['max below min', { maxStakePaise: 5_000 }, ['BAD_STAKE_LIMITS']],
    ['a bad client seed', { clientSeed: '' }, ['BAD_CLIENT_SEED']],
    [
      'a bad game rule',
      { game: { kind: 'dragon-tiger', rules: { ...DEFAULT_DRAGON_TIGER_CONFIG, decks: 0 } } },
      ['DECKS_OUT_OF_RANGE'],
    ],
  ])('TBL-1 %s', (_name, patch, problems) => expect(validateTableConfig({ ...DT_TABLE, ...patch })).toEqual(problems));

  it('TBL-1 createTable refuses an invalid config (a caller bug)', () => {
    expect(() => createTable({ ...DT_TABLE, historyLength: -1 })).toThrow(/BAD_HISTORY_LENGTH/);
  });
});

describe('TBL-3..TBL-6 one round, step by step', () => {
  it('TBL-3/TBL-8 opening publishes the hash, the view keeps the seed secret and uses nonce = round number', () => {
    const table = openTable();
    const view = tableView(table, T0 + 5_000);
    expect(view.round).toMatchObject({
      roundNumber: 1,
      nonce: 1,
      phase: 'betting',
      serverSeedHash: hashServerSeed(SEED_A),
      serverSeed: null,
      result: null,
      bettingMsLeft: 10_000,
    });
    expect(JSON.stringify(view)).not.toContain(SEED_A);
  });

  it.each<[string, number, ReturnType<typeof bet>, string | null]>([
    ['a bet in the window', T0 + 1, bet('b1', 'dragon'), null],
    ['the last millisecond of the window', T0 + 14_999, bet('b1', 'tie'), null],
    ['the window end is exclusive', T0 + 15_000, bet('b1', 'dragon'), 'BETTING_CLOSED'],
    ['a kind the game lacks', T0 + 1, bet('b1', 'andar'), 'UNKNOWN_BET_KIND'],
    ['suited tie is not offered with one deck', T0 + 1, bet('b1', 'suited_tie'), 'UNKNOWN_BET_KIND'],
    ['a fractional stake', T0 + 1, bet('b1', 'dragon', 10_000.5), 'INVALID_STAKE'],
    ['under the minimum', T0 + 1, bet('b1', 'dragon', 9_999), 'BELOW_MIN_STAKE'],
    ['over the maximum', T0 + 1, bet('b1', 'dragon', 5_000_001), 'ABOVE_MAX_STAKE'],
    ['closed beats the amount rules', T0 + 20_000, bet('b1', 'dragon', 1), 'BETTING_CLOSED'],
  ])('TBL-4 %s', (_name, at, request, reason) => {
    const table = openTable();
    const placed = placeBet(table, at, request);
    expect(placed.ok ? null : placed.reason).toBe(reason);
    expect(table.round?.bets.length).toBe(reason === null ? 1 : 0);
  });

  it('TBL-4 a bet id is taken once per round; no round, no bets', () => {
    const table = openTable();
    expect(placeBet(table, T0 + 1, bet('b1', 'dragon')).ok).toBe(true);
    expect(placeBet(table, T0 + 2, bet('b1', 'tiger'))).toEqual({ ok: false, reason: 'DUPLICATE_BET_ID' });
    expect(placeBet(createTable(DT_TABLE), T0, bet('b1', 'dragon'))).toEqual({ ok: false, reason: 'NO_ROUND' });
  });

  it('TBL-2 a command stamped before the last one is refused and changes nothing', () => {
    const table = openTable();
    expect(placeBet(table, T0 + 5_000, bet('b1', 'dragon')).ok).toBe(true);
    expect(placeBet(table, T0 + 4_999, bet('b2', 'dragon'))).toEqual({ ok: false, reason: 'STALE_TIME' });
    expect(closeBetting(table, Number.NaN)).toEqual({ ok: false, reason: 'STALE_TIME' });
    expect(table.round?.bets.map((b) => b.betId)).toEqual(['b1']);
  });

  it('TBL-5/TBL-6 close (not before the window ends) → reveal → settle, each refused out of turn', () => {
    const table = openTable();
    placeBet(table, T0 + 1_000, bet('d', 'dragon', 10_000, 'p1'));
    placeBet(table, T0 + 2_000, bet('t', 'tiger', 20_000, 'p2'));
    placeBet(table, T0 + 3_000, bet('x', 'tie', 10_000, 'p3'));
    expect(revealRound(table, T0 + 3_000)).toEqual({ ok: false, reason: 'WRONG_PHASE' });
    expect(closeBetting(table, T0 + 14_999)).toEqual({ ok: false, reason: 'BETTING_STILL_OPEN' });
    expect(openRound(table, T0 + 14_999, SEED_B)).toEqual({ ok: false, reason: 'ROUND_IN_PROGRESS' });
    expect(closeBetting(table, T0 + 15_000).ok).toBe(true);
    expect(placeBet(table, T0 + 15_000, bet('late', 'dragon'))).toEqual({ ok: false, reason: 'BETTING_CLOSED' });
    expect(tableView(table, T0 + 15_000).round?.serverSeed).toBeNull();
    expect(settleRound(table, T0 + 15_500)).toEqual({ ok: false, reason: 'WRONG_PHASE' });
    const revealed = revealRound(table, T0 + 16_000);
    if (!revealed.ok) throw new Error(revealed.reason);
    const expected = dealTableRound(DT_TABLE.game, { serverSeed: SEED_A, clientSeed: 'table:dt-1', nonce: 1 });
    expect(revealed.result).toEqual(expected);
    expect(tableView(table, T0 + 16_000).round).toMatchObject({
      phase: 'revealed',
      serverSeed: SEED_A,
      result: expected,
    });
    const settled = settleRound(table, T0 + 20_000);
    if (!settled.ok) throw new Error(settled.reason);
    const pay = (kind: string, stake: number): number =>
      expected.kind === 'dragon-tiger'
        ? expected.winner === kind
          ? (kind === 'tie' ? 12 : 2) * stake
          : expected.winner === 'tie' && kind !== 'tie'
            ? stake / 2
            : 0
        : -1;
    expect(settled.payouts).toEqual([
      { betId: 'd', playerId: 'p1', kind: 'dragon', stakePaise: 10_000, payoutPaise: pay('dragon', 10_000) },
      { betId: 't', playerId: 'p2', kind: 'tiger', stakePaise: 20_000, payoutPaise: pay('tiger', 20_000) },
      { betId: 'x', playerId: 'p3', kind: 'tie', stakePaise: 10_000, payoutPaise: pay('tie', 10_000) },
    ]);
    expect(settleRound(table, T0 + 20_001)).toEqual({ ok: false, reason: 'NO_ROUND' });
    expect(table.history[0]).toMatchObject({
      roundNumber: 1,
      phase: 'settled',
      serverSeed: SEED_A,
      result: expected,
      totalStakePaise: 40_000,
    });
  });

  it('TBL-5 closeAndReveal does both at once; refused while the window is open', () => {
    const table = openTable(AB_TABLE);
    expect(closeAndReveal(table, T0 + 10)).toEqual({ ok: false, reason: 'BETTING_STILL_OPEN' });
    const revealed = closeAndReveal(table, T0 + 15_000);
    expect(revealed.ok && revealed.result.kind).toBe('andar-bahar');
  });

  it('TBL-7 void returns every stake and reveals the seed, from any unfinished phase', () => {
    for (const step of ['betting', 'closed', 'revealed'] as const) {
      const table = openTable();
      placeBet(table, T0 + 1, bet('b1', 'tie', 12_345));
      if (step !== 'betting') closeBetting(table, T0 + 15_000);
      if (step === 'revealed') revealRound(table, T0 + 15_000);
      const voided = voidRound(table, T0 + 16_000);
      expect(voided.ok && voided.payouts).toEqual([
        { betId: 'b1', playerId: 'p1', kind: 'tie', stakePaise: 12_345, payoutPaise: 12_345 },
      ]);
      expect(table.history[0]).toMatchObject({ phase: 'voided', serverSeed: SEED_A, totalPayoutPaise: 12_345 });
      expect(voidRound(table, T0 + 16_001)).toEqual({ ok: false, reason: 'NO_ROUND' });
    }
  });

  it('TBL-3 a malformed server seed is refused', () => {
    expect(openRound(createTable(DT_TABLE), T0, 'not-hex')).toEqual({ ok: false, reason: 'INVALID_SERVER_SEED' });
  });
});

/** Plays n rounds of 15 s betting, 5 s reveal; returns the table. */
function playRounds(config: TableConfig, seeds: string[], restoreEachStep = false): TableState {
  let table = createTable(config);
  let t = T0;
  seeds.forEach((seed, i) => {
    if (restoreEachStep) table = JSON.parse(JSON.stringify(table)) as TableState;
    expect(openRound(table, t, seed).ok).toBe(true);
    expect(
      placeBet(table, t + 100, bet(`r${i}`, config.game.kind === 'dragon-tiger' ? 'dragon' : 'bahar', 10_000 + i)).ok,
    ).toBe(true);
    if (restoreEachStep) table = JSON.parse(JSON.stringify(table)) as TableState;
    expect(closeAndReveal(table, t + 15_000).ok).toBe(true);
    expect(settleRound(table, t + 20_000).ok).toBe(true);
    t += 20_000;
  });
  return table;
}

describe('TBL-8/TBL-9 road, replay and fairness over many rounds', () => {
  it('TBL-9 the road keeps the last N rounds, newest first', () => {
    const table = playRounds(
      DT_TABLE,
      ['1', '2', '3', '4', '5'].map((c) => c.repeat(64)),
    );
    expect(table.history.map((r) => r.roundNumber)).toEqual([5, 4, 3]);
    expect(tableView(table, T0).history).toHaveLength(3);
  });

  it('TBL-9 the state is plain JSON: storing and reloading it between commands plays the same rounds', () => {
    fc.assert(
      fc.property(
        fc.array(serverSeedArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(DT_TABLE, AB_TABLE),
        (seeds, config) => {
          expect(playRounds(config, seeds, true)).toEqual(playRounds(config, seeds));
        },
      ),
      { seed: 401, numRuns: 40 },
    );
  });

  it('VER-1 every round on the road verifies; a tampered seed or result does not', () => {
    fc.assert(
      fc.property(
        fc.array(serverSeedArb, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(DT_TABLE, AB_TABLE),
        serverSeedArb,
        (seeds, config, other) => {
          const table = playRounds(config, seeds);
          for (const record of table.history) {
            const result = record.result as TableResult;
            expect(verifyTableRound(config.game, record, result).valid).toBe(true);
            // A result read back from jsonb has its keys in another order and still verifies.
            const reordered = Object.fromEntries(Object.entries(result).reverse()) as TableResult;
            expect(verifyTableRound(config.game, record, reordered).valid).toBe(true);
            fc.pre(other !== record.serverSeed);
            expect(verifyTableRound(config.game, { ...record, serverSeed: other }, result)).toMatchObject({
              valid: false,
              failure: 'HASH_MISMATCH',
            });
            const tampered = dealTableRound(config.game, { ...record, nonce: record.nonce + 1 });
            if (JSON.stringify(tampered) !== JSON.stringify(result)) {
              expect(verifyTableRound(config.game, record, tampered)).toMatchObject({
                valid: false,
                failure: 'RESULT_MISMATCH',
              });
            }
          }
        },
      ),
      { seed: 402, numRuns: 40 },
    );
  });

  it('VER-2 every slot spin verifies; a tampered seed, stop or payout does not', () => {
    fc.assert(
      fc.property(seedsArb, serverSeedArb, fc.integer({ min: 1, max: 1_000_000 }), (seeds, other, stake) => {
        const spin = spinSlot(DEFAULT_SLOT_CONFIG, seeds, stake);
        const published = { ...seeds, serverSeedHash: hashServerSeed(seeds.serverSeed) };
        expect(verifySlotSpin(DEFAULT_SLOT_CONFIG, published, spin).valid).toBe(true);
        fc.pre(other !== seeds.serverSeed);
        expect(verifySlotSpin(DEFAULT_SLOT_CONFIG, { ...published, serverSeed: other }, spin)).toMatchObject({
          valid: false,
          failure: 'HASH_MISMATCH',
        });
        const stops = [...spin.stops];
        stops[0] = ((stops[0] as number) + 1) % (DEFAULT_SLOT_CONFIG.reels[0] as string[]).length;
        expect(verifySlotSpin(DEFAULT_SLOT_CONFIG, published, { ...spin, stops })).toMatchObject({
          valid: false,
          failure: 'RESULT_MISMATCH',
        });
        expect(
          verifySlotSpin(DEFAULT_SLOT_CONFIG, published, { ...spin, totalPayoutPaise: spin.totalPayoutPaise + 1 }),
        ).toMatchObject({ valid: false, failure: 'RESULT_MISMATCH' });
        expect(verifySlotSpin(DEFAULT_SLOT_CONFIG, { ...published, nonce: -1 }, spin)).toEqual({
          valid: false,
          failure: 'MALFORMED_SEEDS',
          recomputed: null,
        });
      }),
      { seed: 403, numRuns: 150 },
    );
  });
});
