import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashChainCommitment, hashServerSeed, verifyCrashChain } from '@khel/casino-games';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../../test/test-app.js';
import type { Answer, TestApp } from '../../../../test/test-app.js';
import { ledgerViolations } from '../../../../test/ledger-invariants.js';
import { createCasinoServices } from '../casino-module.js';

/** Issue 15: the crash game, the new tables and the new slot, every rupee through the signed seamless wallet. */
let t: TestApp;
let operator: string;

async function launch(token: string, game: string): Promise<string> {
  const answer = await call(t.app, 'GET', `/live-casino/${game}`, { token });
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
async function usernameOf(token: string): Promise<string> {
  return ((await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { username: string }).username;
}
async function balanceOf(token: string): Promise<number> {
  return ((await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number }).balance;
}
interface CrashState {
  round: {
    roundNumber: number;
    phase: string;
    startsAtMs: number;
    crashPointHundredths: number | null;
    serverSeed: string | null;
    crashAtMs: number | null;
  };
  commitment: string;
  myBets: { slot: number; status: string; cashOut: number | null; payout: number | null }[];
}
const state = async (token: string) =>
  (await game('GET', '/api/v1/house-casino/crash/crash', token)).body.data as CrashState;

beforeAll(async () => {
  t = await createTestApp();
  operator = (await createOperator(t)).token;
});
afterAll(async () => t.close());

describe('house crash', () => {
  it('plays rounds until one climbs past 1.2×: two bets, a manual cash-out paid, the other lost, a late cash-out refused, the chain verified', async () => {
    const crash = t.services.casino.crash;
    const player = await signUpPlayer(t);
    const token = await launch(player.token, 'crash');
    const session = await game('GET', '/api/v1/house-casino/session/crash', token);
    expect(session.body.data).toMatchObject({ balance: 10_000, game: { kind: 'crash', tableId: 'crash' } });
    let expected = 10_000;
    let cashedOut = false;
    for (let attempt = 0; attempt < 40 && !cashedOut; attempt += 1) {
      await crash.tick();
      const opening = await state(token);
      expect(opening.round.phase).toBe('betting');
      expect(opening.round.crashPointHundredths).toBeNull();
      expect(opening.round.serverSeed).toBeNull();
      const first = await game('POST', '/api/v1/house-casino/crash/crash/bets', token, {
        slot: 0,
        stake: 100,
        autoCashOut: null,
      });
      expect(first.body.meta.code).toBe(200);
      const second = await game('POST', '/api/v1/house-casino/crash/crash/bets', token, {
        slot: 1,
        stake: 50,
        autoCashOut: 1000,
      });
      expect(second.body.data).toMatchObject({ balance: expected - 150 });
      const third = await game('POST', '/api/v1/house-casino/crash/crash/bets', token, { slot: 0, stake: 10 });
      expect(third.body.meta.error).toBe('CONFLICT');
      expected -= 150;
      const early = await game('POST', '/api/v1/house-casino/crash/crash/cash-out', token, { slot: 0 });
      expect(early.body.meta.message).toBe('The round has not taken off yet');
      // Take off and climb for 1.6 s (1.21×); the server's clock decides.
      t.clock.advanceMs(opening.round.startsAtMs - t.clock.now().getTime() + 1_600);
      const out = await game('POST', '/api/v1/house-casino/crash/crash/cash-out', token, { slot: 0 });
      if (out.body.meta.code === 200) {
        const data = out.body.data as { multiplier: number; payout: number; balance: number };
        expect(data.multiplier).toBe(121);
        expect(data.payout).toBe(121);
        expected += 121;
        expect(data.balance).toBe(expected);
        cashedOut = true;
        // Run the round to its crash: the 1000× auto bet is lost (or, once in a thousand rounds, paid).
        t.clock.advanceMs(120_000);
        await crash.tick();
      } else expect(out.body.meta.message).toBe('Too late, the round crashed');
      const over = await state(token);
      expect(over.round.phase).toBe('crashed');
      const bets = over.myBets.filter((b) => b.status !== 'voided').slice(0, 2);
      for (const bet of bets) expect(['cashed_out', 'lost']).toContain(bet.status);
      const auto = bets.find((b) => b.slot === 1);
      if (auto?.status === 'cashed_out') expected += 500;
      expect(await balanceOf(player.token)).toBeCloseTo(expected, 2);
      const late = await game('POST', '/api/v1/house-casino/crash/crash/cash-out', token, { slot: 1 });
      expect(late.body.meta.code).not.toBe(200);
      // The revealed seed lies on the committed chain and gives the crash point.
      const verified = (await game('GET', `/api/v1/house-casino/verify/crash/crash/${over.round.roundNumber}`, null))
        .body.data as {
        serverSeed: string;
        chainIndex: number;
        commitment: string;
        verification: { valid: boolean; chainValid: boolean };
      };
      expect(verified.verification).toMatchObject({ valid: true, chainValid: true });
      expect(verified.serverSeed).toBe(over.round.serverSeed);
      expect(verifyCrashChain(verified.serverSeed, verified.chainIndex, opening.commitment)).toBe(true);
      if (verified.chainIndex > 1) {
        const previous = (
          await game('GET', `/api/v1/house-casino/verify/crash/crash/${over.round.roundNumber - 1}`, null)
        ).body.data as { serverSeed: string };
        expect(hashServerSeed(verified.serverSeed)).toBe(previous.serverSeed);
      }
      t.clock.advanceMs(3_000);
    }
    expect(cashedOut).toBe(true);
    expect(crashChainCommitment(hashServerSeed('x'), 0)).toBe(hashServerSeed('x'));
  });

  it('refuses bets out of limits, malformed bodies and unknown games without a 500', async () => {
    const player = await signUpPlayer(t);
    const token = await launch(player.token, 'crash');
    t.clock.advanceMs(10_000);
    await t.services.casino.crash.tick();
    await t.services.casino.crash.tick();
    expect(
      (await game('POST', '/api/v1/house-casino/crash/crash/bets', token, { slot: 0, stake: 5 })).body.meta.message,
    ).toBe('Minimum bet is ₹10');
    expect(
      (await game('POST', '/api/v1/house-casino/crash/crash/bets', token, { slot: 2, stake: 50 })).body.meta.error,
    ).toBe('VALIDATION_FAILED');
    expect(
      (await game('POST', '/api/v1/house-casino/crash/crash/bets', token, { slot: 0, stake: 50, autoCashOut: 1 })).body
        .meta.error,
    ).toBe('VALIDATION_FAILED');
    expect(
      (await game('POST', '/api/v1/house-casino/crash/crash/bets', token, { slot: 0, stake: 20_000 })).body.meta.error,
    ).toBe('VALIDATION_FAILED');
    expect((await game('GET', '/api/v1/house-casino/crash/nope', token)).body.meta.error).toBe('NOT_FOUND');
    expect(
      (await game('POST', '/api/v1/house-casino/crash/crash/bets', 'forged-token-123', { slot: 0, stake: 50 })).status,
    ).toBe(401);
  });

  it("shows everyone the round's bets under masked names, never an account id", async () => {
    const crash = t.services.casino.crash;
    t.clock.advanceMs(200_000);
    await crash.tick();
    await crash.tick();
    const sita = await signUpPlayer(t);
    const arjun = await signUpPlayer(t);
    const sitaGame = await launch(sita.token, 'crash');
    const arjunGame = await launch(arjun.token, 'crash');
    expect((await state(sitaGame)).round.phase).toBe('betting');
    for (const token of [sitaGame, arjunGame])
      expect(
        (await game('POST', '/api/v1/house-casino/crash/crash/bets', token, { slot: 0, stake: 20 })).body.meta.code,
      ).toBe(200);

    const seen = await game('GET', '/api/v1/house-casino/crash/crash', arjunGame);
    const bets = (seen.body.data as { round: { bets: { player: string; mine: boolean; stakePaise: number }[] } }).round
      .bets;
    const masked = async (token: string) => `${(await usernameOf(token)).slice(0, 2)}***`;
    expect(bets.map(({ player, mine, stakePaise }) => ({ player, mine, stakePaise }))).toEqual([
      { player: await masked(sita.token), mine: false, stakePaise: 2000 },
      { player: await masked(arjun.token), mine: true, stakePaise: 2000 },
    ]);
    for (const id of [sita.userId, arjun.userId]) expect(seen.raw.body).not.toContain(id);
  });
});

describe('house crash after a restart', () => {
  it('voids a round a restart cut off and returns the stakes of its undecided bets', async () => {
    const player = await signUpPlayer(t);
    const token = await launch(player.token, 'crash');
    t.clock.advanceMs(200_000);
    await t.services.casino.crash.tick();
    await t.services.casino.crash.tick();
    const bet = await game('POST', '/api/v1/house-casino/crash/crash/bets', token, { slot: 0, stake: 40 });
    expect(bet.body.meta.code).toBe(200);
    expect(await balanceOf(player.token)).toBe(9_960);
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
    await restarted.crash.recover();
    expect(await balanceOf(player.token)).toBe(10_000);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('house Teen Patti and Lucky 7 tables', () => {
  it('settles a Teen Patti and a Lucky 7 round through the wallet, into the player’s history', async () => {
    const house = t.services.casino.house;
    const player = await signUpPlayer(t);
    for (const [code, kinds] of [
      ['teen-patti', ['player_a', 'pair_plus_b']],
      ['lucky-7', ['seven', 'red']],
    ] as const) {
      const token = await launch(player.token, code);
      t.clock.advanceMs(20_000);
      await house.tick();
      await house.tick();
      const open = (await game('GET', `/api/v1/house-casino/tables/${code}`, token)).body.data as {
        view: { round: { phase: string; roundNumber: number } };
      };
      expect(open.view.round.phase).toBe('betting');
      for (const kind of kinds)
        expect(
          (await game('POST', `/api/v1/house-casino/tables/${code}/bets`, token, { kind, stake: 10 })).body.meta.code,
        ).toBe(200);
      t.clock.advanceMs(15_000);
      await house.tick();
      t.clock.advanceMs(8_000);
      await house.tick();
      const settled = (await game('GET', `/api/v1/house-casino/tables/${code}`, token)).body.data as {
        view: { round: { phase: string; result: { kind: string } } };
        myBets: { payout: number | null; roundNumber: number }[];
      };
      expect(settled.view.round.phase).toBe('settled');
      expect(settled.view.round.result.kind).toBe(code === 'lucky-7' ? 'lucky-seven' : 'teen-patti');
      expect(
        settled.myBets.filter((b) => b.roundNumber === open.view.round.roundNumber && b.payout !== null),
      ).toHaveLength(2);
      const verified = (
        await game('GET', `/api/v1/house-casino/verify/table/${code}/${open.view.round.roundNumber}`, null)
      ).body.data as { verification: { valid: boolean } };
      expect(verified.verification.valid).toBe(true);
    }
    const bets = (await call(t.app, 'GET', '/api/v1/casino-bets-by-date?provider=khel-house', { token: player.token }))
      .body.data as { roundId: string; status: string }[];
    expect(bets.map((b) => b.roundId.split(':')[0]).sort()).toEqual(['lucky-7', 'teen-patti']);
    expect(bets.every((b) => b.status === 'credited')).toBe(true);
  });

  it('spins Monsoon Gems through the wallet at ₹1 a line, the balance in step', async () => {
    const player = await signUpPlayer(t);
    const launched = await call(t.app, 'POST', '/play-game', { token: player.token, body: { gameId: 'monsoon-gems' } });
    const token = new URL((launched.body.data as { url: string }).url, 'http://x').searchParams.get('token') as string;
    const info = (await game('GET', '/api/v1/house-casino/slots/monsoon-gems', token)).body.data as {
      theoreticalRtp: number;
      config: { paylines: unknown[] };
    };
    expect(info.theoreticalRtp).toBeCloseTo(0.9694, 4); // with its free spins (SLOT-14)
    expect(info.config.paylines).toHaveLength(10);
    let expected = 10_000;
    for (let i = 0; i < 5; i += 1) {
      const spin = (await game('POST', '/api/v1/house-casino/slots/monsoon-gems/spin', token, { stake: 10 })).body
        .data as { payout: number; balance: number };
      expected = Math.round((expected - 10 + spin.payout) * 100) / 100;
      expect(spin.balance).toBe(expected);
    }
    expect(await balanceOf(player.token)).toBe(expected);
  });

  it('keeps the books sound and the house provider reconciled', async () => {
    await t.services.casino.crash.sweep();
    expect(await ledgerViolations(t.db)).toEqual([]);
    const reconciliation = await call(t.app, 'GET', '/api/v1/backoffice/casino/reconciliation/khel-house', {
      token: operator,
    });
    const data = reconciliation.body.data as {
      problems: { kind: string }[];
      debits: number;
      credits: number;
      rollbacks: number;
      journalNet: number;
    };
    expect(data.debits - data.credits - data.rollbacks).toBeCloseTo(data.journalNet, 2);
    expect(data.problems.filter((p) => p.kind !== 'ROUND_OPEN')).toEqual([]);
  });
});
