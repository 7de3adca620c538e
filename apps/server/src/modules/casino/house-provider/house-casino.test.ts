import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dragonTigerReturnHundredths, DEFAULT_DRAGON_TIGER_CONFIG } from '@khel/casino-games';
import type { DragonTigerResult } from '@khel/casino-games';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../../test/test-app.js';
import type { Answer, TestApp } from '../../../../test/test-app.js';
import { ledgerViolations } from '../../../../test/ledger-invariants.js';
import { indiaDayMonthYear } from '@khel/money';
import { createCasinoServices } from '../casino-module.js';

let t: TestApp;

async function launch(token: string, path: 'play' | 'table', game: string): Promise<string> {
  const answer =
    path === 'play'
      ? await call(t.app, 'POST', '/play-game', { token, body: { gameId: game } })
      : await call(t.app, 'GET', `/live-casino/${game}`, { token });
  const url = (answer.body.data as { url: string }).url;
  expect(url.startsWith(`/house-casino/play/${game}?token=`)).toBe(true);
  return new URL(url, 'http://x').searchParams.get('token') as string;
}

function game(method: 'GET' | 'POST', url: string, gameToken: string | null, body?: unknown): Promise<Answer> {
  return call(t.app, method, url, {
    ...(body === undefined ? {} : { body }),
    headers: gameToken === null ? {} : { 'x-game-token': gameToken },
  });
}

async function balanceOf(token: string): Promise<number> {
  return ((await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number }).balance;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('house slot', () => {
  it('spins through the signed wallet, keeps the balance in step, and every spin verifies once the seed is rotated', async () => {
    const player = await signUpPlayer(t);
    const token = await launch(player.token, 'play', 'royal-bengal');
    const session = await game('GET', '/api/v1/house-casino/session/royal-bengal', token);
    expect(session.body.data).toMatchObject({ balance: 10_000, game: { kind: 'slot', title: 'Royal Bengal' } });
    const info = await game('GET', '/api/v1/house-casino/slots/royal-bengal', token);
    const committed = (info.body.data as { seeds: { serverSeedHash: string; nonce: number }; theoreticalRtp: number })
      .seeds;
    expect(committed.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect((info.body.data as { theoreticalRtp: number }).theoreticalRtp).toBeCloseTo(0.961, 2);

    let expected = 10_000;
    const spins: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const spin = await game('POST', '/api/v1/house-casino/slots/royal-bengal/spin', token, { stake: 20 });
      expect(spin.body.meta.code).toBe(200);
      const data = spin.body.data as {
        spinId: string;
        payout: number;
        balance: number;
        seeds: { serverSeedHash: string; nonce: number };
        grid: string[][];
      };
      expect(data.seeds).toMatchObject({ serverSeedHash: committed.serverSeedHash, nonce: committed.nonce + i });
      expect(data.grid).toHaveLength(5);
      expected = Math.round((expected - 20 + data.payout) * 100) / 100;
      expect(data.balance).toBe(expected);
      spins.push(data.spinId);
    }
    expect(await balanceOf(player.token)).toBe(expected);

    const hidden = await game('GET', `/api/v1/house-casino/verify/spin/${spins[0]}`, null);
    expect(hidden.body.data).toMatchObject({ published: { serverSeed: null }, verification: null });
    const rotated = await game('POST', '/api/v1/house-casino/slots/royal-bengal/rotate-seed', token, {
      clientSeed: 'my lucky seed',
    });
    expect((rotated.body.data as { revealed: { serverSeedHash: string; lastNonce: number } }).revealed).toMatchObject({
      serverSeedHash: committed.serverSeedHash,
      lastNonce: 11,
    });
    expect((rotated.body.data as { next: { clientSeed: string; nonce: number } }).next).toMatchObject({
      clientSeed: 'my lucky seed',
      nonce: 0,
    });
    for (const spinId of spins) {
      const verified = await game('GET', `/api/v1/house-casino/verify/spin/${spinId}`, null);
      expect((verified.body.data as { verification: { valid: boolean } }).verification.valid).toBe(true);
    }

    const day = indiaDayMonthYear(t.clock.now());
    const statement = (await call(t.app, 'GET', '/api/v1/account-statement', { token: player.token })).body.data as {
      lines: { kind: string; description: string }[];
    };
    expect(statement.lines.filter((line) => line.kind === 'casino_debit')).toHaveLength(12);
    expect(statement.lines.find((line) => line.kind === 'casino_debit')?.description).toBe(
      `Slots / Khel Originals / ${day}`,
    );
    const bets = (await call(t.app, 'GET', '/api/v1/casino-bets-by-date?provider=khel-house', { token: player.token }))
      .body.data as { status: string }[];
    expect(bets).toHaveLength(12);
    expect(bets.every((bet) => bet.status === 'credited')).toBe(true);
  });

  it('SLOT-12 Monsoon Gems: a spin with free spins is one debit and one credit of the whole round; it verifies and the books reconcile', async () => {
    const player = await signUpPlayer(t);
    const token = await launch(player.token, 'play', 'monsoon-gems');
    const info = (await game('GET', '/api/v1/house-casino/slots/monsoon-gems', token)).body.data as {
      theoreticalRtp: number;
      config: { freeSpins?: unknown };
    };
    expect(info.theoreticalRtp).toBeCloseTo(0.9694, 4);
    expect(info.config.freeSpins).toBeDefined();
    type Spin = {
      spinId: string;
      payout: number;
      balance: number;
      lineWins: { payout: number }[];
      scatterWin: { payout: number } | null;
      freeSpins: { spinsPlayed: number; payout: number; spins: { payout: number; multiplier: number }[] } | null;
    };
    let expected = 10_000;
    let featured: Spin | null = null;
    let spins = 0;
    // The feature comes once in 116 spins on average; 1,500 spins miss it with probability 2.5 × 10⁻⁶. The number
    // of spins is the server seed's luck, so the test's time is too: one in 30 runs needs over 400 spins, which
    // outlasts the default 30 s on a slow machine (240 s covers the 1,500).
    for (let i = 0; i < 1_500 && featured === null; i += 1) {
      const spin = (await game('POST', '/api/v1/house-casino/slots/monsoon-gems/spin', token, { stake: 10 })).body
        .data as Spin;
      spins += 1;
      expected = Math.round((expected - 10 + spin.payout) * 100) / 100;
      expect(spin.balance).toBe(expected);
      if (spin.freeSpins !== null) featured = spin;
      else
        expect(spin.payout).toBeCloseTo(
          spin.lineWins.reduce((sum, w) => sum + w.payout, 0) + (spin.scatterWin?.payout ?? 0),
          2,
        );
    }
    expect(featured).not.toBeNull();
    const feature = (featured as Spin).freeSpins as NonNullable<Spin['freeSpins']>;
    expect(feature.spins).toHaveLength(feature.spinsPlayed);
    expect(feature.spins[0]?.multiplier).toBe(2);
    expect(feature.payout).toBeCloseTo(
      feature.spins.reduce((sum, s) => sum + s.payout, 0),
      2,
    );
    const paid =
      (featured as Spin).lineWins.reduce((sum, w) => sum + w.payout, 0) + ((featured as Spin).scatterWin?.payout ?? 0);
    expect((featured as Spin).payout).toBeCloseTo(paid + feature.payout, 2);
    expect(await balanceOf(player.token)).toBe(expected);

    // The wallet saw one round for it: the stake debited and the whole round (free spins included) credited once.
    const bets = (await call(t.app, 'GET', '/api/v1/casino-bets-by-date?provider=khel-house', { token: player.token }))
      .body.data as { status: string }[];
    expect(bets.every((bet) => bet.status === 'credited')).toBe(true);
    // The day's list shows the latest 500 rounds; the feature comes after spin 500 about once in 80 runs.
    expect(bets.length).toBe(Math.min(spins, 500));
    const statement = (await call(t.app, 'GET', '/api/v1/account-statement', { token: player.token })).body.data as {
      lines: { kind: string; amount?: number; credit?: number }[];
    };
    expect(statement.lines.filter((line) => line.kind === 'casino_debit').length).toBe(spins);

    await game('POST', '/api/v1/house-casino/slots/monsoon-gems/rotate-seed', token, {});
    const verified = (await game('GET', `/api/v1/house-casino/verify/spin/${(featured as Spin).spinId}`, null)).body
      .data as { verification: { valid: boolean; recomputed: { freeSpins: { spinsPlayed: number } | null } } };
    expect(verified.verification.valid).toBe(true);
    expect(verified.verification.recomputed.freeSpins?.spinsPlayed).toBe(feature.spinsPlayed);

    expect(await ledgerViolations(t.db)).toEqual([]);
    const operator = await createOperator(t);
    const reconciliation = (
      await call(t.app, 'GET', '/api/v1/backoffice/casino/reconciliation/khel-house', { token: operator.token })
    ).body.data as {
      problems: { kind: string }[];
      debits: number;
      credits: number;
      rollbacks: number;
      journalNet: number;
    };
    expect(reconciliation.debits - reconciliation.credits - reconciliation.rollbacks).toBeCloseTo(
      reconciliation.journalNet,
      2,
    );
    expect(reconciliation.problems.filter((problem) => problem.kind !== 'ROUND_OPEN')).toEqual([]);
  }, 240_000);

  it('refuses a spin beyond the balance, below the minimum, and without a valid launch token', async () => {
    const player = await signUpPlayer(t);
    const token = await launch(player.token, 'play', 'royal-bengal');
    const big = await game('POST', '/api/v1/house-casino/slots/royal-bengal/spin', token, { stake: 10_000.5 });
    expect(big.body.meta.error).toBe('VALIDATION_FAILED');
    const small = await game('POST', '/api/v1/house-casino/slots/royal-bengal/spin', token, { stake: 5 });
    expect(small.body.meta).toMatchObject({ error: 'VALIDATION_FAILED', message: 'Minimum stake is ₹10' });
    // The bonus wallet (empty) is selected, and a game launched now is bound to it: the stake would come from it.
    await call(t.app, 'PUT', '/api/v1/wallet', { token: player.token, body: { selectedWallet: '2' } });
    t.clock.advanceMs(1_000);
    const bonusToken = await launch(player.token, 'play', 'royal-bengal');
    const broke = await game('POST', '/api/v1/house-casino/slots/royal-bengal/spin', bonusToken, { stake: 20 });
    expect(broke.body.meta.error).toBe('WALLET_INSUFFICIENT_FUNDS');
    await call(t.app, 'PUT', '/api/v1/wallet', { token: player.token, body: { selectedWallet: '1' } });
    expect(await balanceOf(player.token)).toBe(10_000);
    const forged = await game('POST', '/api/v1/house-casino/slots/royal-bengal/spin', 'not-a-real-launch-token', {
      stake: 20,
    });
    expect(forged.status).toBe(401);
    const none = await game('POST', '/api/v1/house-casino/slots/royal-bengal/spin', null, { stake: 20 });
    expect(none.status).toBe(401);
  });
});

describe('house tables', () => {
  it('runs a shared Dragon Tiger round: hash while betting, bet, reveal, settle, road, statement and verification', async () => {
    const alice = await signUpPlayer(t);
    const bob = await signUpPlayer(t);
    const aliceToken = await launch(alice.token, 'table', 'dragon-tiger');
    const bobToken = await launch(bob.token, 'table', 'dragon-tiger');
    const house = t.services.casino.house;
    await house.tick();
    const opening = (await game('GET', '/api/v1/house-casino/tables/dragon-tiger', aliceToken)).body.data as {
      view: {
        round: {
          roundNumber: number;
          phase: string;
          serverSeedHash: string;
          serverSeed: string | null;
          bettingMsLeft: number;
        };
      };
    };
    expect(opening.view.round).toMatchObject({ phase: 'betting', serverSeed: null, bettingMsLeft: 15_000 });
    const roundNumber = opening.view.round.roundNumber;

    const dragon = await game('POST', '/api/v1/house-casino/tables/dragon-tiger/bets', aliceToken, {
      kind: 'dragon',
      stake: 100,
    });
    expect(dragon.body.data).toMatchObject({ roundNumber, kind: 'dragon', stake: 100, balance: 9_900 });
    await game('POST', '/api/v1/house-casino/tables/dragon-tiger/bets', aliceToken, { kind: 'tie', stake: 10 });
    await game('POST', '/api/v1/house-casino/tables/dragon-tiger/bets', bobToken, { kind: 'tiger', stake: 50 });
    const low = await game('POST', '/api/v1/house-casino/tables/dragon-tiger/bets', bobToken, {
      kind: 'tiger',
      stake: 1,
    });
    expect(low.body.meta).toMatchObject({ error: 'VALIDATION_FAILED', message: 'Minimum bet is ₹10' });
    const unknownKind = await game('POST', '/api/v1/house-casino/tables/dragon-tiger/bets', bobToken, {
      kind: 'andar',
      stake: 10,
    });
    expect(unknownKind.body.meta.error).toBe('VALIDATION_FAILED');
    const shared = (await game('GET', '/api/v1/house-casino/tables/dragon-tiger', bobToken)).body.data as {
      view: { round: { stakeByKindPaise: Record<string, number> } };
      myBets: unknown[];
    };
    expect(shared.view.round.stakeByKindPaise).toEqual({ dragon: 100_00, tiger: 50_00, tie: 10_00 });
    expect(shared.myBets).toHaveLength(1);

    t.clock.advanceMs(15_000);
    await house.tick();
    const revealed = (await game('GET', '/api/v1/house-casino/tables/dragon-tiger', aliceToken)).body.data as {
      view: { round: { phase: string; serverSeed: string; result: DragonTigerResult } };
    };
    expect(revealed.view.round.phase).toBe('revealed');
    expect(revealed.view.round.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const late = await game('POST', '/api/v1/house-casino/tables/dragon-tiger/bets', bobToken, {
      kind: 'dragon',
      stake: 10,
    });
    expect(late.body.meta.error).toBe('CONFLICT');

    t.clock.advanceMs(4_000);
    await house.tick();
    const result = revealed.view.round.result;
    const pay = (kind: 'dragon' | 'tiger' | 'tie', stake: number) =>
      Math.floor((stake * dragonTigerReturnHundredths(DEFAULT_DRAGON_TIGER_CONFIG, result, kind)) / 100) / 100;
    expect(await balanceOf(alice.token)).toBeCloseTo(10_000 - 110 + pay('dragon', 100_00) + pay('tie', 10_00), 2);
    expect(await balanceOf(bob.token)).toBeCloseTo(10_000 - 50 + pay('tiger', 50_00), 2);
    const settled = (await game('GET', '/api/v1/house-casino/tables/dragon-tiger', aliceToken)).body.data as {
      view: { round: { phase: string }; history: { roundNumber: number }[] };
      myBets: { payout: number | null }[];
    };
    expect(settled.view.round.phase).toBe('settled');
    expect(settled.view.history[0]?.roundNumber).toBe(roundNumber);
    expect(settled.myBets.map((bet) => bet.payout)).toEqual([pay('dragon', 100_00), pay('tie', 10_00)]);

    const day = indiaDayMonthYear(t.clock.now());
    const bets = (await call(t.app, 'GET', '/api/v1/casino-bets-by-date?provider=khel-house', { token: alice.token }))
      .body.data as { roundId: string; description: string; stake: number; status: string }[];
    // Two bets, one wallet round, one credit: the sum of both payouts (the wallet pays a round once).
    expect(bets).toEqual([
      expect.objectContaining({
        roundId: `dragon-tiger:${roundNumber}`,
        description: `Live Casino / Khel Originals / ${day}`,
        stake: 110,
        status: 'credited',
      }),
    ]);
    const credits = await t.db.query<{ transaction_id: string }>(
      `select transaction_id from casino_transactions where kind = 'credit' and round_id = $1 and user_id = $2`,
      [`dragon-tiger:${roundNumber}`, alice.userId],
    );
    expect(credits.rows.map((row) => row.transaction_id)).toEqual([`win-dragon-tiger:${roundNumber}:${alice.userId}`]);
    const statement = (await call(t.app, 'GET', '/api/v1/account-statement', { token: alice.token })).body.data as {
      lines: { description: string }[];
    };
    expect(
      statement.lines.filter((line) => line.description === `Live Casino / Khel Originals / ${day}`).length,
    ).toBeGreaterThanOrEqual(2);

    const verified = (await game('GET', `/api/v1/house-casino/verify/table/dragon-tiger/${roundNumber}`, null)).body
      .data as { verification: { valid: boolean }; published: { serverSeed: string } };
    expect(verified.verification.valid).toBe(true);
    expect(verified.published.serverSeed).toBe(revealed.view.round.serverSeed);

    // The next round opens after the pause, with a fresh commitment.
    t.clock.advanceMs(4_000);
    await house.tick();
    const nextRound = (await game('GET', '/api/v1/house-casino/tables/dragon-tiger', aliceToken)).body.data as {
      view: { round: { roundNumber: number; phase: string; serverSeedHash: string } };
    };
    expect(nextRound.view.round).toMatchObject({ roundNumber: roundNumber + 1, phase: 'betting' });
    expect(nextRound.view.round.serverSeedHash).not.toBe(opening.view.round.serverSeedHash);
    const hidden = (await game('GET', `/api/v1/house-casino/verify/table/dragon-tiger/${roundNumber + 1}`, null)).body
      .data as { published: { serverSeed: string | null }; verification: unknown };
    expect(hidden).toMatchObject({ published: { serverSeed: null }, verification: null });
  });

  it('voids a round a restart cut off and returns its stakes', async () => {
    const player = await signUpPlayer(t);
    const token = await launch(player.token, 'table', 'andar-bahar');
    // Past the pause after the previous test's rounds: a new Andar Bahar round opens.
    t.clock.advanceMs(10_000);
    await t.services.casino.house.tick();
    const bet = await game('POST', '/api/v1/house-casino/tables/andar-bahar/bets', token, {
      kind: 'andar',
      stake: 200,
    });
    expect(bet.body.meta.code).toBe(200);
    expect(await balanceOf(player.token)).toBe(9_800);

    // A new process on the same database: its house provider finds the round unfinished and voids it.
    const restarted = createCasinoServices({
      db: t.db,
      wallet: t.services.wallet,
      audit: t.services.audit,
      clock: t.clock,
    });
    restarted.useTransport({
      async post(path, body, headers) {
        const answer = await t.app.inject({ method: 'POST', url: path, payload: body, headers });
        return { status: answer.statusCode, body: answer.body };
      },
    });
    await restarted.house.recover();
    expect(await balanceOf(player.token)).toBe(10_000);
    const bets = (await call(t.app, 'GET', '/api/v1/casino-bets-by-date', { token: player.token })).body.data as {
      status: string;
    }[];
    expect(bets[0]?.status).toBe('rolled_back');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
