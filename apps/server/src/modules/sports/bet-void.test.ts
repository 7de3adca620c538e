import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { Answer, TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { quotedMarket } from '../../../test/two-processes.js';

/**
 * Issue 28, decision 0055: a single bet (or a market's bets in bulk) voided with a reason. A second
 * operator confirms (results need confirmation, as shipped); the exposure it held is released exactly
 * (to what the bets left still need), a settled bet's money is reversed by new journal entries, an
 * exchange bet's counterparty loses the matched part too, and the journal stays balanced.
 */
let t: TestApp;
let director: { token: string; userId: string };
let support: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  support = await createOperator(t, ROLES.SUPPORT_ADMIN);
});
afterAll(async () => t.close());

interface Bet {
  _id: string;
  status: string;
  matchedStake: number;
  unmatchedStake: number;
}

const market = (type: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY') => quotedMarket(t, director.token, type);

async function place(token: string, body: Record<string, unknown>): Promise<Bet> {
  const answer = await call(t.app, 'POST', '/api/v1/place-bet', { token, body });
  expect(answer.body.meta, JSON.stringify(answer.body.meta)).toMatchObject({ code: 200 });
  return answer.body.data as Bet;
}

const profileOf = async (token: string) =>
  (await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number; exposure: number };

const voidBet = (token: string, betId: string, reason = 'Late bet') =>
  call(t.app, 'POST', `/api/v1/backoffice/bets/${betId}/void`, { token, body: { reason } });

const confirm = (token: string, marketId: string) =>
  call(t.app, 'POST', `/api/v1/backoffice/markets/${marketId}/result/confirm`, { token });

function expectOk(answer: Answer, message?: string): void {
  expect(answer.body.meta, JSON.stringify(answer.body.meta)).toMatchObject({
    code: 200,
    ...(message === undefined ? {} : { message }),
  });
}

/** The bet as the database has it. */
async function betRow(id: string) {
  const rows = await t.db.query<{ status: string; matched_paise: number; cancelled_paise: number }>(
    'select status, matched_paise, cancelled_paise from bets where id = $1',
    [id],
  );
  return rows.rows[0];
}

/** A player's exposure per market as stored, summed: it must equal the wallet's (the profile's) exposure. */
async function storedExposurePaise(userId: string): Promise<number> {
  const rows = await t.db.query<{ total: number }>(
    'select coalesce(sum(exposure_paise), 0)::bigint as total from market_exposures where user_id = $1',
    [userId],
  );
  return Number(rows.rows[0]?.total);
}

describe('void one bet (issue 28)', () => {
  it('on an open exchange market: waits for a second operator, then releases both sides of the fill exactly', async () => {
    const m = await market('EXCHANGE');
    const [backer, layer] = await Promise.all([signUpPlayer(t), signUpPlayer(t)]);
    const kings = m.runners[0] as string;
    const royals = m.runners[1] as string;
    // The backer's ₹1,000 on Kings at 2.0 rests; the layer takes it all and leaves ₹500 of its lay waiting.
    const back = await place(backer.token, {
      marketId: m.id,
      selectionId: kings,
      selectionType: 'back',
      odds: 2,
      stake: 1000,
    });
    const lay = await place(layer.token, {
      marketId: m.id,
      selectionId: kings,
      selectionType: 'lay',
      odds: 2,
      stake: 1500,
    });
    expect(lay).toMatchObject({ matchedStake: 1000, unmatchedStake: 500 });
    // The backer also offers ₹200 on Royals at 4.0: nobody takes it. Worst case: Royals win, −₹1,000.
    await place(backer.token, { marketId: m.id, selectionId: royals, selectionType: 'back', odds: 4, stake: 200 });
    expect(await profileOf(backer.token)).toMatchObject({ balance: 10000, exposure: -1000 });
    expect(await profileOf(layer.token)).toMatchObject({ balance: 10000, exposure: -1500 });

    const declared = await voidBet(director.token, back._id);
    expectOk(declared, 'Void declared: a second operator must confirm');
    expect(declared.body.data).toMatchObject({ marketId: m.id, betIds: [back._id], status: 'declared' });
    // Nothing moved yet; the market stays open; the one who declared cannot confirm.
    expect(await profileOf(backer.token)).toMatchObject({ exposure: -1000 });
    expect((await confirm(director.token, m.id)).body.meta.error).toBe('SELF_SERVICE_REFUSED');
    const pending = (await call(t.app, 'GET', '/api/v1/backoffice/results/pending', { token: support.token })).body
      .data as { marketId: string; kind: string; result: string; reason: string }[];
    expect(pending.find((row) => row.marketId === m.id)).toMatchObject({
      kind: 'void_bets',
      result: 'Void 1 bet',
      reason: 'Late bet',
    });

    expectOk(await confirm(support.token, m.id), 'Result confirmed');
    // The backer keeps only its Royals offer (₹200); the layer only its unmatched ₹500 lay at 2.0 (liability ₹500).
    expect(await profileOf(backer.token)).toMatchObject({ balance: 10000, exposure: -200 });
    expect(await profileOf(layer.token)).toMatchObject({ balance: 10000, exposure: -500 });
    expect(await storedExposurePaise(backer.userId)).toBe(-20000);
    expect(await storedExposurePaise(layer.userId)).toBe(-50000);
    expect(await betRow(back._id)).toMatchObject({ status: 'voided' });
    // The layer's bet lost its matched part, which counts as cancelled; its ₹500 still waits in the book.
    expect(await betRow(lay._id as string)).toMatchObject({
      status: 'unmatched',
      matched_paise: 0,
      cancelled_paise: 100000,
    });

    // What is left settles as if the void's bets were never struck: Kings win, nothing of the voided fill is paid.
    const rest = await place(backer.token, {
      marketId: m.id,
      selectionId: kings,
      selectionType: 'back',
      odds: 2,
      stake: 300,
    });
    expect(rest).toMatchObject({ matchedStake: 300 });
    expectOk(
      await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
        token: director.token,
        body: { winnerId: kings },
      }),
    );
    expectOk(await confirm(support.token, m.id));
    // Backer: +300 on Kings (less 2% commission = 294), its Royals offer lapsed. Layer: −300.
    expect(await profileOf(backer.token)).toMatchObject({ balance: 10294, exposure: 0 });
    expect(await profileOf(layer.token)).toMatchObject({ balance: 9700, exposure: 0 });
    expect(await ledgerViolations(t.db)).toEqual([]);
    // Audited, with the declarer and the confirmer.
    const audit = await t.db.query<{ actor_id: string; details: { declaredBy: string; reason: string } }>(
      `select actor_id, details from audit_log where action = 'bet.void' and target_id = $1`,
      [back._id],
    );
    expect(audit.rows[0]).toMatchObject({
      actor_id: support.userId,
      details: { declaredBy: director.userId, reason: 'Late bet' },
    });
  });

  it('on a settled exchange market: both sides of the voided fills are reversed, the other pair stands', async () => {
    const m = await market('EXCHANGE');
    const [backer, layer, otherBacker, otherLayer] = await Promise.all([
      signUpPlayer(t),
      signUpPlayer(t),
      signUpPlayer(t),
      signUpPlayer(t),
    ]);
    const kings = m.runners[0] as string;
    const back = await place(backer.token, {
      marketId: m.id,
      selectionId: kings,
      selectionType: 'back',
      odds: 2,
      stake: 1000,
    });
    const lay = await place(layer.token, {
      marketId: m.id,
      selectionId: kings,
      selectionType: 'lay',
      odds: 2,
      stake: 1000,
    });
    await place(otherBacker.token, { marketId: m.id, selectionId: kings, selectionType: 'back', odds: 2, stake: 500 });
    await place(otherLayer.token, { marketId: m.id, selectionId: kings, selectionType: 'lay', odds: 2, stake: 500 });
    expectOk(
      await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
        token: director.token,
        body: { winnerId: kings },
      }),
    );
    expectOk(await confirm(support.token, m.id));
    // Kings won: backers +100% less 2% commission, layers lose their liability.
    expect(await profileOf(backer.token)).toMatchObject({ balance: 10980 });
    expect(await profileOf(layer.token)).toMatchObject({ balance: 9000 });

    expectOk(await voidBet(director.token, back._id, 'Ghost bet'));
    expectOk(await confirm(support.token, m.id));
    expect(await profileOf(backer.token)).toMatchObject({ balance: 10000, exposure: 0 });
    expect(await profileOf(layer.token)).toMatchObject({ balance: 10000, exposure: 0 });
    expect(await betRow(lay._id)).toMatchObject({ status: 'voided', matched_paise: 0 });
    expect(await profileOf(otherBacker.token)).toMatchObject({ balance: 10490 });
    expect(await profileOf(otherLayer.token)).toMatchObject({ balance: 9500 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('on a settled bookmaker market: the bet is reversed by new journal entries and the rest re-settled exactly', async () => {
    const m = await market('BOOKMAKER');
    const player = await signUpPlayer(t);
    const kings = m.runners[0] as string;
    const royals = m.runners[1] as string;
    // Back Kings ₹1,000 at 50 (wins ₹500) and back Royals ₹400 at 50 (loses ₹400).
    const win = await place(player.token, {
      marketId: m.id,
      selectionId: kings,
      selectionType: 'back',
      odds: 50,
      stake: 1000,
    });
    await place(player.token, { marketId: m.id, selectionId: royals, selectionType: 'back', odds: 50, stake: 400 });
    expectOk(
      await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
        token: director.token,
        body: { winnerId: kings },
      }),
    );
    expectOk(await confirm(support.token, m.id));
    expect(await profileOf(player.token)).toMatchObject({ balance: 10100, exposure: 0 });
    const journalBefore = await t.db.query<{ n: number }>('select count(*)::int as n from journal_transactions');

    expectOk(await voidBet(support.token, win._id, 'Wrong rate'), 'Void declared: a second operator must confirm');
    expect(await profileOf(player.token)).toMatchObject({ balance: 10100 });
    expectOk(await confirm(director.token, m.id));
    // Only the Royals loss stands.
    expect(await profileOf(player.token)).toMatchObject({ balance: 9600, exposure: 0 });
    expect(await betRow(win._id)).toMatchObject({ status: 'voided' });
    const journalAfter = await t.db.query<{ n: number }>('select count(*)::int as n from journal_transactions');
    // New entries only: the reversal and the new settlement, nothing edited.
    expect(journalAfter.rows[0]?.n).toBeGreaterThan(journalBefore.rows[0]?.n as number);
    const kinds = await t.db.query<{ kind: string }>(
      `select kind from journal_transactions where details->>'marketId' = $1 order by id`,
      [m.id],
    );
    expect(kinds.rows.map((row) => row.kind)).toContain('bet_void');
    expect(await ledgerViolations(t.db)).toEqual([]);
    // Voiding it again is refused.
    expect((await voidBet(support.token, win._id)).body.meta).toMatchObject({
      code: 409,
      message: 'This bet is already void',
    });
  });

  it('on an open fancy market with the switch off: at once, the exposure is the other bet alone', async () => {
    const m = await market('FANCY');
    const player = await signUpPlayer(t);
    const yes = await place(player.token, {
      marketId: m.id,
      selectionType: 'back',
      odds: 63,
      oddsSize: 100,
      stake: 1000,
    });
    await place(player.token, { marketId: m.id, selectionType: 'lay', odds: 61, oddsSize: 100, stake: 500 });
    const before = await profileOf(player.token);
    expect(before.exposure).toBeLessThan(0);
    await call(t.app, 'PUT', '/api/v1/backoffice/sports-desk/settings', {
      token: director.token,
      body: { resultsNeedConfirmation: false },
    });
    try {
      const answer = await voidBet(support.token, yes._id, 'Ghost bet');
      expectOk(answer, 'Bet void');
      expect(answer.body.data).toMatchObject({ status: 'voided' });
      // NO 61 at rate 100 for ₹500 alone risks ₹500.
      expect(await profileOf(player.token)).toMatchObject({ balance: 10000, exposure: -500 });
    } finally {
      await call(t.app, 'PUT', '/api/v1/backoffice/sports-desk/settings', {
        token: director.token,
        body: { resultsNeedConfirmation: true },
      });
    }
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("bulk: a player's bets on a market, and a time window that takes nobody's", async () => {
    const m = await market('BOOKMAKER');
    const [ghost, honest] = await Promise.all([signUpPlayer(t), signUpPlayer(t)]);
    const kings = m.runners[0] as string;
    const first = await place(ghost.token, {
      marketId: m.id,
      selectionId: kings,
      selectionType: 'back',
      odds: 50,
      stake: 300,
    });
    const second = await place(ghost.token, {
      marketId: m.id,
      selectionId: kings,
      selectionType: 'lay',
      odds: 52,
      stake: 100,
    });
    await place(honest.token, { marketId: m.id, selectionId: kings, selectionType: 'back', odds: 50, stake: 700 });

    const nothing = await call(t.app, 'POST', '/api/v1/backoffice/bets/void', {
      token: director.token,
      body: { marketId: m.id, from: '2000-01-01T00:00:00Z', to: '2000-01-02T00:00:00Z', reason: 'Window' },
    });
    expect(nothing.body.meta).toMatchObject({ code: 404, message: 'No bet to void' });
    const unnarrowed = await call(t.app, 'POST', '/api/v1/backoffice/bets/void', {
      token: director.token,
      body: { marketId: m.id, reason: 'All of it' },
    });
    expect(unnarrowed.body.meta.code).toBe(400);

    const declared = await call(t.app, 'POST', '/api/v1/backoffice/bets/void', {
      token: director.token,
      body: { marketId: m.id, userId: ghost.userId, reason: 'Ghost bets' },
    });
    expectOk(declared, 'Void declared: a second operator must confirm');
    expect((declared.body.data as { betIds: string[] }).betIds.sort()).toEqual([first._id, second._id].sort());
    expectOk(await confirm(support.token, m.id));
    expect(await profileOf(ghost.token)).toMatchObject({ balance: 10000, exposure: 0 });
    expect(await profileOf(honest.token)).toMatchObject({ balance: 10000, exposure: -700 });
    expect(await storedExposurePaise(ghost.userId)).toBe(0);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
