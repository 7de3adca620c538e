/** CR-1..CR-9: the seed chain verifies, and a bet is cashed out below the crash or lost, never both, under any race. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CRASH_CONFIG,
  advanceCrashRound,
  cashOutCrashBet,
  crashChainCommitment,
  crashChainSeed,
  crashChainSeeds,
  crashElapsedFor,
  crashMultiplierAt,
  crashPointHundredths,
  crashRoundView,
  hashServerSeed,
  openCrashRound,
  placeCrashBet,
  verifyCrashChain,
} from './index.js';
import { serverSeedArb } from './testing/arbitraries.js';

const config = DEFAULT_CRASH_CONFIG;

describe('CR-1/CR-2 the seed chain', () => {
  const terminal = hashServerSeed('chain test terminal');
  const length = 500;
  const commitment = crashChainCommitment(terminal, length);

  it('CR-2 every round’s seed hashes to the previous one and, k times, to the commitment', () => {
    let previous = commitment;
    for (let k = 1; k <= length; k += 1) {
      const seed = crashChainSeed(terminal, length, k);
      expect(hashServerSeed(seed)).toBe(previous);
      expect(verifyCrashChain(seed, k, commitment)).toBe(true);
      previous = seed;
    }
  });

  it('CR-1 the chain walked once gives every round the seed and the chain the commitment a walk per round gives', () => {
    const walked = crashChainSeeds(terminal, length);
    expect(walked.commitment).toBe(commitment);
    expect(walked.seeds).toHaveLength(length);
    expect(walked.seeds[length - 1]).toBe(terminal);
    for (let k = 1; k <= length; k += 1) expect(walked.seeds[k - 1]).toBe(crashChainSeed(terminal, length, k));
  });

  it('CR-2 a seed not on the chain, or at the wrong position, does not verify', () => {
    const seed = crashChainSeed(terminal, length, 10);
    expect(verifyCrashChain(seed, 11, commitment)).toBe(false);
    expect(verifyCrashChain(hashServerSeed('forged'), 10, commitment)).toBe(false);
    expect(
      verifyCrashChain(
        seed.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
        10,
        commitment,
      ),
    ).toBe(false);
  });

  it('CR-3 the crash point is deterministic, at least 1.00× and at most the cap', () => {
    fc.assert(
      fc.property(serverSeedArb, (seed) => {
        const crash = crashPointHundredths(seed, config.salt, config.houseEdgeBasisPoints);
        expect(crash).toBe(crashPointHundredths(seed, config.salt, config.houseEdgeBasisPoints));
        expect(crash).toBeGreaterThanOrEqual(100);
        expect(crash).toBeLessThanOrEqual(1_000_000);
      }),
    );
  });

  it('CR-5 the crash comes at the first millisecond the multiplier reaches the crash point', () => {
    for (const m of [100, 101, 150, 200, 1_000, 123_456]) {
      const ms = crashElapsedFor(m, config.growthPerMs);
      expect(crashMultiplierAt(ms, config.growthPerMs)).toBeGreaterThanOrEqual(m);
      if (ms > 0) expect(crashMultiplierAt(ms - 1, config.growthPerMs)).toBeLessThan(m);
    }
  });
});

const PLAYERS = ['p1', 'p2', 'p3'];
const commandArb = fc.record({
  afterMs: fc.nat({ max: 4_000 }),
  player: fc.constantFrom(...PLAYERS),
  slot: fc.constantFrom(0, 1),
});
const betArb = fc.record({
  player: fc.constantFrom(...PLAYERS),
  slot: fc.constantFrom(0, 1),
  stakePaise: fc.integer({ min: 1_000, max: 1_000_000 }),
  auto: fc.option(fc.integer({ min: 101, max: 1_000 }), { nil: null }),
});

describe('CR-7/CR-8 races between cash-outs and the crash (the server decides)', () => {
  it('every bet is either cashed out at a multiplier ≤ the crash point and paid that, or lost and paid 0, never both; a cash-out at or after the crash is refused', () => {
    fc.assert(
      fc.property(
        serverSeedArb,
        fc.array(betArb, { maxLength: 8 }),
        fc.array(commandArb, { maxLength: 30 }),
        (seed, bets, commands) => {
          const round = openCrashRound(config, 1, seed, 0);
          bets.forEach((b, i) =>
            placeCrashBet(config, round, 10, {
              betId: `b${i}`,
              playerId: b.player,
              slot: b.slot,
              stakePaise: b.stakePaise,
              autoCashOutHundredths: b.auto,
            }),
          );
          let now = round.startsAtMs;
          for (const command of commands) {
            now += command.afterMs;
            const answer = cashOutCrashBet(config, round, now, command.player, command.slot);
            if (answer.ok) {
              expect(now).toBeLessThan(round.crashAtMs);
              expect(answer.bet.cashOutHundredths).toBeLessThanOrEqual(round.crashPointHundredths);
            } else if (now >= round.crashAtMs)
              expect(['CRASHED', 'NO_BET', 'ALREADY_CASHED_OUT']).toContain(answer.reason);
          }
          advanceCrashRound(config, round, Math.max(now, round.crashAtMs));
          expect(round.phase).toBe('crashed');
          for (const bet of round.bets) {
            if (bet.status === 'cashed_out') {
              expect(bet.cashOutHundredths).not.toBeNull();
              expect(bet.cashOutHundredths as number).toBeLessThanOrEqual(round.crashPointHundredths);
              expect(bet.cashedOutAtMs as number).toBeLessThanOrEqual(round.crashAtMs);
              expect(bet.payoutPaise).toBe(Math.floor((bet.stakePaise * (bet.cashOutHundredths as number)) / 100));
            } else {
              expect(bet.status).toBe('lost');
              expect(bet.cashOutHundredths).toBeNull();
              expect(bet.payoutPaise).toBe(0);
              // An auto cash-out at or below the crash point is never lost.
              if (bet.autoCashOutHundredths !== null)
                expect(bet.autoCashOutHundredths).toBeGreaterThan(round.crashPointHundredths);
            }
          }
          // A decided bet stays decided: another cash-out changes nothing.
          const before = JSON.stringify(round.bets);
          for (const p of PLAYERS) cashOutCrashBet(config, round, round.lastCommandAtMs + 1, p, 0);
          expect(JSON.stringify(round.bets)).toBe(before);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('CR-6 bets close at take-off, two per player, and the view hides the seed and crash point until the crash', () => {
    const round = openCrashRound(config, 7, hashServerSeed('view'), 1_000);
    const bet = (slot: number, id: string) => ({
      betId: id,
      playerId: 'p',
      slot,
      stakePaise: 10_00,
      autoCashOutHundredths: null,
    });
    expect(placeCrashBet(config, round, 1_001, bet(0, 'a')).ok).toBe(true);
    expect(placeCrashBet(config, round, 1_002, bet(1, 'b')).ok).toBe(true);
    expect(placeCrashBet(config, round, 1_003, bet(0, 'c'))).toEqual({ ok: false, reason: 'SLOT_TAKEN' });
    expect(placeCrashBet(config, round, 1_003, bet(2, 'd'))).toEqual({ ok: false, reason: 'BAD_SLOT' });
    expect(placeCrashBet(config, round, round.startsAtMs, { ...bet(0, 'e'), playerId: 'q' })).toEqual({
      ok: false,
      reason: 'BETTING_CLOSED',
    });
    expect(crashRoundView(round).serverSeed).toBeNull();
    expect(crashRoundView(round).crashPointHundredths).toBeNull();
    advanceCrashRound(config, round, round.crashAtMs);
    expect(crashRoundView(round).crashPointHundredths).toBe(round.crashPointHundredths);
    expect(crashRoundView(round).serverSeed).toBe(round.serverSeed);
  });
});
