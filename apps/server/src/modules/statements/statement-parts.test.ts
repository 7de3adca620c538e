import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, statementEnvelope, type StatementLine } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { seedDemoData } from '../demo/demo-seed.js';
import { statementParts } from './statement-parts.js';
import { resultsSettleAlone } from '../../../test/one-operator-results.js';

/**
 * Issue 14 (ADR 0030): each statement line carries the structured parts of its description, so the
 * player app can word it in Hindi; the English description stays the server's text, unchanged.
 */
let t: TestApp;
let director: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.services);
  director = await createOperator(t, ROLES.DIRECTOR);
  await resultsSettleAlone(t, director.token);
});
afterAll(async () => t.close());

async function statement(token: string, path = '/api/v1/account-statement'): Promise<StatementLine[]> {
  const answer = await call(t.app, 'GET', path, { token });
  // The answer still fits the published schema (parts optional, backwards compatible).
  return statementEnvelope.parse(answer.body).data?.lines ?? [];
}

describe('statement line parts', () => {
  it('gives deposits, withdrawals and adjustments their parts beside the unchanged English text', async () => {
    const player = await signUpPlayer(t);
    const accounts = (await call(t.app, 'GET', '/api/v1/admin-account-details', { token: player.token })).body.data as {
      _id: string;
      type: string;
    }[];
    const upi = accounts.find((account) => account.type === 'upi')?._id as string;
    await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
      token: player.token,
      body: { amount: 1500, accountId: upi, type: 'upi', txnRef: `UTR${Date.now()}` },
    });
    const pending = (
      await call(t.app, 'GET', '/api/v1/backoffice/deposits?status=pending&pageSize=100', { token: director.token })
    ).body.data as { items: { _id: string; player: { _id: string } }[] };
    const depositId = pending.items.find((item) => item.player._id === player.userId)?._id as string;
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/deposits/${depositId}/approve`, { token: director.token })).body
        .meta.code,
    ).toBe(200);

    const accountId = (
      (
        await call(t.app, 'POST', '/api/v1/account-details', {
          token: player.token,
          body: {
            type: 'bank',
            accountNumber: '987654321012',
            accountHolderName: 'Ravi',
            bankName: 'HDFC Bank',
            ifscCode: 'HDFC0000123',
          },
        })
      ).body.data as { _id: string }
    )._id;
    const held = (
      await call(t.app, 'POST', '/api/v1/withdrawal-request', {
        token: player.token,
        body: { amount: 2500, accountId },
      })
    ).body.data as { _id: string };
    await call(t.app, 'POST', `/api/v1/backoffice/withdrawals/${held._id}/reject`, {
      token: director.token,
      body: { reason: 'Account name mismatch' },
    });
    const paid = (
      await call(t.app, 'POST', '/api/v1/withdrawal-request', { token: player.token, body: { amount: 400, accountId } })
    ).body.data as { _id: string };
    await call(t.app, 'POST', `/api/v1/backoffice/withdrawals/${paid._id}/approve`, { token: director.token });
    await call(t.app, 'POST', `/api/v1/backoffice/users/${player.userId}/adjustments`, {
      token: director.token,
      body: { wallet: 'main', amount: 50, reason: 'Goodwill for a delay' },
    });

    const lines = await statement(player.token);
    expect(lines.map((line) => [line.kind, line.description, line.parts])).toEqual([
      ['play_chips_grant', 'Welcome play chips', undefined],
      [
        'deposit',
        expect.stringMatching(/^Deposit by UPI, ref UTR\d+$/),
        { method: 'upi', ref: expect.stringMatching(/^UTR\d+$/) },
      ],
      ['withdrawal_hold', 'Withdrawal to HDFC Bank ····1012 (on hold)', { account: 'HDFC Bank ····1012' }],
      [
        'withdrawal_release',
        'Withdrawal rejected (Account name mismatch), amount released',
        { reason: 'Account name mismatch' },
      ],
      ['withdrawal_hold', 'Withdrawal to HDFC Bank ····1012 (on hold)', { account: 'HDFC Bank ····1012' }],
      ['adjustment', 'Adjustment: Goodwill for a delay', { reason: 'Goodwill for a delay' }],
    ]);
    // The ref in the parts is the one the description names.
    const deposit = lines[1] as StatementLine;
    expect(deposit.description.endsWith(deposit.parts?.ref as string)).toBe(true);
    // Never an internal id: only what a description shows.
    for (const line of lines) expect(JSON.stringify(line.parts ?? {})).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('names the market and the winner of a settlement, and the reason of its void', async () => {
    const sportId = (
      (await call(t.app, 'POST', '/api/v1/backoffice/sports', { token: director.token, body: { name: 'Cricket' } }))
        .body.data as { _id: string }
    )._id;
    const leagueId = (
      (
        await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
          token: director.token,
          body: { sportId, name: 'Parts League' },
        })
      ).body.data as { _id: string }
    )._id;
    const eventId = (
      (
        await call(t.app, 'POST', '/api/v1/backoffice/events', {
          token: director.token,
          body: { leagueId, name: 'Kings v Royals', startTime: '2026-11-21T14:00:00.000Z' },
        })
      ).body.data as { _id: string }
    )._id;
    const marketId = (
      (
        await call(t.app, 'POST', '/api/v1/backoffice/markets', {
          token: director.token,
          body: {
            eventId,
            marketType: 'BOOKMAKER',
            name: 'Bookmaker',
            runners: ['Kings', 'Royals'],
            betDelaySeconds: 0,
          },
        })
      ).body.data as { _id: string }
    )._id;
    const runners = (
      (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${marketId}`, { token: director.token, body: {} })).body
        .data as { runners: { _id: string }[] }
    ).runners.map((runner) => runner._id);
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${marketId}/bookmaker-rates`, {
      token: director.token,
      body: { runners: [{ runnerId: runners[0], backRate: 50, layRate: 52 }] },
    });
    const player = await signUpPlayer(t);
    const placed = await call(t.app, 'POST', '/api/v1/place-bet', {
      token: player.token,
      body: { marketId, selectionId: runners[0], selectionType: 'back', odds: 50, stake: 1000 },
    });
    expect(placed.body.data).toMatchObject({ status: 'matched' });
    expect(
      (
        await call(t.app, 'POST', `/api/v1/backoffice/markets/${marketId}/settle`, {
          token: director.token,
          body: { winnerId: runners[0] },
        })
      ).body.meta.code,
    ).toBe(200);
    // Voiding a settled market is a correction a second operator confirms.
    expect(
      (
        await call(t.app, 'POST', `/api/v1/backoffice/markets/${marketId}/void`, {
          token: director.token,
          body: { reason: 'Rain' },
        })
      ).body.meta.code,
    ).toBe(200);
    const support = await createOperator(t, ROLES.SUPPORT_ADMIN);
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/markets/${marketId}/result/confirm`, { token: support.token }))
        .body.meta.code,
    ).toBe(200);

    const results = await statement(player.token, '/api/v1/result-transaction');
    const market = { sport: 'Cricket', event: 'Kings v Royals', market: 'Bookmaker', winner: 'Kings' };
    expect(results.map((line) => [line.kind, line.description, line.parts])).toEqual([
      ['bet_settlement', 'Cricket / Kings v Royals / Bookmaker — Kings', market],
      ['bet_void', 'Void (Rain): Cricket / Kings v Royals / Bookmaker — Kings', { ...market, reason: 'Rain' }],
    ]);
  });
});

describe('statementParts (lines of every kind, and lines written before a part was stored)', () => {
  it.each([
    [
      'bet_settlement',
      { sport: 'Cricket', event: 'A v B', market: '10 over runs', result: '12 runs', runs: 12 },
      '',
      { sport: 'Cricket', event: 'A v B', market: '10 over runs', runs: 12 },
    ],
    [
      'bet_settlement',
      { sport: 'Cricket', event: 'A v B', market: '10 over runs', result: '7 runs' },
      '',
      { sport: 'Cricket', event: 'A v B', market: '10 over runs', runs: 7 },
    ],
    [
      'bet_resettlement',
      { sport: 'Tennis', event: 'C v D', market: 'Match Odds', result: 'C' },
      '',
      { sport: 'Tennis', event: 'C v D', market: 'Match Odds', winner: 'C' },
    ],
    [
      'bet_cash_out',
      { sport: 'Football', event: 'E v F', market: 'Match Odds', betId: 'x', valuePaise: 5 },
      '',
      { sport: 'Football', event: 'E v F', market: 'Match Odds' },
    ],
    [
      'casino_debit',
      { provider: 'Khel Originals', providerCode: 'khel-house' },
      'Slots / Khel Originals / 21/11/2026',
      { provider: 'Khel Originals', lobby: 'slots' },
    ],
    [
      'casino_rollback',
      { provider: 'Khel Originals' },
      'Live Casino / Khel Originals / 21/11/2026',
      { provider: 'Khel Originals', lobby: 'live' },
    ],
    ['deposit', { depositId: 'x', txnRef: null }, 'Deposit by bank transfer', undefined],
    ['bonus_claim', { bonusId: 'x', offer: 'Welcome bonus 100%' }, '', { offer: 'Welcome bonus 100%' }],
    [
      'referral_earning',
      { weekStart: '2026-11-15', weekEnd: '2026-11-21', netLossPaise: 5 },
      '',
      { weekStart: '2026-11-15', weekEnd: '2026-11-21' },
    ],
    ['credit_ref', { action: 'take' }, '', { direction: 'out' }],
    ['credit_settlement', { refPnlBeforePaise: -500 }, '', { direction: 'out' }],
    ['credit_settlement', { refPnlBeforePaise: 500 }, '', { direction: 'in' }],
    ['referral_claim', {}, 'Referral bonus claimed to the main wallet', undefined],
    ['some_future_kind', { sport: 'Cricket' }, 'Anything', undefined],
  ])('%s %j', (kind, details, description, expected) => {
    expect(statementParts(kind, details, description)).toEqual(expected);
  });
});
