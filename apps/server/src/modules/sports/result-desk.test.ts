import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { AppError } from '../../lib/app-error.js';

let t: TestApp;
let director: { token: string; userId: string };
let support: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  support = await createOperator(t, ROLES.SUPPORT_ADMIN);
});
afterAll(async () => t.close());

let counter = 0;
async function market(type: 'BOOKMAKER' | 'FANCY') {
  counter += 1;
  const sportId = (
    (await call(t.app, 'POST', '/api/v1/backoffice/sports', { token: director.token, body: { name: 'Cricket' } })).body
      .data as { _id: string }
  )._id;
  const leagueId = (
    (
      await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
        token: director.token,
        body: { sportId, name: 'Desk League' },
      })
    ).body.data as { _id: string }
  )._id;
  const eventId = (
    (
      await call(t.app, 'POST', '/api/v1/backoffice/events', {
        token: director.token,
        body: { leagueId, name: `Kings v Royals ${counter}`, startTime: '2026-11-21T14:00:00.000Z' },
      })
    ).body.data as { _id: string }
  )._id;
  const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token: director.token,
    body: {
      eventId,
      marketType: type,
      name: type === 'FANCY' ? '10 over runs' : 'Bookmaker',
      runners: type === 'FANCY' ? [] : ['Kings', 'Royals'],
      betDelaySeconds: 0,
    },
  });
  const id = (created.body.data as { _id: string })._id;
  const view = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token: director.token, body: {} })).body
    .data as { runners: { _id: string }[] };
  return { id, runners: view.runners.map((runner) => runner._id) };
}

/** A bookmaker market with one ₹1,000 back bet on Kings at rate 50. */
async function bookmakerWithBet() {
  const m = await market('BOOKMAKER');
  await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/bookmaker-rates`, {
    token: director.token,
    body: { runners: [{ runnerId: m.runners[0], backRate: 50, layRate: 52 }] },
  });
  const player = await signUpPlayer(t);
  const placed = await call(t.app, 'POST', '/api/v1/place-bet', {
    token: player.token,
    body: { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 50, stake: 1000 },
  });
  expect(placed.body.data).toMatchObject({ status: 'matched' });
  return { m, player };
}

const profileOf = async (token: string) =>
  (await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number; exposure: number };
const balanceOf = async (token: string) => (await profileOf(token)).balance;
/** Nothing settled yet: the stake is still reserved as exposure. */
const unsettled = { balance: 10000, exposure: -1000 };
const pending = async () =>
  (await call(t.app, 'GET', '/api/v1/backoffice/results/pending', { token: support.token })).body.data as {
    marketId: string;
    kind: string;
    result: string;
    previousResult: string | null;
    declaredBy: string;
  }[];
const auditOf = async (marketId: string) =>
  (
    (await call(t.app, 'GET', `/api/v1/backoffice/audit-log?targetId=${marketId}`, { token: director.token })).body
      .data as { items: { action: string; actorId: string; details: Record<string, unknown> }[] }
  ).items;
const setConfirmation = (token: string, on: boolean) =>
  call(t.app, 'PUT', '/api/v1/backoffice/sports-desk/settings', { token, body: { resultsNeedConfirmation: on } });

describe('results maker-checker (issue 9)', () => {
  it('is on by default (issue 24); only a director switches it, and the switch is audited', async () => {
    expect(
      (await call(t.app, 'GET', '/api/v1/backoffice/sports-desk/settings', { token: support.token })).body.data,
    ).toEqual({ resultsNeedConfirmation: true });
    expect((await setConfirmation(support.token, false)).body.meta.error).toBe('FORBIDDEN');
    expect((await setConfirmation(director.token, false)).body.data).toEqual({ resultsNeedConfirmation: false });
    const audit = (await call(t.app, 'GET', '/api/v1/backoffice/audit-log', { token: director.token })).body.data as {
      items: { action: string; details: unknown }[];
    };
    expect(audit.items.find((item) => item.action === 'sports_desk.settings')?.details).toEqual({
      resultsNeedConfirmation: { from: true, to: false },
    });
  });

  it('a void of a market with a matched bet waits for a second operator, closed to bets; confirming returns the stake', async () => {
    await setConfirmation(director.token, true);
    const { m, player } = await bookmakerWithBet();
    const declared = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/void`, {
      token: director.token,
      body: { reason: 'Match abandoned' },
    });
    expect(declared.body.meta.message).toBe('Void declared: a second operator must confirm');
    expect(declared.body.data).toMatchObject({ status: 'closed' });
    expect(await profileOf(player.token)).toMatchObject(unsettled);
    expect(await pending()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'void',
          marketId: m.id,
          result: 'Void (Match abandoned)',
          reason: 'Match abandoned',
        }),
      ]),
    );
    // The declarer cannot confirm it; another operator can.
    const self = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/confirm`, {
      token: director.token,
    });
    expect(self.body.meta.error).toBe('SELF_SERVICE_REFUSED');
    const confirmed = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/confirm`, {
      token: support.token,
    });
    expect(confirmed.body.meta.code, confirmed.body.meta.message).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'voided' });
    expect(await profileOf(player.token)).toMatchObject({ balance: 10000, exposure: 0 });
    const audit = (await call(t.app, 'GET', '/api/v1/backoffice/audit-log', { token: director.token })).body.data as {
      items: { action: string; details: Record<string, unknown> }[];
    };
    expect(audit.items.find((item) => item.action === 'market.void')?.details).toMatchObject({
      reason: 'Match abandoned',
      declaredBy: director.userId,
      confirmedBy: support.userId,
    });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a market nobody bet on is void at once; with the switch off a void with bets is too', async () => {
    await setConfirmation(director.token, true);
    const empty = await market('BOOKMAKER');
    const voided = await call(t.app, 'POST', `/api/v1/backoffice/markets/${empty.id}/void`, {
      token: director.token,
      body: { reason: 'Listed twice' },
    });
    expect(voided.body.meta.message).toBe('Market void');
    await setConfirmation(director.token, false);
    const { m, player } = await bookmakerWithBet();
    const alone = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/void`, {
      token: director.token,
      body: { reason: 'Rain' },
    });
    expect(alone.body.meta.message).toBe('Market void');
    expect(await profileOf(player.token)).toMatchObject({ balance: 10000, exposure: 0 });
  });

  it('a declared result waits, closed to bets, until a different operator confirms; then settlement runs', async () => {
    await setConfirmation(director.token, true);
    const { m, player } = await bookmakerWithBet();
    const declared = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { winnerId: m.runners[0] },
    });
    expect(declared.body.meta.message).toBe('Result declared: a second operator must confirm');
    expect(declared.body.data).toMatchObject({ status: 'closed' });
    expect(await profileOf(player.token)).toMatchObject(unsettled);
    expect((await pending()).find((row) => row.marketId === m.id)).toMatchObject({
      kind: 'settle',
      result: 'Kings',
      declaredBy: director.userId,
    });
    // No bet and no reopening while the result waits.
    const late = await call(t.app, 'POST', '/api/v1/place-bet', {
      token: player.token,
      body: { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 50, stake: 100 },
    });
    expect(late.body.meta.error).toBe('MARKET_CLOSED');
    expect(
      (
        await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, {
          token: support.token,
          body: { status: 'open' },
        })
      ).body.meta.code,
    ).toBe(409);
    expect(
      (
        await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
          token: support.token,
          body: { winnerId: m.runners[1] },
        })
      ).body.meta.error,
    ).toBe('CONFLICT');
    expect(
      (
        await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/void`, {
          token: support.token,
          body: { reason: 'Rain' },
        })
      ).body.meta.error,
    ).toBe('CONFLICT');

    const self = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/confirm`, {
      token: director.token,
    });
    expect(self.body.meta).toMatchObject({ code: 403, error: 'SELF_SERVICE_REFUSED' });
    expect(await profileOf(player.token)).toMatchObject(unsettled);

    const confirmed = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/confirm`, {
      token: support.token,
    });
    expect(confirmed.body.data).toMatchObject({ status: 'settled' });
    expect(await profileOf(player.token)).toMatchObject({ balance: 10500, exposure: 0 });
    expect((await pending()).some((row) => row.marketId === m.id)).toBe(false);
    const again = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/confirm`, {
      token: support.token,
    });
    expect(again.body.meta.error).toBe('NOT_FOUND');
    const settle = (await auditOf(m.id)).find((row) => row.action === 'market.settle');
    expect(settle).toMatchObject({
      actorId: support.userId,
      details: expect.objectContaining({ result: 'Kings', declaredBy: director.userId, confirmedBy: support.userId }),
    });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a second operator may reject a declaration instead; nothing moves and another result can be declared', async () => {
    await setConfirmation(director.token, true);
    const { m, player } = await bookmakerWithBet();
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { winnerId: m.runners[1] },
    });
    expect(
      (
        await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/reject`, {
          token: director.token,
          body: { reason: 'Changed my mind' },
        })
      ).body.meta.error,
    ).toBe('SELF_SERVICE_REFUSED');
    expect(
      (
        await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/reject`, {
          token: support.token,
          body: { reason: '' },
        })
      ).body.meta.code,
    ).toBe(400);
    const rejected = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/reject`, {
      token: support.token,
      body: { reason: 'Kings won' },
    });
    expect(rejected.body.meta).toMatchObject({ code: 200, message: 'Result rejected' });
    expect(await profileOf(player.token)).toMatchObject(unsettled);
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: support.token,
      body: { winnerId: m.runners[0] },
    });
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/confirm`, { token: director.token });
    expect(await balanceOf(player.token)).toBe(10500);
  });

  it('settles once when two operators confirm at the same moment', async () => {
    await setConfirmation(director.token, true);
    const third = await createOperator(t, ROLES.SUPPORT_ADMIN);
    const { m, player } = await bookmakerWithBet();
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { winnerId: m.runners[0] },
    });
    const answers = await Promise.all(
      [support, third].map((operator) =>
        call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/confirm`, { token: operator.token }),
      ),
    );
    expect(answers.filter((answer) => answer.body.meta.code === 200)).toHaveLength(1);
    expect(answers.map((answer) => answer.body.meta.error).filter((error) => error !== undefined)).toHaveLength(1);
    expect(await profileOf(player.token)).toMatchObject({ balance: 10500, exposure: 0 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('settles at once when the setting is off', async () => {
    await setConfirmation(director.token, false);
    const { m, player } = await bookmakerWithBet();
    const settled = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { winnerId: m.runners[0] },
    });
    expect(settled.body.meta.message).toBe('Market settled');
    expect(await balanceOf(player.token)).toBe(10500);
  });

  it('a correction always needs a reason and a second operator; the audit row keeps the earlier and the new result', async () => {
    await setConfirmation(director.token, false);
    const { m, player } = await bookmakerWithBet();
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { winnerId: m.runners[1] },
    });
    expect(await balanceOf(player.token)).toBe(9000);
    const noReason = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/correct`, {
      token: director.token,
      body: { winnerId: m.runners[0] },
    });
    expect(noReason.body.meta.code).toBe(400);
    const requested = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/correct`, {
      token: director.token,
      body: { winnerId: m.runners[0], reason: 'Scorer entered the wrong team' },
    });
    expect(requested.body.meta.message).toBe('Correction requested: a second operator must confirm');
    expect(await balanceOf(player.token)).toBe(9000);
    expect((await pending()).find((row) => row.marketId === m.id)).toMatchObject({
      kind: 'correct',
      result: 'Kings',
      previousResult: 'Royals',
    });
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/confirm`, { token: director.token })).body
        .meta.error,
    ).toBe('SELF_SERVICE_REFUSED');
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/confirm`, { token: support.token });
    expect(await balanceOf(player.token)).toBe(10500);
    const row = (await auditOf(m.id)).find((entry) => entry.action === 'market.correct');
    expect(row).toMatchObject({
      actorId: support.userId,
      details: expect.objectContaining({
        previousResult: 'Royals',
        newResult: 'Kings',
        reason: 'Scorer entered the wrong team',
        declaredBy: director.userId,
        confirmedBy: support.userId,
      }),
    });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('quotes (issue 9)', () => {
  it('refuses a bookmaker lay rate below its back rate, through the API and through the service the feed uses', async () => {
    const m = await market('BOOKMAKER');
    const api = await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/bookmaker-rates`, {
      token: director.token,
      body: { runners: [{ runnerId: m.runners[0], backRate: 52, layRate: 50 }] },
    });
    expect(api.body.meta.code).toBe(400);
    const feed = t.services.sports.setBookmakerRates(
      null,
      m.id,
      [{ runnerId: m.runners[0] as string, backRateHundredths: 5200, layRateHundredths: 5000 }],
      null,
    );
    await expect(feed).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The lay rate must not be below the back rate',
    });
    // Equal rates and one side unoffered are fine.
    await t.services.sports.setBookmakerRates(
      null,
      m.id,
      [
        { runnerId: m.runners[0] as string, backRateHundredths: 5000, layRateHundredths: 5000 },
        { runnerId: m.runners[1] as string, backRateHundredths: 9000, layRateHundredths: null },
      ],
      null,
    );
  });

  it('refuses a fancy YES line below its NO line, through the API and through the service', async () => {
    const m = await market('FANCY');
    const api = await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/fancy-line`, {
      token: director.token,
      body: { noLine: 62, noRate: 100, yesLine: 60, yesRate: 100 },
    });
    expect(api.body.meta.code).toBe(400);
    const feed = t.services.sports.setFancyLine(
      null,
      m.id,
      { noLineRuns: 62, noRateHundredths: 10_000, yesLineRuns: 60, yesRateHundredths: 10_000 },
      null,
    );
    await expect(feed).rejects.toBeInstanceOf(AppError);
    await expect(feed).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The YES line must not be below the NO line',
    });
  });

  it.each(['closed', 'settled', 'voided'] as const)('refuses new rates and lines on a %s market', async (state) => {
    await setConfirmation(director.token, false);
    const bookmaker = await market('BOOKMAKER');
    const fancy = await market('FANCY');
    for (const m of [bookmaker, fancy]) {
      if (state === 'closed')
        await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, {
          token: director.token,
          body: { status: 'closed' },
        });
      if (state === 'settled')
        await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
          token: director.token,
          body: m === fancy ? { runs: 40 } : { winnerId: m.runners[0] },
        });
      if (state === 'voided')
        await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/void`, {
          token: director.token,
          body: { reason: 'Rain' },
        });
    }
    const rates = await call(t.app, 'PUT', `/api/v1/backoffice/markets/${bookmaker.id}/bookmaker-rates`, {
      token: director.token,
      body: { runners: [{ runnerId: bookmaker.runners[0], backRate: 40, layRate: 42 }] },
    });
    expect(rates.body.meta).toMatchObject({
      code: 409,
      error: 'CONFLICT',
      message: `Rates and lines cannot change on a ${state} market`,
    });
    const line = await call(t.app, 'PUT', `/api/v1/backoffice/markets/${fancy.id}/fancy-line`, {
      token: director.token,
      body: { noLine: 40, noRate: 100, yesLine: 41, yesRate: 100 },
    });
    expect(line.body.meta).toMatchObject({ code: 409, error: 'CONFLICT' });
  });
});
