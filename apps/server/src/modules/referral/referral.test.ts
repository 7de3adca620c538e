import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { ReferralFlag, ReferralTransaction, ReferralUsers, WeeklyReferralRow } from '@khel/contract';
import { percentProfitPaise, rupeesToPaise } from '@khel/money';
import { createServices } from '../../app.js';
import { DEMO_ACCOUNTS, seedDemoData } from '../demo/demo-seed.js';
import type { TestApp } from '../../../test/test-app.js';
import { PASSWORD, call, createTestApp, nextIp } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import type { Operator, Player } from '../bonus/bonus-test-support.js';
import { bookmakerMarket, desk, newPlayer, placeBet, profile, settle } from '../bonus/bonus-test-support.js';

let t: TestApp;
let director: Operator;

const HOUR_MS = 3_600_000;
// The test clock starts on Saturday 21 November 2026, 12:00 India time: the week of Sunday 15 November.
const WEEK = { startDate: '2026-11-15', endDate: '2026-11-21' };

beforeAll(async () => {
  // The test moves the clock across week boundaries: sessions outlive it.
  t = await createTestApp({ SESSION_IDLE_MINUTES: '1000000', SESSION_ABSOLUTE_HOURS: '100000' });
  ({ director } = await desk(t));
});
afterAll(async () => t.close());

async function relogin(player: { mobileNo: string; token: string }): Promise<void> {
  const login = await call(t.app, 'POST', '/api/v1/login', {
    ip: nextIp(),
    body: { mobile_no: player.mobileNo, password: PASSWORD },
  });
  player.token = login.body.meta.token as string;
}

async function referrerWithFriends(count: number): Promise<{ referrer: Player; friends: Player[] }> {
  const referrer = await newPlayer(t);
  const code = (await profile(t, referrer)).referralCode;
  const friends: Player[] = [];
  for (let index = 0; index < count; index += 1) friends.push(await newPlayer(t, { affiliateCode: code }));
  return { referrer, friends };
}

/** A small seeded generator (mulberry32), so the population is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('weekly referral earnings (PRODUCT.md §8)', () => {
  let referrer: Player;
  let friends: Player[];
  let credit: Player;
  const expectedPaise = new Map<string, { netLossPaise: number; earnedPaise: number; capped: boolean }>();
  const capPaise = 4000;

  beforeAll(async () => {
    await call(t.app, 'PUT', '/api/v1/backoffice/referral-settings', {
      token: director.token,
      body: { ratePercent: 5, capPerPlayerWeek: 40, minClaim: 50, firstDepositReward: 0 },
    });
    ({ referrer, friends } = await referrerWithFriends(7));
    credit = friends.pop() as Player;
    // A friend an operator made a credit player: credit players are never referred.
    await call(t.app, 'PUT', `/api/v1/backoffice/users/${credit.userId}`, {
      token: director.token,
      body: { role: ROLES.CREDIT_PLAYER },
    });
    const random = seeded(20261115);
    const markets = [
      await bookmakerMarket(t, director, 80, 85),
      await bookmakerMarket(t, director, 40, 45),
      await bookmakerMarket(t, director, 120, 130),
    ];
    for (const friend of [...friends, credit]) {
      for (const market of markets) {
        if (random() < 0.3) continue;
        const stake = 100 * (1 + Math.floor(random() * 20));
        const rate = market === markets[0] ? 80 : market === markets[1] ? 40 : 120;
        await placeBet(t, friend, market.id, market.runners[0] as string, 'back', rate, stake);
      }
    }
    for (const market of markets)
      await settle(t, director, market.id, market.runners[random() < 0.5 ? 0 : 1] as string);
    // The model: a friend's net result is their balance change (they started with ₹10,000 of play chips).
    for (const friend of friends) {
      const netPaise = (rupeesToPaise((await profile(t, friend)).balance) as number) - 10_000_00;
      const netLossPaise = Math.max(0, -netPaise);
      const raw = percentProfitPaise(500, netLossPaise);
      if (netPaise !== 0)
        expectedPaise.set(friend.userId, {
          netLossPaise,
          earnedPaise: Math.min(raw, capPaise),
          capped: raw > capPaise,
        });
    }
    expect([...expectedPaise.values()].some((row) => row.netLossPaise > 0)).toBe(true);
  });

  it('shows an open week as provisional and pays nothing before the week closes', async () => {
    expect(await t.services.referralWeekly.run()).toBe(0);
    const weekly = (
      await call(
        t.app,
        'GET',
        `/api/v1/get-weekly-refferal-transactions?startDate=${WEEK.startDate}&endDate=${WEEK.endDate}`,
        { token: referrer.token },
      )
    ).body.data as { rows: WeeklyReferralRow[]; total: number };
    expect(weekly.rows.every((row) => row.status === 'open')).toBe(true);
    expect(weekly.total).toBe(0);
    expect((await profile(t, referrer)).refBonus).toBe(0);
  });

  it("pays each referred player's capped share of the net loss once the week closes, exactly once across runs and instances", async () => {
    t.clock.advanceMs(12.5 * HOUR_MS); // Sunday 22 November, 06:00 India time
    await relogin(referrer);
    // A second process hears the first one's announcements, as processes sharing Redis do (decision 0029).
    const second = createServices(t.db, t.config, t.clock, t.services.bus);
    await Promise.all([t.services.referralWeekly.run(), second.referralWeekly.run(), t.services.referralWeekly.run()]);
    await t.services.referralWeekly.run();
    const rows = await t.db.query<{
      referred_id: string;
      net_loss_paise: number;
      earned_paise: number;
      capped: boolean;
      status: string;
    }>(
      'select referred_id, net_loss_paise, earned_paise, capped, status from referral_earnings where referrer_id = $1',
      [referrer.userId],
    );
    expect(rows.rows).toHaveLength(expectedPaise.size);
    for (const row of rows.rows)
      expect({ netLossPaise: row.net_loss_paise, earnedPaise: row.earned_paise, capped: row.capped }).toEqual(
        expectedPaise.get(row.referred_id),
      );
    expect(rows.rows.some((row) => row.referred_id === credit.userId)).toBe(false);
    const totalPaise = [...expectedPaise.values()].reduce((sum, row) => sum + row.earnedPaise, 0);
    const postings = await t.db.query<{ n: number }>(
      "select count(*)::int as n from journal_transactions where kind = 'referral_earning'",
    );
    expect(postings.rows[0]?.n).toBe([...expectedPaise.values()].filter((row) => row.earnedPaise > 0).length);
    expect(rupeesToPaise((await profile(t, referrer)).refBonus)).toBe(totalPaise);

    const weekly = (
      await call(
        t.app,
        'GET',
        `/api/v1/get-weekly-refferal-transactions?startDate=${WEEK.startDate}&endDate=${WEEK.endDate}`,
        { token: referrer.token },
      )
    ).body.data as { rows: WeeklyReferralRow[]; total: number };
    expect(
      weekly.rows.every(
        (row) => row.status === 'paid' && row.weekStartDate === '2026-11-15' && row.weekEndDate === '2026-11-21',
      ),
    ).toBe(true);
    expect(rupeesToPaise(weekly.total)).toBe(totalPaise);
    const users = (await call(t.app, 'GET', '/api/v1/get-refferal-users', { token: referrer.token })).body
      .data as ReferralUsers;
    expect(users.sharePath).toBe(`/?referral_code=${users.referralCode}`);
    expect(users.users).toHaveLength(friends.length);
    expect(users.users[0]?.name).toMatch(/^Ra\*+ Ku\*+$/);
    expect(rupeesToPaise(users.totals.claimable)).toBe(totalPaise);
    const transactions = (await call(t.app, 'GET', '/api/v1/get-refferal-transactions', { token: referrer.token })).body
      .data as ReferralTransaction[];
    expect(transactions.every((row) => row.kind === 'earned' && row.weekStartDate === '2026-11-15')).toBe(true);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('claims the referral account to main once, at least the minimum, idempotently', async () => {
    const before = await profile(t, referrer);
    expect(before.refBonus).toBeGreaterThanOrEqual(50);
    const answers = await Promise.all(
      [1, 2].map(() =>
        call(t.app, 'PUT', '/api/v1/claim-ref-bonus', {
          token: referrer.token,
          body: {},
          headers: { 'idempotency-key': 'ref-claim-1' },
        }),
      ),
    );
    for (const answer of answers)
      expect(answer.body.meta).toMatchObject({ code: 200, message: 'Referral bonus claimed to your main wallet' });
    expect(answers[0]?.body.data).toEqual(answers[1]?.body.data);
    const after = await profile(t, referrer);
    expect(after).toMatchObject({ refBonus: 0, balance: before.balance + before.refBonus });
    const again = await call(t.app, 'PUT', '/api/v1/claim-ref-bonus', { token: referrer.token });
    expect(again.body.meta).toMatchObject({ code: 422, error: 'REF_BONUS_BELOW_MINIMUM' });
    expect((await profile(t, referrer)).balance).toBe(after.balance);
    const transactions = (await call(t.app, 'GET', '/api/v1/get-refferal-transactions', { token: referrer.token })).body
      .data as ReferralTransaction[];
    expect(transactions[0]).toMatchObject({ kind: 'claimed', amount: -before.refBonus, balance: 0 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('abuse and eligibility', () => {
  it('refuses and flags a self-referral through a shared UPI id, and a shared device', async () => {
    const { referrer, friends } = await referrerWithFriends(2);
    const [upiFriend, deviceFriend] = friends as [Player, Player];
    for (const player of [referrer, upiFriend]) {
      await call(t.app, 'POST', '/api/v1/account-details', {
        token: player.token,
        body: { type: 'upi', accountNumber: 'same.person@okaxis', accountHolderName: 'Same Person' },
      });
    }
    for (const player of [referrer, deviceFriend])
      await call(t.app, 'GET', '/api/v1/getUserData', {
        token: player.token,
        headers: { 'x-device-id': 'device-0123456789abcdef' },
      });
    const m = await bookmakerMarket(t, director, 50, 55);
    for (const friend of friends) await placeBet(t, friend, m.id, m.runners[0] as string, 'back', 50, 1000);
    await settle(t, director, m.id, m.runners[1] as string);
    t.clock.advanceMs(7 * 24 * HOUR_MS);
    await relogin(referrer);
    await t.services.referralWeekly.run();
    const rows = await t.db.query<{ status: string; refused_reason: string; earned_paise: number }>(
      'select status, refused_reason, earned_paise from referral_earnings where referrer_id = $1 order by refused_reason',
      [referrer.userId],
    );
    expect(rows.rows).toEqual([
      { status: 'refused', refused_reason: 'shared_device', earned_paise: 0 },
      { status: 'refused', refused_reason: 'shared_upi', earned_paise: 0 },
    ]);
    expect((await profile(t, referrer)).refBonus).toBe(0);
    const flags = (await call(t.app, 'GET', '/api/v1/backoffice/referral-flags', { token: director.token })).body
      .data as ReferralFlag[];
    const mine = flags.filter((flag) => flag.referrer._id === referrer.userId);
    expect(mine.map((flag) => flag.reason).sort()).toEqual(['shared_device', 'shared_upi']);
    expect(mine.find((flag) => flag.reason === 'shared_upi')?.detail).toBe('same.person@okaxis');
    expect(
      (await call(t.app, 'GET', '/api/v1/backoffice/referral-flags', { token: referrer.token })).body.meta.error,
    ).toBe('FORBIDDEN');
  });

  it("knows one device however its id is written, and does not take the app's word alone", async () => {
    const { referrer, friends } = await referrerWithFriends(3);
    const [caseFriend, sameBrowserFriend, otherBrowserFriend] = friends as [Player, Player, Player];
    // The same id in another case and with a space: one device.
    await call(t.app, 'GET', '/api/v1/getUserData', {
      token: referrer.token,
      headers: { 'x-device-id': 'Phone-ABCDEF-0123456789' },
    });
    await call(t.app, 'GET', '/api/v1/getUserData', {
      token: caseFriend.token,
      headers: { 'x-device-id': 'phone-abcdef- 0123456789' },
    });
    // No device id at all (storage cleared, another one made up): the server saw one browser on one address.
    const home = nextIp();
    const android = 'Mozilla/5.0 (Linux; Android 14; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile';
    const signIn = (player: Player, userAgent: string) =>
      call(t.app, 'POST', '/api/v1/login', {
        ip: home,
        headers: { 'user-agent': userAgent },
        body: { mobile_no: player.mobileNo, password: PASSWORD },
      });
    expect((await signIn(referrer, android)).body.meta.code).toBe(200);
    expect((await signIn(sameBrowserFriend, android.toUpperCase())).body.meta.code).toBe(200);
    // The same address alone is not a device: families and offices share one.
    expect(
      (await signIn(otherBrowserFriend, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5) Safari/604.1')).body.meta.code,
    ).toBe(200);

    const m = await bookmakerMarket(t, director, 50, 55);
    for (const friend of friends) await placeBet(t, friend, m.id, m.runners[0] as string, 'back', 50, 1000);
    await settle(t, director, m.id, m.runners[1] as string);
    t.clock.advanceMs(7 * 24 * HOUR_MS);
    await relogin(referrer);
    await t.services.referralWeekly.run();
    const rows = await t.db.query<{ referred_id: string; status: string; refused_reason: string | null }>(
      'select referred_id, status, refused_reason from referral_earnings where referrer_id = $1',
      [referrer.userId],
    );
    const byFriend = new Map(rows.rows.map((row) => [row.referred_id, [row.status, row.refused_reason]]));
    expect(byFriend.get(caseFriend.userId)).toEqual(['refused', 'shared_device']);
    expect(byFriend.get(sameBrowserFriend.userId)).toEqual(['refused', 'shared_device']);
    expect(byFriend.get(otherBrowserFriend.userId)).toEqual(['paid', null]);
    const flags = (await call(t.app, 'GET', '/api/v1/backoffice/referral-flags', { token: director.token })).body
      .data as ReferralFlag[];
    expect(
      flags.find((flag) => flag.referrer._id === referrer.userId && flag.referred._id === sameBrowserFriend.userId)
        ?.detail,
    ).toBe(`same browser from ${home}`);
  });

  it('keeps credit players and players without referralAllow out of the programme', async () => {
    const player = await newPlayer(t);
    await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
      token: director.token,
      body: { referralAllow: false },
    });
    expect((await call(t.app, 'GET', '/api/v1/get-refferal-users', { token: player.token })).body.meta).toMatchObject({
      code: 403,
      error: 'REFERRAL_NOT_ALLOWED',
    });
    expect(
      (await call(t.app, 'PUT', '/api/v1/claim-ref-bonus', { token: player.token, body: {} })).body.meta.error,
    ).toBe('REFERRAL_NOT_ALLOWED');
  });

  it.each([
    ['', 400],
    ['?startDate=2026-11-21', 400],
    ['?startDate=2026-11-22&endDate=2026-11-15', 400],
    ['?startDate=yesterday&endDate=today', 400],
    ['?startDate=2026-01-01&endDate=2026-11-21', 400],
    ['?startDate=2026-13-45&endDate=2026-13-50', 400],
    // Year 0000 once sent the week loop round for ever (the process ran out of memory); 30 February does not exist.
    ['?startDate=0000-01-01&endDate=0000-01-07', 400],
    ['?startDate=0000-01-03&endDate=0000-01-09', 400],
    ['?startDate=2026-02-28&endDate=2026-02-30', 400],
  ])('weekly query %s → meta.code %i, never a 500', async (query, code) => {
    const player = await newPlayer(t);
    const answer = await call(t.app, 'GET', `/api/v1/get-weekly-refferal-transactions${query}`, {
      token: player.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toMatchObject({ code, error: 'VALIDATION_FAILED' });
  });
});

describe('referral settings and the first-deposit reward', () => {
  it("pays the fixed reward to the referrer's bonus wallet on the friend's first approved deposit only", async () => {
    const { director: operator, accountId } = await desk(t);
    const saved = await call(t.app, 'PUT', '/api/v1/backoffice/referral-settings', {
      token: operator.token,
      body: { ratePercent: 5, capPerPlayerWeek: 5000, minClaim: 100, firstDepositReward: 150 },
    });
    expect(saved.body.data).toEqual({ ratePercent: 5, capPerPlayerWeek: 5000, minClaim: 100, firstDepositReward: 150 });
    const { referrer, friends } = await referrerWithFriends(1);
    const friend = friends[0] as Player;
    for (let index = 0; index < 2; index += 1) {
      const created = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
        token: friend.token,
        body: { amount: 500, accountId, type: 'upi', txnRef: `UTRREF${Date.now()}${index}` },
      });
      await call(t.app, 'POST', `/api/v1/backoffice/deposits/${(created.body.data as { _id: string })._id}/approve`, {
        token: operator.token,
      });
    }
    expect((await profile(t, referrer)).bonus).toBe(150);
    const users = (await call(t.app, 'GET', '/api/v1/get-refferal-users', { token: referrer.token })).body
      .data as ReferralUsers;
    expect(users.users[0]).toMatchObject({ firstDepositMade: true });
    const invalid = await call(t.app, 'PUT', '/api/v1/backoffice/referral-settings', {
      token: operator.token,
      body: { ratePercent: 80, capPerPlayerWeek: 1, minClaim: 1, firstDepositReward: 0 },
    });
    expect(invalid.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    await call(t.app, 'PUT', '/api/v1/backoffice/referral-settings', {
      token: operator.token,
      body: { ratePercent: 5, capPerPlayerWeek: 5000, minClaim: 100, firstDepositReward: 0 },
    });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('demo data', () => {
  it("seeds a welcome and a deposit offer, the demo player's waiting welcome bonus and a referred friend, once", async () => {
    await seedDemoData(t.services);
    await seedDemoData(t.services);
    const login = await call(t.app, 'POST', '/api/v1/login', {
      ip: nextIp(),
      body: { mobile_no: DEMO_ACCOUNTS.player.mobileNo, password: DEMO_ACCOUNTS.player.password },
    });
    const token = login.body.meta.token as string;
    const data = (await call(t.app, 'GET', '/api/v1/bonus-data', { token })).body.data as {
      offered: { amount: number; status: string }[];
      availableOffers: { kind: string }[];
    };
    expect(data.offered).toEqual([expect.objectContaining({ amount: 500, status: 'offered' })]);
    expect(data.availableOffers.map((offer) => offer.kind)).toEqual(['deposit']);
    const users = (await call(t.app, 'GET', '/api/v1/get-refferal-users', { token })).body.data as ReferralUsers;
    expect(users.users.map((user) => user.name)).toEqual(['De** Fr****']);
    const offers = (await call(t.app, 'GET', '/api/v1/backoffice/bonus-offers', { token: director.token })).body
      .data as { kind: string }[];
    expect(offers.map((offer) => offer.kind).sort()).toEqual(['deposit', 'welcome']);
  });
});
