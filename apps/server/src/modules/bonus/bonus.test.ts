import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerBonusDetail } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { PASSWORD, call, createTestApp, nextIp } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { launchGame, signedCall } from '../casino/casino-test-support.js';
import type { Operator, Player } from './bonus-test-support.js';
import {
  approvedDeposit,
  bonusAction,
  bonusData,
  bookmakerMarket,
  createOffer,
  desk,
  newPlayer,
  placeBet,
  profile,
  settle,
  useWallet,
} from './bonus-test-support.js';

let t: TestApp;
let director: Operator;
let support: Operator;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp({ SECOND_APPROVAL_ABOVE_RUPEES: '5000' });
  ({ director, support, accountId } = await desk(t));
  // Welcome: 100 % of the first deposit up to ₹1,000, 2× wagering, odds 1.40 or more.
  await createOffer(t, director, { wageringMultiple: 2 });
});
afterAll(async () => t.close());

async function relogin(player: Player): Promise<string> {
  const login = await call(t.app, 'POST', '/api/v1/login', {
    ip: nextIp(),
    body: { mobile_no: player.mobileNo, password: PASSWORD },
  });
  return login.body.meta.token as string;
}

/** A new player whose first deposit of `amount` earned the welcome offer; answers the offered bonus id. */
async function playerWithWelcome(amount = 500): Promise<{ player: Player; bonusId: string }> {
  const player = await newPlayer(t);
  await approvedDeposit(t, player, director, accountId, amount);
  const data = await bonusData(t, player);
  expect(data.offered).toHaveLength(1);
  return { player, bonusId: data.offered[0]?._id as string };
}

describe('bonus lifecycle (PRODUCT.md §8)', () => {
  it('offers on the first approved deposit, activates into the bonus wallet, counts settled bonus bets at or above the minimum odds, completes and claims', async () => {
    const { player, bonusId } = await playerWithWelcome(500);
    const offered = (await bonusData(t, player)).offered[0];
    expect(offered).toMatchObject({
      status: 'offered',
      amount: 500,
      wageringRequired: 1000,
      wageringProgress: 0,
      progressPercent: 0,
      minOdds: 1.4,
    });
    expect(offered?.rules.join(' ')).toContain('1.40');
    expect((await profile(t, player)).bonus).toBe(0);

    const early = await bonusAction(t, player, 'claim', bonusId);
    expect(early.meta).toMatchObject({ code: 409, error: 'BONUS_NOT_COMPLETED' });

    const activated = await bonusAction(t, player, 'activate', bonusId);
    expect(activated.meta).toMatchObject({ code: 200, message: 'Bonus activated' });
    expect(activated.bonus).toMatchObject({ status: 'active' });
    expect((await profile(t, player)).bonus).toBe(500);

    await useWallet(t, player, 'bonus');
    const low = await bookmakerMarket(t, director, 30, 33); // odds 1.30: below the minimum
    const high = await bookmakerMarket(t, director, 50, 55); // odds 1.50
    expect((await placeBet(t, player, low.id, low.runners[0] as string, 'back', 30, 100)).body.meta.code).toBe(200);
    expect((await placeBet(t, player, high.id, high.runners[0] as string, 'back', 50, 400)).body.meta.code).toBe(200);
    expect((await profile(t, player)).bonusExposure).toBe(-500);
    await settle(t, director, low.id, low.runners[0] as string); // +30, counts nothing
    await settle(t, director, high.id, high.runners[0] as string); // +200, counts 400
    let active = (await bonusData(t, player)).active;
    expect(active).toMatchObject({ status: 'active', wageringProgress: 400, progressPercent: 40 });
    expect((await profile(t, player)).bonus).toBe(730);

    const second = await bookmakerMarket(t, director, 50, 55);
    await placeBet(t, player, second.id, second.runners[0] as string, 'back', 50, 600);
    await settle(t, director, second.id, second.runners[1] as string); // loses 600, counts 600
    active = (await bonusData(t, player)).active;
    expect(active).toMatchObject({ status: 'completed', wageringProgress: 1000, progressPercent: 100 });

    const mainBefore = (await profile(t, player)).balance;
    const claimed = await bonusAction(t, player, 'claim', bonusId, 'claim-key-1');
    expect(claimed.meta).toMatchObject({ code: 200, message: 'Bonus claimed to your main wallet' });
    expect(claimed.bonus).toMatchObject({ status: 'claimed', convertedAmount: 130, removedAmount: 0 });
    expect(await profile(t, player)).toMatchObject({ balance: mainBefore + 130, bonus: 0 });
    // The same Idempotency-Key replays the first answer; a new claim of a claimed bonus is refused.
    expect((await bonusAction(t, player, 'claim', bonusId, 'claim-key-1')).bonus).toEqual(claimed.bonus);
    expect((await bonusAction(t, player, 'claim', bonusId)).meta).toMatchObject({ code: 409, error: 'BONUS_CLOSED' });
    expect((await profile(t, player)).balance).toBe(mainBefore + 130);
    expect((await bonusData(t, player)).past.map((bonus) => bonus.status)).toEqual(['claimed']);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('converts at most the maximum conversion and removes the rest', async () => {
    const capped = await createOffer(t, director, {
      name: 'Reload 50%',
      kind: 'deposit',
      percent: 50,
      capAmount: 2000,
      minDeposit: 1000,
      frequency: 'daily',
      wageringMultiple: 1,
      maxConversion: 300,
    });
    const player = await newPlayer(t);
    await approvedDeposit(t, player, director, accountId, 1000); // first deposit: welcome ₹1,000 and reload ₹500
    const data = await bonusData(t, player);
    const reload = data.offered.find((bonus) => bonus.offerId === capped._id);
    expect(reload).toMatchObject({ amount: 500, wageringRequired: 500, maxConversion: 300 });
    await bonusAction(t, player, 'activate', reload?._id as string);
    // One active bonus at a time.
    const welcome = data.offered.find((bonus) => bonus.kind === 'welcome');
    expect((await bonusAction(t, player, 'activate', welcome?._id as string)).meta).toMatchObject({
      code: 409,
      error: 'BONUS_ALREADY_ACTIVE',
    });
    await useWallet(t, player, 'bonus');
    const m = await bookmakerMarket(t, director, 100, 105);
    await placeBet(t, player, m.id, m.runners[0] as string, 'back', 100, 500);
    await settle(t, director, m.id, m.runners[0] as string); // bonus wallet 1000
    const mainBefore = (await profile(t, player)).balance;
    const claimed = await bonusAction(t, player, 'claim', reload?._id as string);
    expect(claimed.bonus).toMatchObject({ status: 'claimed', convertedAmount: 300, removedAmount: 700 });
    expect(await profile(t, player)).toMatchObject({ balance: mainBefore + 300, bonus: 0 });
    // A second deposit the same India day earns no second reload.
    await approvedDeposit(t, player, director, accountId, 1000);
    expect((await bonusData(t, player)).offered.filter((bonus) => bonus.offerId === capped._id)).toHaveLength(0);
    await call(t.app, 'PUT', `/api/v1/backoffice/bonus-offers/${capped._id}/pause`, {
      token: director.token,
      body: { paused: true },
    });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('activates one of two bonuses raced at once, never both', async () => {
    const player = await newPlayer(t);
    const manual = await createOffer(t, director, {
      name: 'Race',
      kind: 'manual',
      percent: null,
      capAmount: null,
      wageringMultiple: 1,
    });
    for (const amount of [100, 200])
      await call(t.app, 'POST', `/api/v1/backoffice/users/${player.userId}/bonuses`, {
        token: support.token,
        body: { offerId: manual._id, amount, reason: 'Race test' },
      });
    const ids = (await bonusData(t, player)).offered.map((bonus) => bonus._id);
    const answers = await Promise.all(ids.map((id) => bonusAction(t, player, 'activate', id)));
    expect(answers.map((answer) => answer.meta.code).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.meta.code === 409)?.meta.error).toBe('BONUS_ALREADY_ACTIVE');
    expect([100, 200]).toContain((await profile(t, player)).bonus);
    await call(t.app, 'PUT', `/api/v1/backoffice/bonus-offers/${manual._id}/pause`, {
      token: director.token,
      body: { paused: true },
    });
  });

  it('refuses a forfeit while a bonus-wallet bet is open, then empties the bonus wallet', async () => {
    const { player, bonusId } = await playerWithWelcome(400);
    await bonusAction(t, player, 'activate', bonusId);
    await useWallet(t, player, 'bonus');
    const m = await bookmakerMarket(t, director, 50, 55);
    await placeBet(t, player, m.id, m.runners[0] as string, 'back', 50, 100);
    const refused = await bonusAction(t, player, 'forfeit', bonusId);
    expect(refused.meta).toMatchObject({ code: 409, error: 'BONUS_EXPOSURE_OPEN' });
    expect((await profile(t, player)).bonus).toBe(400);
    await settle(t, director, m.id, m.runners[1] as string);
    const forfeited = await bonusAction(t, player, 'forfeit', bonusId);
    expect(forfeited.meta).toMatchObject({ code: 200, message: 'Bonus forfeited' });
    expect(forfeited.bonus).toMatchObject({ status: 'forfeited', removedAmount: 300 });
    expect((await profile(t, player)).bonus).toBe(0);
    expect((await bonusAction(t, player, 'forfeit', bonusId)).meta.error).toBe('BONUS_CLOSED');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('takes a voided bet out of the progress and recomputes a corrected result (a lay counts its liability)', async () => {
    const { player, bonusId } = await playerWithWelcome(1000);
    await bonusAction(t, player, 'activate', bonusId);
    await useWallet(t, player, 'bonus');
    const m = await bookmakerMarket(t, director, 50, 60);
    await placeBet(t, player, m.id, m.runners[0] as string, 'lay', 60, 500); // liability ₹300
    await settle(t, director, m.id, m.runners[1] as string);
    expect((await bonusData(t, player)).active).toMatchObject({ wageringProgress: 300 });
    // A correction (and a void after settlement) waits for a second operator (decision 0010).
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/correct`, {
      token: director.token,
      body: { winnerId: m.runners[0], reason: 'Wrong winner' },
    });
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/confirm`, { token: support.token })).body
        .meta.code,
    ).toBe(200);
    expect((await bonusData(t, player)).active).toMatchObject({ wageringProgress: 300 });
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/void`, {
      token: director.token,
      body: { reason: 'Abandoned' },
    });
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/confirm`, { token: support.token })).body
        .meta.code,
    ).toBe(200);
    expect((await bonusData(t, player)).active).toMatchObject({ wageringProgress: 0 });
    const history = (
      await call(t.app, 'GET', `/api/v1/backoffice/users/${player.userId}/bonuses`, { token: support.token })
    ).body.data as PlayerBonusDetail[];
    expect(history[0]?.wagering[0]).toMatchObject({
      product: 'bookmaker',
      amountAtRisk: 300,
      odds: 1.6,
      counted: 0,
      status: 'voided',
    });
    // A main-wallet bet never counts.
    await useWallet(t, player, 'main');
    const main = await bookmakerMarket(t, director, 50, 55);
    await placeBet(t, player, main.id, main.runners[0] as string, 'back', 50, 500);
    await settle(t, director, main.id, main.runners[0] as string);
    expect((await bonusData(t, player)).active).toMatchObject({ wageringProgress: 0 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('casino rounds count at the product contribution', () => {
  it('counts a settled bonus-wallet slot round at 100 % and a live-casino round at 10 %; main-wallet rounds never', async () => {
    const created = await call(t.app, 'POST', '/api/v1/backoffice/casino/providers', {
      token: director.token,
      body: {
        code: 'bonusco',
        name: 'Bonus Co',
        launchUrlTemplate: 'https://games.bonusco.test/launch?token={token}&game={game}',
      },
    });
    const provider = { provider: 'bonusco', secret: (created.body.data as { secret: string }).secret, clock: t.clock };
    for (const [code, isSlot, launchKind] of [
      ['bonusco-slot', true, 'play'],
      ['bonusco-table', false, 'qtech'],
    ] as const) {
      await call(t.app, 'POST', '/api/v1/backoffice/casino/games', {
        token: director.token,
        body: {
          providerCode: 'bonusco',
          code,
          title: code,
          category: isSlot ? 'Slots' : 'Tables',
          isSlot,
          launchKind,
          order: 1,
        },
      });
    }
    const { player, bonusId } = await playerWithWelcome(500);
    await bonusAction(t, player, 'activate', bonusId);
    let tx = 0;
    const round = async (gameCode: string, roundId: string, stake: number, payout: number) => {
      expect(
        (
          await signedCall(
            t.app,
            'debit',
            { playerId: player.userId, transactionId: `b-${(tx += 1)}`, roundId, gameCode, amount: stake },
            provider,
          )
        ).body.data,
      ).toMatchObject({ status: 'OK' });
      expect(
        (
          await signedCall(
            t.app,
            'credit',
            { playerId: player.userId, transactionId: `b-${(tx += 1)}`, roundId, gameCode, amount: payout },
            provider,
          )
        ).body.data,
      ).toMatchObject({ status: 'OK' });
    };
    // A provider reaches a player only through a live launch session of its own, in the wallet chosen at launch (decision 0013).
    const launchBoth = async () => {
      for (const gameId of ['bonusco-slot', 'bonusco-table']) await launchGame(t.app, player.token, gameId);
    };
    await launchBoth();
    await round('bonusco-slot', 'main-1', 100, 0); // main wallet: does not count
    await useWallet(t, player, 'bonus');
    t.clock.advanceMs(1000); // the newest launch session is the one the provider plays in
    await launchBoth();
    await round('bonusco-slot', 'r-1', 100, 0);
    await round('bonusco-table', 'r-2', 200, 50);
    expect((await bonusData(t, player)).active).toMatchObject({ wageringProgress: 120 });
    expect((await profile(t, player)).bonus).toBe(250);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('manual grants and offers in the back office', () => {
  it('grants a manual bonus with a reason; above the threshold a second operator approves; never to oneself', async () => {
    const manual = await createOffer(t, director, {
      name: 'Goodwill',
      kind: 'manual',
      percent: null,
      capAmount: null,
      wageringMultiple: 3,
    });
    const player = await newPlayer(t);
    const small = await call(t.app, 'POST', `/api/v1/backoffice/users/${player.userId}/bonuses`, {
      token: support.token,
      body: { offerId: manual._id, amount: 250, reason: 'Late settlement apology' },
    });
    expect(small.body.data).toMatchObject({ status: 'granted', amount: 250 });
    const large = await call(t.app, 'POST', `/api/v1/backoffice/users/${player.userId}/bonuses`, {
      token: support.token,
      body: { offerId: manual._id, amount: 6000, reason: 'VIP goodwill' },
    });
    expect(large.body.data).toMatchObject({ status: 'pending' });
    const grantId = (large.body.data as { _id: string })._id;
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/bonus-grants/${grantId}/approve`, { token: support.token })).body
        .meta.error,
    ).toBe('SELF_SERVICE_REFUSED');
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/bonus-grants/${grantId}/approve`, { token: director.token })).body
        .data,
    ).toMatchObject({ status: 'granted' });
    const offered = (await bonusData(t, player)).offered;
    expect(offered.map((bonus) => bonus.amount).sort((a, b) => a - b)).toEqual([250, 6000]);
    expect(offered[0]).toMatchObject({ wageringRequired: offered[0]?.amount === 250 ? 750 : 18000 });
    const self = await call(t.app, 'POST', `/api/v1/backoffice/users/${director.userId}/bonuses`, {
      token: director.token,
      body: { offerId: manual._id, amount: 100, reason: 'Myself' },
    });
    expect(self.body.meta).toMatchObject({ code: 403, error: 'SELF_SERVICE_REFUSED' });
    const audit = await t.db.query<{ action: string }>(
      "select action from audit_log where action like 'bonus%' order by created_at",
    );
    expect(audit.rows.map((row) => row.action)).toEqual(
      expect.arrayContaining(['bonus_offer.create', 'bonus.grant', 'bonus.grant_request', 'bonus.grant_approve']),
    );
    expect(
      (
        await call(t.app, 'POST', `/api/v1/backoffice/users/${player.userId}/bonuses`, {
          token: player.token,
          body: { offerId: manual._id, amount: 100, reason: 'Me' },
        })
      ).body.meta.error,
    ).toBe('FORBIDDEN');
  });

  it('edits and pauses offers; a paused welcome offer grants nothing', async () => {
    const offer = await createOffer(t, director, {
      name: 'Second welcome',
      fixedAmount: 100,
      percent: null,
      capAmount: null,
    });
    const edited = await call(t.app, 'PUT', `/api/v1/backoffice/bonus-offers/${offer._id}`, {
      token: director.token,
      body: {
        ...offer,
        _id: undefined,
        name: 'Second welcome (edited)',
        fixedAmount: 150,
        paused: undefined,
        createdAt: undefined,
        updatedAt: undefined,
      },
    });
    expect(edited.body.data).toMatchObject({ name: 'Second welcome (edited)', fixedAmount: 150 });
    await call(t.app, 'PUT', `/api/v1/backoffice/bonus-offers/${offer._id}/pause`, {
      token: director.token,
      body: { paused: true },
    });
    const player = await newPlayer(t);
    await approvedDeposit(t, player, director, accountId, 500);
    expect((await bonusData(t, player)).offered.map((bonus) => bonus.offerName)).toEqual(['Welcome 100%']);
    const invalid = await call(t.app, 'POST', '/api/v1/backoffice/bonus-offers', {
      token: director.token,
      body: { name: 'Both', kind: 'welcome', percent: 10, fixedAmount: 100 },
    });
    expect(invalid.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
  });
});

describe('the weekly report', () => {
  it('counts bonuses granted, activated, claimed and forfeited and the money converted in this India week', async () => {
    const report = await call(t.app, 'GET', '/api/v1/backoffice/bonus-report?weeks=2', { token: support.token });
    const rows = report.body.data as {
      weekStartDate: string;
      weekEndDate: string;
      bonusesGranted: number;
      bonusesActivated: number;
      bonusesClaimed: number;
      bonusConverted: number;
      bonusesForfeited: number;
    }[];
    expect(rows.map((row) => [row.weekStartDate, row.weekEndDate])).toEqual([
      ['2026-11-15', '2026-11-21'],
      ['2026-11-08', '2026-11-14'],
    ]);
    const claimed = await t.db.query<{ n: number; converted: number }>(
      "select count(*)::int as n, coalesce(sum(converted_paise), 0)::bigint as converted from player_bonuses where status = 'claimed'",
    );
    expect(rows[0]).toMatchObject({
      bonusesClaimed: claimed.rows[0]?.n,
      bonusConverted: (claimed.rows[0]?.converted ?? 0) / 100,
    });
    expect(rows[0]?.bonusesGranted).toBeGreaterThan(rows[0]?.bonusesActivated ?? Infinity);
    expect(rows[0]?.bonusesForfeited).toBeGreaterThan(0);
    expect(rows[1]).toMatchObject({ bonusesGranted: 0, bonusesClaimed: 0 });
    expect(
      (await call(t.app, 'GET', '/api/v1/backoffice/bonus-report?weeks=0', { token: support.token })).body.meta.error,
    ).toBe('VALIDATION_FAILED');
  });
});

describe('bad input answers an envelope, never a 500', () => {
  it.each([
    ['activate', { bonusId: 'not-a-uuid' }, 400, 'VALIDATION_FAILED'],
    ['activate', {}, 400, 'VALIDATION_FAILED'],
    ['claim', { bonusId: '00000000-0000-4000-8000-000000000000' }, 404, 'NOT_FOUND'],
    ['forfeit', { bonusId: '00000000-0000-4000-8000-000000000000' }, 404, 'NOT_FOUND'],
  ])('%s %o → %i %s', async (action, body, code, error) => {
    const player = await newPlayer(t);
    const answer = await call(t.app, 'PUT', `/api/v1/${action}-bonus`, { token: player.token, body });
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toMatchObject({ code, error });
  });

  it("refuses someone else's bonus as not found", async () => {
    const { bonusId } = await playerWithWelcome(300);
    const stranger = await newPlayer(t);
    expect((await bonusAction(t, stranger, 'activate', bonusId)).meta).toMatchObject({ code: 404, error: 'NOT_FOUND' });
  });
});

// Last: it moves the clock past every session's lifetime.
describe('expiry by time', () => {
  it('expires an offer not activated in time and an active bonus not completed in time', async () => {
    const first = await playerWithWelcome(300);
    const second = await playerWithWelcome(300);
    await bonusAction(t, second.player, 'activate', second.bonusId);
    t.clock.advanceMs(8 * 86_400_000);
    first.player.token = await relogin(first.player);
    second.player.token = await relogin(second.player);
    expect((await bonusAction(t, first.player, 'activate', first.bonusId)).meta).toMatchObject({
      code: 409,
      error: 'BONUS_CLOSED',
    });
    await t.services.bonus.expireDue();
    expect((await bonusData(t, first.player)).past[0]).toMatchObject({ status: 'expired', removedAmount: 0 });
    expect((await bonusData(t, second.player)).active).toMatchObject({ status: 'active' });
    t.clock.advanceMs(7 * 86_400_000);
    second.player.token = await relogin(second.player);
    // Two processes at once: the row lock and the posting key let one of them do it.
    await Promise.all([t.services.bonus.expireDue(), t.services.bonus.expireDue()]);
    expect((await bonusData(t, second.player)).past[0]).toMatchObject({ status: 'expired', removedAmount: 300 });
    expect((await profile(t, second.player)).bonus).toBe(0);
    const expiries = await t.db.query<{ n: number }>(
      "select count(*)::int as n from journal_transactions where kind = 'bonus_expire' and details->>'bonusId' = $1",
      [second.bonusId],
    );
    expect(expiries.rows[0]?.n).toBe(1);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
