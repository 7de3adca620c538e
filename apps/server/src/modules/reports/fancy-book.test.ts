import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, RISK_NEEDS_BACKOFFICE_MESSAGE } from '@khel/contract';
import type { RiskFancyBook } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { openLiveSocket } from '../../../test/live-sockets.js';
import {
  agentUnder,
  callerFor,
  marketOf,
  partnershipInForceNow,
  placeBet,
  playerUnder,
  signedInAgentUnder,
} from '../agents/agents-test-support.js';

/**
 * Issue 28, decision 0064: the fancy book of a line in the risk view — on each band of run totals the
 * scope's result if the line settles there, whole and at the viewer's partnership share — and its
 * changes pushed over /ws to the back office.
 *
 * DIRECTOR → top (80 %) → sub (50 %) → A; top → B; an outsider under the director. The line: NO 61, YES 63
 * at rate 100. A backs YES 63 for ₹200 and NO 61 for ₹100; B YES 63 for ₹300; the outsider YES 63 ₹1,000.
 * Book (players' results negated), per band [0, 61), [61, 63), [63, ∞):
 *   A: +100, +300, −100   B: +300, +300, −300   outsider: +1000, +1000, −1000
 * Shares split along each chain: of A, sub 50 %, top 30 %, the house 20 %; of B, top 80 %, the house 20 %.
 */
let t: TestApp;
let director: { token: string; userId: string };
let topToken: string;
let top: ReturnType<typeof callerFor>;
let sub: ReturnType<typeof callerFor>;
let fancy: Awaited<ReturnType<typeof marketOf>>;
let a: { token: string; userId: string };

const rowsOf = (book: RiskFancyBook) =>
  book.rows.map(({ fromRuns, toRuns, subtree, share, worst }) => [fromRuns, toRuns, subtree, share, worst]);
const back = (who: { token: string }, stake: number, side: 'back' | 'lay' = 'back') =>
  placeBet(t, who.token, {
    marketId: fancy.id,
    selectionType: side,
    odds: side === 'back' ? 63 : 61,
    oddsSize: 100,
    stake,
  });

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  const signedIn = await signedInAgentUnder(t, director.userId, 'Top Agent');
  topToken = signedIn.token;
  top = signedIn.caller;
  sub = await agentUnder(t, top.userId, ROLES.AGENT, 'Sub Agent');
  // Rates set as the panel sets them, then in force this week (the panel's own change waits for next week).
  await t.services.agentRates.set(
    callerFor(director.userId, ROLES.DIRECTOR),
    top.userId,
    { partnership: 80, commission: 1 },
    '127.0.0.1',
  );
  await t.services.agentRates.set(top, sub.userId, { partnership: 50, commission: 1 }, '127.0.0.1');
  await partnershipInForceNow(t, top.userId, 8000, director.userId);
  await partnershipInForceNow(t, sub.userId, 5000, director.userId);
  a = await playerUnder(t, sub.userId);
  const b = await playerUnder(t, top.userId);
  const outsider = await signUpPlayer(t);
  fancy = await marketOf(t, director.token, 'FANCY');
  for (const [who, stake, side] of [
    [a, 200, 'back'],
    [a, 100, 'lay'],
    [b, 300, 'back'],
    [outsider, 1000, 'back'],
  ] as const)
    expect((await back(who, stake, side)).body.meta.code).toBe(200);
});
afterAll(async () => t.close());

describe('the fancy book (position per run band)', () => {
  it('the director sees the whole site and the house’s share', async () => {
    const answer = await call(t.app, 'GET', `/api/v1/backoffice/reports/fancy-book?marketId=${fancy.id}`, {
      token: director.token,
    });
    expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
    const book = answer.body.data as RiskFancyBook;
    expect(book).toMatchObject({ marketId: fancy.id, players: 3, bets: 4, status: 'open' });
    expect(rowsOf(book)).toEqual([
      [0, 61, 1400, 1080, false],
      [61, 63, 1600, 1120, false],
      [63, null, -1400, -1080, true],
    ]);
  });

  it('an agent sees its subtree only, at its own share beside the whole', async () => {
    const answer = await call(t.app, 'GET', `/api/v1/backoffice/reports/fancy-book?marketId=${fancy.id}`, {
      token: topToken,
    });
    expect(rowsOf(answer.body.data as RiskFancyBook)).toEqual([
      [0, 61, 400, 270, false],
      [61, 63, 600, 330, false],
      [63, null, -400, -270, true],
    ]);
    const below = await t.services.fancyBooks.fancyBook({ rootId: sub.userId }, sub.userId, fancy.id);
    expect(below.players).toBe(1);
    expect(rowsOf(below)).toEqual([
      [0, 61, 100, 50, false],
      [61, 63, 300, 150, false],
      [63, null, -100, -50, true],
    ]);
  });

  it('a market that is not a fancy line is not found; a malformed id is a validation answer', async () => {
    const exchange = await marketOf(t, director.token, 'EXCHANGE');
    const notFancy = await call(t.app, 'GET', `/api/v1/backoffice/reports/fancy-book?marketId=${exchange.id}`, {
      token: director.token,
    });
    expect(notFancy.body.meta).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    const bad = await call(t.app, 'GET', '/api/v1/backoffice/reports/fancy-book?marketId=nope', {
      token: director.token,
    });
    expect(bad.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
  });
});

describe('live over /ws', () => {
  it('a back-office socket following the line hears each new bet; a player’s socket may not follow it', async () => {
    const live = await openLiveSocket(t.app, { token: topToken });
    await live.next('authenticated', 3000);
    live.send({ type: 'subscribe', riskMarketIds: [fancy.id] });
    // A subscription is in place once the server answers a ping sent after it (messages are handled in order).
    live.send({ type: 'ping' });
    await live.next('pong', 3000);
    expect((await back(a, 100)).body.meta.code).toBe(200);
    expect(await live.next('risk', 3000)).toEqual({ type: 'risk', marketId: fancy.id });
    const after = await t.services.fancyBooks.fancyBook({ rootId: top.userId }, top.userId, fancy.id);
    expect(after.bets).toBe(4);
    live.socket.close();

    const player = await openLiveSocket(t.app, { token: a.token });
    await player.next('authenticated', 3000);
    player.send({ type: 'subscribe', riskMarketIds: [fancy.id] });
    expect(await player.next('error', 3000)).toEqual({ type: 'error', message: RISK_NEEDS_BACKOFFICE_MESSAGE });
    player.socket.close();
  });
});
