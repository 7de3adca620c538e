import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { AgentLanding, PartyPnl } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signInCreatedAccount } from '../../../test/test-app.js';
import { resultsSettleAlone } from '../../../test/one-operator-results.js';
import { accountUnder, bookmakerMarket, callerFor, tokenOf } from '../agents/agent-money-test-support.js';
import type { SignedCallOptions } from '../casino/casino-test-support.js';
import { addProvider, launchGame, signedCall } from '../casino/casino-test-support.js';
import { CASINO_KINDS, SPORTS_KINDS } from './party-pnl-repository.js';

/**
 * Issue 28 (decision 0065): an agent's landing figures are its book, its downline's exposure and its
 * downline's play from the journal; party win/loss splits casino by provider, each provider's cell
 * leading to the rounds behind it.
 */
let t: TestApp;
let director: { token: string; userId: string };
let top: { userId: string; mobileNo: string };
let sub: { userId: string; mobileNo: string };
let p1: { userId: string; token: string };
let p2: { userId: string; token: string };
let alpha: SignedCallOptions;
let beta: SignedCallOptions;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  await resultsSettleAlone(t, director.token);
  top = await accountUnder(t, ROLES.AGENT, director.userId);
  sub = await accountUnder(t, ROLES.AGENT, top.userId);
  const a = await accountUnder(t, ROLES.PLAYER, top.userId);
  const b = await accountUnder(t, ROLES.PLAYER, sub.userId);
  p1 = { userId: a.userId, token: await tokenOf(t, a.mobileNo) };
  p2 = { userId: b.userId, token: await tokenOf(t, b.mobileNo) };
  alpha = await addProvider(t, director.token, 'alpha');
  beta = await addProvider(t, director.token, 'beta');
});
afterAll(async () => t.close());

/** One casino round: a debit and, when `payout` is given, its credit. */
async function round(
  player: { userId: string; token: string },
  provider: SignedCallOptions,
  stake: number,
  payout?: number,
) {
  const gameCode = `${provider.provider}-slot`;
  await launchGame(t.app, player.token, gameCode);
  const roundId = `round-${(counter += 1)}`;
  const debit = await signedCall(
    t.app,
    'debit',
    { playerId: player.userId, transactionId: `tx-${(counter += 1)}`, roundId, gameCode, amount: stake },
    provider,
  );
  expect(debit.body.data.status).toBe('OK');
  if (payout === undefined) return;
  const credit = await signedCall(
    t.app,
    'credit',
    { playerId: player.userId, transactionId: `tx-${(counter += 1)}`, roundId, gameCode, amount: payout },
    provider,
  );
  expect(credit.body.data.status).toBe('OK');
}

/** The journal's play postings on the players' wallets below `rootId` in [from, to), in rupees, summed in SQL. */
async function journalPlay(rootId: string, from: Date, to: Date): Promise<number> {
  const result = await t.db.query<{ paise: string }>(
    `with recursive tree(id) as (select id from users where upline_id = $1
       union all select u.id from users u join tree on u.upline_id = tree.id)
     select coalesce(sum(e.amount_paise), 0)::text as paise
     from journal_entries e join journal_transactions j on j.id = e.transaction_id
     join ledger_accounts a on a.id = e.account_id
     where a.user_id in (select id from tree) and a.kind in ('player_main', 'player_bonus')
       and j.kind = any($2::text[]) and j.created_at >= $3 and j.created_at < $4`,
    [rootId, [...SPORTS_KINDS, ...CASINO_KINDS], from, to],
  );
  return Number(result.rows[0]?.paise) / 100;
}

const landing = () => t.services.reports.agentLanding(top.userId, ROLES.AGENT);

describe('an agent’s landing figures (issue 28)', () => {
  it('show its own chips, its downline’s exposure and its downline’s play today and this week, as the journal has them', async () => {
    const given = await call(t.app, 'POST', `/api/v1/backoffice/users/${top.userId}/chips`, {
      token: director.token,
      body: { action: 'give', amount: 20_000 },
    });
    expect(given.body.meta.code, given.body.meta.message).toBe(200);
    await t.services.agentChips.move(
      callerFor(top.userId, ROLES.AGENT),
      sub.userId,
      { action: 'give', amount: 5_000 },
      undefined,
      '127.0.0.1',
    );

    // Play on Saturday 21 November (India): alpha +150 for P1, beta −40 for P2, and P1's open bookmaker bet.
    await round(p1, alpha, 100, 250);
    await round(p2, beta, 40);
    const market = await bookmakerMarket(t, director.token);
    const bet = await call(t.app, 'POST', '/api/v1/place-bet', {
      token: p1.token,
      body: { marketId: market.id, selectionId: market.runners[0], selectionType: 'back', odds: 45, stake: 1000 },
    });
    expect(bet.body.meta.code, bet.body.meta.message).toBe(200);

    const own = await t.db.query<{ balance_paise: string }>(
      "select balance_paise::text from ledger_accounts where user_id = $1 and kind = 'agent_chips'",
      [top.userId],
    );
    const money = (await call(t.app, 'GET', `/api/v1/backoffice/users/${top.userId}/money`, { token: director.token }))
      .body.data as { account: { exposure: number } };
    const saturday = { from: new Date('2026-11-20T18:30:00.000Z'), to: new Date('2026-11-21T18:30:00.000Z') };
    const week = { from: new Date('2026-11-15T18:30:00.000Z'), to: new Date('2026-11-22T18:30:00.000Z') };
    expect(await journalPlay(top.userId, saturday.from, saturday.to)).toBe(110);

    const first = await landing();
    expect(first).toEqual({
      kind: 'cash',
      own: Number(own.rows[0]?.balance_paise) / 100,
      exposure: money.account.exposure,
      today: { date: '2026-11-21', pnl: -(await journalPlay(top.userId, saturday.from, saturday.to)) },
      week: { from: '2026-11-16', to: '2026-11-22', pnl: -(await journalPlay(top.userId, week.from, week.to)) },
    } satisfies AgentLanding);
    expect(first.own).toBe(15_000);
    expect(first.exposure).toBe(-1000);
    expect(first.today.pnl).toBe(-110);
  });

  it('is the agent’s own: an operator or a player is refused by role', async () => {
    const agentToken = await signInCreatedAccount(t, top.mobileNo);
    const mine = await call(t.app, 'GET', '/api/v1/backoffice/landing', { token: agentToken });
    expect(mine.body.meta.code, mine.body.meta.message).toBe(200);
    expect((mine.body.data as AgentLanding).own).toBe(15_000);
    for (const token of [director.token, p1.token]) {
      const refused = await call(t.app, 'GET', '/api/v1/backoffice/landing', { token });
      expect(refused.body.meta).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    }
  });
});

describe('party win/loss casino by provider (issue 28)', () => {
  it('splits each row’s casino by provider, summing to the casino column, and drills down to the rounds', async () => {
    const range = '?start_date=2026-11-21&end_date=2026-11-21';
    const get = async (path: string) => {
      const answer = await call(t.app, 'GET', path, { token: director.token });
      expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
      return answer.body.data;
    };
    const topLevel = (await get(`/api/v1/backoffice/reports/party-pnl${range}`)) as PartyPnl;
    expect(topLevel.casinoProviders).toEqual(['ALPHA', 'BETA']);
    const row = topLevel.rows.find((line) => line.userId === top.userId);
    expect(row).toMatchObject({ casino: 110, casinoByProvider: { ALPHA: 150, BETA: -40 } });
    expect(topLevel.total.casinoByProvider).toEqual({ ALPHA: 150, BETA: -40 });

    const below = (await get(`/api/v1/backoffice/users/${top.userId}/party-pnl${range}`)) as PartyPnl;
    expect(below.rows.find((line) => line.userId === p1.userId)?.casinoByProvider).toEqual({ ALPHA: 150 });
    expect(below.rows.find((line) => line.userId === sub.userId)?.casinoByProvider).toEqual({ BETA: -40 });

    type Round = { provider_name: string; stake: number; payout: number; status: string };
    const alphaRounds = (await get(
      `/api/v1/backoffice/users/${p1.userId}/casino-rounds${range}&provider=ALPHA`,
    )) as Round[];
    expect(alphaRounds).toMatchObject([{ provider_name: 'ALPHA', stake: 100, payout: 250, status: 'credited' }]);
    expect(await get(`/api/v1/backoffice/users/${p1.userId}/casino-rounds${range}&provider=BETA`)).toEqual([]);
    const betaRounds = (await get(`/api/v1/backoffice/users/${p2.userId}/casino-rounds${range}`)) as Round[];
    expect(betaRounds).toMatchObject([{ provider_name: 'BETA', stake: 40, payout: 0, status: 'open' }]);
    expect(
      await get(`/api/v1/backoffice/users/${p2.userId}/casino-rounds?start_date=2026-11-20&end_date=2026-11-20`),
    ).toEqual([]);
  });
});

describe('an agent’s landing figures over the days (issue 28)', () => {
  it('start today afresh each India day and the week afresh each Monday', async () => {
    // Last: it moves the clock two days, past every session of this file.
    // Sunday: today starts empty, the week keeps Saturday. Monday: a new week.
    t.clock.advanceMs(24 * 3_600_000);
    expect((await landing()).today).toEqual({ date: '2026-11-22', pnl: 0 });
    expect((await landing()).week.pnl).toBe(-110);
    t.clock.advanceMs(24 * 3_600_000);
    expect((await landing()).week).toEqual({ from: '2026-11-23', to: '2026-11-29', pnl: 0 });
  });
});
