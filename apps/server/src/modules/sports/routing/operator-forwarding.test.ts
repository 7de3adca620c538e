/**
 * Every command that changes a market runs on the market's lease owner (decision 0034, addendum):
 * two processes over one database and one Redis. The other process takes each market's lease with the
 * market's first command; each operator command then sent here is authorised here, run by the
 * owner's writer (this process's writer runs nothing, the owner's never rebuilds its book), audited
 * once for the operator and address that sent it, and answered with the owner's envelope; a refusal
 * is byte for byte the one the owner gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../../test/test-app.js';
import { call, createOperator, signUpPlayer } from '../../../../test/test-app.js';
import type { OtherProcess } from '../../../../test/two-processes.js';
import { newMarket, twoProcesses } from '../../../../test/two-processes.js';
import { resultsSettleAlone } from '../../../../test/one-operator-results.js';

let here: TestApp;
let owner: OtherProcess;
let director: { token: string; userId: string };
const IP = '10.20.30.40';

beforeAll(async () => {
  ({ here, other: owner } = await twoProcesses());
  director = await createOperator(here, ROLES.DIRECTOR);
  await resultsSettleAlone(here, director.token);
}, 60_000);
afterAll(async () => {
  await owner.app.close();
  await here.close();
});

type Method = 'PUT' | 'POST';
type Options = { token: string; body?: unknown; headers?: Record<string, string> };

/** A market whose lease the other process took: its first command (an empty change) ran there. */
async function ownedByOther(type: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY') {
  const market = await newMarket(here, director.token, type);
  expect(
    (await call(owner.app, 'PUT', `/api/v1/backoffice/markets/${market.id}`, { token: director.token, body: {} })).body
      .meta.code,
  ).toBe(200);
  return market;
}

const counts = () => ({ here: here.services.books.counts(), owner: owner.services.books.counts() });

/** Sent here, run by the owner's writer: this process's writer ran nothing, the owner's ran it without rebuilding the book. */
async function sendHere(method: Method, url: string, options: Options, counted: 'commands' | 'outer' = 'commands') {
  const before = counts();
  const answer = await call(here.app, method, url, { ...options, ip: IP });
  const after = counts();
  expect(after.here).toEqual(before.here);
  expect(after.owner[counted]).toBeGreaterThan(before.owner[counted]);
  expect(after.owner.rebuilds).toBe(before.owner.rebuilds);
  return answer;
}

/** A refusal sent here answers byte for byte what the owner answers itself, and this process's writer runs nothing. */
async function refusedAlike(method: Method, url: string, options: Options, error: string) {
  const there = await call(owner.app, method, url, { ...options, ip: IP });
  const before = counts().here;
  const relayed = await call(here.app, method, url, { ...options, ip: IP });
  expect(counts().here).toEqual(before);
  expect(there.body.meta.error).toBe(error);
  expect(relayed.status).toBe(there.status);
  expect(relayed.raw.body).toBe(there.raw.body);
}

const audited = async (marketId: string, action: string) =>
  (await here.db.query('select actor_id, ip from audit_log where target_id = $1 and action = $2', [marketId, action]))
    .rows;

describe("operators' commands sent to a process that does not own the market", () => {
  it('a status change: checked here, run and audited once by the owner, answered with the market as it left it', async () => {
    const m = await ownedByOther('EXCHANGE');
    const url = `/api/v1/backoffice/markets/${m.id}`;
    const player = await signUpPlayer(here);
    const before = counts();
    expect(
      (await call(here.app, 'PUT', url, { token: player.token, body: { status: 'suspended' } })).body.meta.code,
    ).not.toBe(200);
    expect(counts()).toEqual(before);

    const answer = await sendHere('PUT', url, { token: director.token, body: { status: 'suspended' } });
    expect(answer.body.meta).toMatchObject({ code: 200, message: 'Market updated' });
    expect(answer.body.data).toMatchObject({ _id: m.id, status: 'suspended' });
    expect(await audited(m.id, 'market.update')).toEqual([{ actor_id: director.userId, ip: IP }]);
    await refusedAlike(
      'PUT',
      url,
      { token: director.token, body: { minStake: 500, maxStake: 100 } },
      'VALIDATION_FAILED',
    );
  });

  it('bookmaker rates and fancy lines', async () => {
    const bookmaker = await ownedByOther('BOOKMAKER');
    const rates = (runnerId: string) => ({
      token: director.token,
      body: { runners: [{ runnerId, backRate: 90, layRate: 95 }] },
    });
    const answer = await sendHere(
      'PUT',
      `/api/v1/backoffice/markets/${bookmaker.id}/bookmaker-rates`,
      rates(bookmaker.runners[0] as string),
    );
    expect(answer.body.meta).toMatchObject({ code: 200, message: 'Rates updated' });
    expect(await audited(bookmaker.id, 'market.rates')).toEqual([{ actor_id: director.userId, ip: IP }]);
    await refusedAlike(
      'PUT',
      `/api/v1/backoffice/markets/${bookmaker.id}/bookmaker-rates`,
      rates('00000000-0000-4000-8000-000000000000'),
      'VALIDATION_FAILED',
    );

    const fancy = await ownedByOther('FANCY');
    const line = { token: director.token, body: { noLine: 61, noRate: 100, yesLine: 63, yesRate: 100 } };
    const lined = await sendHere('PUT', `/api/v1/backoffice/markets/${fancy.id}/fancy-line`, line);
    expect(lined.body.meta).toMatchObject({ code: 200, message: 'Line updated' });
    expect(await audited(fancy.id, 'market.fancy_line')).toEqual([{ actor_id: director.userId, ip: IP }]);
    await refusedAlike('PUT', `/api/v1/backoffice/markets/${bookmaker.id}/fancy-line`, line, 'CONFLICT');
  });

  it('a result and a void: run by the owner, audited once, refused the second time with the owner’s envelope', async () => {
    const settled = await ownedByOther('EXCHANGE');
    const settle = { token: director.token, body: { winnerId: settled.runners[0] } };
    const answer = await sendHere('POST', `/api/v1/backoffice/markets/${settled.id}/settle`, settle);
    expect(answer.body.meta).toMatchObject({ code: 200, message: 'Market settled' });
    expect(answer.body.data).toMatchObject({ status: 'settled' });
    expect(await audited(settled.id, 'market.settle')).toEqual([{ actor_id: director.userId, ip: IP }]);
    await refusedAlike('POST', `/api/v1/backoffice/markets/${settled.id}/settle`, settle, 'ALREADY_DECIDED');

    const voided = await ownedByOther('EXCHANGE');
    const reason = { token: director.token, body: { reason: 'Match abandoned' } };
    expect((await sendHere('POST', `/api/v1/backoffice/markets/${voided.id}/void`, reason)).body.meta).toMatchObject({
      code: 200,
      message: 'Market void',
    });
    expect(await audited(voided.id, 'market.void')).toEqual([{ actor_id: director.userId, ip: IP }]);
    await refusedAlike('POST', `/api/v1/backoffice/markets/${voided.id}/void`, reason, 'ALREADY_DECIDED');
  });

  it('a declared result and its confirmation by a second operator; the maker cannot confirm, refused here', async () => {
    const settings = (on: boolean) =>
      call(here.app, 'PUT', '/api/v1/backoffice/sports-desk/settings', {
        token: director.token,
        body: { resultsNeedConfirmation: on },
      });
    expect((await settings(true)).body.meta.code).toBe(200);
    try {
      const checker = await createOperator(here, ROLES.DIRECTOR);
      const m = await ownedByOther('EXCHANGE');
      const declared = await sendHere('POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
        token: director.token,
        body: { winnerId: m.runners[0] },
      });
      expect(declared.body.meta).toMatchObject({
        code: 200,
        message: 'Result declared: a second operator must confirm',
      });
      expect(declared.body.data).toMatchObject({ status: 'closed' });
      expect(await audited(m.id, 'market.result_declare')).toEqual([{ actor_id: director.userId, ip: IP }]);

      const confirm = `/api/v1/backoffice/markets/${m.id}/result/confirm`;
      const ownerBefore = owner.services.books.counts();
      await refusedAlike('POST', confirm, { token: director.token }, 'SELF_SERVICE_REFUSED');
      expect(owner.services.books.counts()).toEqual(ownerBefore);
      const confirmed = await sendHere('POST', confirm, { token: checker.token });
      expect(confirmed.body.meta).toMatchObject({ code: 200, message: 'Result confirmed' });
      expect(confirmed.body.data).toMatchObject({ status: 'settled' });
      expect(await audited(m.id, 'market.settle')).toEqual([{ actor_id: checker.userId, ip: IP }]);
      await refusedAlike('POST', confirm, { token: checker.token }, 'NOT_FOUND');
    } finally {
      await settings(false);
    }
  });
});

describe("players' commands sent to a process that does not own the market", () => {
  it('cancel all: the owner cancels every open offer and answers them', async () => {
    const m = await ownedByOther('EXCHANGE');
    const player = await signUpPlayer(here);
    for (const odds of [5, 6]) {
      const placed = await call(here.app, 'POST', '/api/v1/place-bet', {
        token: player.token,
        body: { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds, stake: 100 },
      });
      expect(placed.body.meta.code).toBe(200);
    }
    const answer = await sendHere('POST', '/api/v1/cancel-market-bets', {
      token: player.token,
      body: { marketId: m.id },
    });
    expect(answer.body.meta).toMatchObject({ code: 200, message: '2 bets cancelled' });
    expect((answer.body.data as { status: string }[]).map((bet) => bet.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('cash out: run by the owner in its idempotency transaction; a refusal is the owner’s; a retry with its key replays it', async () => {
    const m = await ownedByOther('BOOKMAKER');
    const rates = (backRate: number, layRate: number) => ({
      token: director.token,
      body: { runners: [{ runnerId: m.runners[0], backRate, layRate }] },
    });
    await sendHere('PUT', `/api/v1/backoffice/markets/${m.id}/bookmaker-rates`, rates(90, 95));
    const player = await signUpPlayer(here);
    expect(
      (
        await call(here.app, 'POST', '/api/v1/place-bet', {
          token: player.token,
          body: { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 90, stake: 100 },
        })
      ).body.meta.code,
    ).toBe(200);
    await sendHere('PUT', `/api/v1/backoffice/markets/${m.id}/bookmaker-rates`, rates(40, 42));
    const value = (
      (await call(here.app, 'GET', `/api/v1/cash-out-quote?marketId=${m.id}`, { token: player.token })).body.data as {
        value: number;
      }
    ).value;

    await refusedAlike(
      'POST',
      '/api/v1/cash-out',
      { token: player.token, body: { marketId: m.id, value: value + 1 } },
      'ODDS_CHANGED',
    );
    const cashOut = {
      token: player.token,
      body: { marketId: m.id, value },
      headers: { 'idempotency-key': 'forwarded-cash-out-1' },
    };
    const done = await sendHere('POST', '/api/v1/cash-out', cashOut, 'outer');
    expect(done.body.meta.code).toBe(200);
    expect(done.body.data).toMatchObject({ marketId: m.id, value, bets: [{ cashOut: true, status: 'settled' }] });
    // The key's answer committed with the cash out at the owner: the owner itself replays it.
    const outer = owner.services.books.counts().outer;
    expect((await call(owner.app, 'POST', '/api/v1/cash-out', cashOut)).raw.body).toBe(done.raw.body);
    expect(owner.services.books.counts().outer).toBe(outer);
    const closing = await here.db.query(
      "select count(*)::int as n from bets where market_id = $1 and cash_out and status = 'settled'",
      [m.id],
    );
    expect(closing.rows).toEqual([{ n: 1 }]);
  });
});
