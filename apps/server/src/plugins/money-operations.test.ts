import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { Answer, TestApp } from '../../test/test-app.js';
import { PASSWORD, call, createOperator, createTestApp, signUpPlayer } from '../../test/test-app.js';
import { MONEY_EFFECTS } from '../../test/money-operations.js';
import { seedDemoData } from '../modules/demo/demo-seed.js';
import { WELCOME_OFFER } from '../modules/bonus/bonus-test-support.js';
import { createTreeRepository } from '../modules/agents/tree-repository.js';
import { marketOf, placeBet } from '../modules/agents/agents-test-support.js';

/**
 * Issue 24: every back-office operation classified 'four-eyes' (test/money-operations.ts) is tried
 * once, by one operator, with ₹60,000 against a ₹50,000 line: it must answer that it waits for a
 * second operator, and the account's money must not move. A new operation that creates or pays out
 * money fails here until it has its attempt.
 */
let t: TestApp;
let director: { token: string; userId: string };
let support: { token: string; userId: string };
let upiAccountId: string;

beforeAll(async () => {
  t = await createTestApp({ SECOND_APPROVAL_ABOVE_RUPEES: '50000' });
  await seedDemoData(t.services);
  director = await createOperator(t, ROLES.DIRECTOR);
  support = await createOperator(t, ROLES.SUPPORT_ADMIN);
  const accounts = (await call(t.app, 'GET', '/api/v1/admin-account-details', { token: director.token })).body.data as {
    _id: string;
    type: string;
  }[];
  upiAccountId = accounts.find((row) => row.type === 'upi')?._id as string;
});
afterAll(async () => t.close());

/** The sum of everything the account holds: its wallets and, for an agent, its own book. */
async function holdings(userId: string): Promise<number> {
  const wallets = await t.services.wallet.balancesOf(userId);
  const chips = await t.services.wallet.agentBookBalance(userId, 'chips');
  const credit = await t.services.wallet.agentBookBalance(userId, 'credit');
  return wallets.mainBalancePaise + wallets.bonusBalancePaise + chips + credit;
}

let accountCounter = 0;
async function accountOf(role: number): Promise<string> {
  accountCounter += 1;
  const user = await t.services.identity.createAccount({
    name: `Four Eyes ${accountCounter}`,
    mobileNo: `91970000${String(accountCounter).padStart(4, '0')}`,
    password: PASSWORD,
    role,
    referredBy: null,
    verified: true,
  });
  await createTreeRepository(t.db).setUpline(user.id, director.userId);
  return user.id;
}

/** One attempt: the answer, the account it is about, and a check of the answer's "it waits" shape. */
type Attempt = () => Promise<{ answer: Answer; accountId: string; before: number }>;

const ABOVE_THE_LINE = 60_000;
let refCounter = 0;

const ATTEMPTS: Record<string, Attempt> = {
  'POST /api/v1/backoffice/users/{id}/adjustments': async () => {
    const player = await signUpPlayer(t);
    const before = await holdings(player.userId);
    const answer = await call(t.app, 'POST', `/api/v1/backoffice/users/${player.userId}/adjustments`, {
      token: support.token,
      body: { wallet: 'main', amount: ABOVE_THE_LINE, reason: 'Goodwill' },
    });
    expect(answer.body.data).toMatchObject({ status: 'pending' });
    return { answer, accountId: player.userId, before };
  },
  'POST /api/v1/backoffice/deposits/{id}/approve': async () => {
    const player = await signUpPlayer(t);
    refCounter += 1;
    const deposit = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
      token: player.token,
      body: { amount: ABOVE_THE_LINE, accountId: upiAccountId, type: 'upi', txnRef: `UTRFOUR${refCounter}` },
    });
    const id = (deposit.body.data as { _id: string })._id;
    const before = await holdings(player.userId);
    const answer = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${id}/approve`, { token: support.token });
    expect(answer.body.data).toMatchObject({ status: 'pending', awaitingSecondApproval: true });
    return { answer, accountId: player.userId, before };
  },
  'POST /api/v1/backoffice/withdrawals/{id}/approve': async () => {
    const player = await signUpPlayer(t);
    // ₹10,000 of play chips at sign-up and ₹50,000 of house chips by the director (at the line, not above).
    await call(t.app, 'POST', `/api/v1/backoffice/users/${player.userId}/chips`, {
      token: director.token,
      body: { action: 'give', amount: 50_000 },
    });
    const saved = await call(t.app, 'POST', '/api/v1/account-details', {
      token: player.token,
      body: {
        type: 'bank',
        accountNumber: '987654321012',
        accountHolderName: 'Four Eyes',
        bankName: 'HDFC Bank',
        ifscCode: 'HDFC0000123',
      },
    });
    const withdrawal = await call(t.app, 'POST', '/api/v1/withdrawal-request', {
      token: player.token,
      body: { amount: ABOVE_THE_LINE, accountId: (saved.body.data as { _id: string })._id },
    });
    expect(withdrawal.body.meta.code, withdrawal.body.meta.message).toBe(200);
    const before = await holdings(player.userId);
    const answer = await call(
      t.app,
      'POST',
      `/api/v1/backoffice/withdrawals/${(withdrawal.body.data as { _id: string })._id}/approve`,
      {
        token: support.token,
      },
    );
    expect(answer.body.data).toMatchObject({ status: 'pending', awaitingSecondApproval: true });
    return { answer, accountId: player.userId, before };
  },
  'POST /api/v1/backoffice/users/{id}/bonuses': async () => {
    const offer = await call(t.app, 'POST', '/api/v1/backoffice/bonus-offers', {
      token: director.token,
      body: { ...WELCOME_OFFER, name: 'Four eyes goodwill', kind: 'manual', percent: null, capAmount: null },
    });
    const player = await signUpPlayer(t);
    const before = await holdings(player.userId);
    const answer = await call(t.app, 'POST', `/api/v1/backoffice/users/${player.userId}/bonuses`, {
      token: support.token,
      body: { offerId: (offer.body.data as { _id: string })._id, amount: ABOVE_THE_LINE, reason: 'Large goodwill' },
    });
    expect(answer.body.data).toMatchObject({ status: 'pending' });
    return { answer, accountId: player.userId, before };
  },
  'POST /api/v1/backoffice/users/{id}/chips': async () => {
    const agent = await accountOf(ROLES.AGENT);
    const before = await holdings(agent);
    const answer = await call(t.app, 'POST', `/api/v1/backoffice/users/${agent}/chips`, {
      token: support.token,
      body: { action: 'give', amount: ABOVE_THE_LINE },
    });
    expect(answer.body.data).toMatchObject({ waiting: { status: 'pending' } });
    return { answer, accountId: agent, before };
  },
  'POST /api/v1/backoffice/users/{id}/credit': async () => {
    const creditPlayer = await accountOf(ROLES.CREDIT_PLAYER);
    const before = await holdings(creditPlayer);
    const answer = await call(t.app, 'POST', `/api/v1/backoffice/users/${creditPlayer}/credit`, {
      token: support.token,
      body: { action: 'give', amount: ABOVE_THE_LINE },
    });
    expect(answer.body.data).toMatchObject({ waiting: { status: 'pending' } });
    return { answer, accountId: creditPlayer, before };
  },
  'POST /api/v1/backoffice/users/{id}/settlement': async () => {
    // A house credit player who lost ₹55,000 of ₹60,000 credit; lines and losses by operators other than the settler.
    const creditPlayer = await accountOf(ROLES.CREDIT_PLAYER);
    const [second, third] = [
      await createOperator(t, ROLES.SUPPORT_ADMIN),
      await createOperator(t, ROLES.SUPPORT_ADMIN),
    ];
    const moves: [{ token: string }, string, unknown][] = [
      [director, 'credit', { action: 'give', amount: 30_000 }],
      [second, 'credit', { action: 'give', amount: 30_000 }],
      [director, 'adjustments', { wallet: 'main', amount: -20_000, reason: 'Lost bets' }],
      [second, 'adjustments', { wallet: 'main', amount: -20_000, reason: 'Lost bets' }],
      [third, 'adjustments', { wallet: 'main', amount: -15_000, reason: 'Lost bets' }],
    ];
    for (const [operator, path, body] of moves)
      await call(t.app, 'POST', `/api/v1/backoffice/users/${creditPlayer}/${path}`, { token: operator.token, body });
    const before = await holdings(creditPlayer);
    expect(before).toBe(5_000_00);
    const answer = await call(t.app, 'POST', `/api/v1/backoffice/users/${creditPlayer}/settlement`, {
      token: support.token,
      body: { amount: 55_000 },
    });
    expect(answer.body.data).toMatchObject({ waiting: { status: 'pending', kind: 'settlement' } });
    return { answer, accountId: creditPlayer, before };
  },
};

/** A bookmaker market with a player's ₹1,000 back bet on its first runner. */
async function marketWithBet(): Promise<{
  marketId: string;
  winnerId: string;
  loserId: string;
  playerId: string;
  betId: string;
}> {
  const market = await marketOf(t, director.token, 'BOOKMAKER');
  const player = await signUpPlayer(t);
  const placed = await placeBet(t, player.token, {
    marketId: market.id,
    selectionId: market.runners[0],
    selectionType: 'back',
    odds: 90,
    stake: 1000,
  });
  expect(placed.body.data, JSON.stringify(placed.body.meta)).toMatchObject({ status: 'matched' });
  return {
    marketId: market.id,
    winnerId: market.runners[0] as string,
    loserId: market.runners[1] as string,
    playerId: player.userId,
    betId: (placed.body.data as { _id: string })._id,
  };
}

/** Each result, void and correction of a market with a bet, as one operator on a site left as it ships. */
const MAKER_CHECKER: Record<string, Attempt> = {
  'POST /api/v1/backoffice/markets/{id}/settle': async () => {
    const { marketId, winnerId, playerId } = await marketWithBet();
    const before = await holdings(playerId);
    const answer = await call(t.app, 'POST', `/api/v1/backoffice/markets/${marketId}/settle`, {
      token: director.token,
      body: { winnerId },
    });
    expect(answer.body.meta.message).toBe('Result declared: a second operator must confirm');
    return { answer, accountId: playerId, before };
  },
  'POST /api/v1/backoffice/markets/{id}/void': async () => {
    const { marketId, playerId } = await marketWithBet();
    const before = await holdings(playerId);
    const answer = await call(t.app, 'POST', `/api/v1/backoffice/markets/${marketId}/void`, {
      token: director.token,
      body: { reason: 'Abandoned' },
    });
    expect(answer.body.meta.message).toBe('Void declared: a second operator must confirm');
    return { answer, accountId: playerId, before };
  },
  'POST /api/v1/backoffice/bets/{id}/void': async () => {
    const { betId, playerId } = await marketWithBet();
    const before = await holdings(playerId);
    const answer = await call(t.app, 'POST', `/api/v1/backoffice/bets/${betId}/void`, {
      token: director.token,
      body: { reason: 'Late bet' },
    });
    expect(answer.body.meta.message).toBe('Void declared: a second operator must confirm');
    return { answer, accountId: playerId, before };
  },
  'POST /api/v1/backoffice/bets/void': async () => {
    const { marketId, playerId } = await marketWithBet();
    const before = await holdings(playerId);
    const answer = await call(t.app, 'POST', '/api/v1/backoffice/bets/void', {
      token: director.token,
      body: { marketId, userId: playerId, reason: 'Ghost bets' },
    });
    expect(answer.body.meta.message).toBe('Void declared: a second operator must confirm');
    return { answer, accountId: playerId, before };
  },
  'POST /api/v1/backoffice/markets/{id}/correct': async () => {
    const { marketId, winnerId, loserId, playerId } = await marketWithBet();
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${marketId}/settle`, {
      token: support.token,
      body: { winnerId },
    });
    const confirmed = await call(t.app, 'POST', `/api/v1/backoffice/markets/${marketId}/result/confirm`, {
      token: director.token,
    });
    expect(confirmed.body.meta.code, confirmed.body.meta.message).toBe(200);
    const before = await holdings(playerId);
    const answer = await call(t.app, 'POST', `/api/v1/backoffice/markets/${marketId}/correct`, {
      token: director.token,
      body: { winnerId: loserId, reason: 'Wrong winner' },
    });
    expect(answer.body.meta.message).toBe('Correction requested: a second operator must confirm');
    return { answer, accountId: playerId, before };
  },
};

describe('every result, void and correction of a market with bets waits for a second operator by default (issue 24)', () => {
  it('has an attempt for every maker-checker operation', () => {
    const makerChecker = Object.entries(MONEY_EFFECTS)
      .filter(([, effect]) => effect === 'maker-checker')
      .map(([operation]) => operation);
    expect(Object.keys(MAKER_CHECKER).sort()).toEqual(makerChecker.sort());
  });

  it.each(Object.keys(MAKER_CHECKER))('%s: one operator alone moves nothing', async (operation) => {
    const { answer, accountId, before } = await (MAKER_CHECKER[operation] as Attempt)();
    expect(answer.body.meta.code, JSON.stringify(answer.body.meta)).toBe(200);
    expect(await holdings(accountId)).toBe(before);
  });
});

describe('every operation that creates or pays out money waits for a second operator above the line (issue 24)', () => {
  it('has an attempt for every four-eyes operation', () => {
    const fourEyes = Object.entries(MONEY_EFFECTS)
      .filter(([, effect]) => effect === 'four-eyes')
      .map(([operation]) => operation);
    expect(Object.keys(ATTEMPTS).sort()).toEqual(fourEyes.sort());
  });

  it.each(Object.keys(ATTEMPTS))('%s: ₹60,000 by one operator waits, and nothing moves', async (operation) => {
    const { answer, accountId, before } = await (ATTEMPTS[operation] as Attempt)();
    expect(answer.body.meta.code, JSON.stringify(answer.body.meta)).toBe(200);
    expect(await holdings(accountId)).toBe(before);
  });
});
