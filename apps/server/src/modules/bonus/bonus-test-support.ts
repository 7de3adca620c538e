import { ROLES } from '@khel/contract';
import type { BonusData, BonusOffer, PlayerBonus } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, nextIp, signUpPlayer } from '../../../test/test-app.js';
import { resultsSettleAlone } from '../../../test/one-operator-results.js';

/** Test helpers for bonuses and referrals: everything goes through the HTTP API, as the apps do. */

export interface Operator {
  token: string;
  userId: string;
}
export interface Player {
  token: string;
  userId: string;
  mobileNo: string;
}

export const WELCOME_OFFER = {
  name: 'Welcome 100%',
  kind: 'welcome',
  percent: 100,
  capAmount: 1000,
  fixedAmount: null,
  minDeposit: null,
  frequency: 'once',
  wageringMultiple: 5,
  minOdds: 1.4,
  contributions: { exchange: 100, bookmaker: 100, fancy: 50, slots: 100, liveCasino: 10 },
  daysToActivate: 7,
  daysToComplete: 14,
  maxConversion: null,
} as const;

export async function desk(t: TestApp): Promise<{ director: Operator; support: Operator; accountId: string }> {
  const director = await createOperator(t, ROLES.DIRECTOR);
  const support = await createOperator(t, ROLES.SUPPORT_ADMIN);
  // Bonus tests settle their markets as one operator.
  await resultsSettleAlone(t, director.token);
  await call(t.app, 'POST', '/api/v1/backoffice/receiving-accounts', {
    token: director.token,
    body: { type: 'upi', accountNumber: 'khel.test@okaxis', accountHolderName: 'Khel Test' },
  });
  const accounts = (await call(t.app, 'GET', '/api/v1/admin-account-details', { token: director.token })).body.data as {
    _id: string;
    type: string;
  }[];
  return { director, support, accountId: accounts.find((account) => account.type === 'upi')?._id as string };
}

export async function createOffer(
  t: TestApp,
  operator: Operator,
  overrides: Record<string, unknown> = {},
): Promise<BonusOffer> {
  const answer = await call(t.app, 'POST', '/api/v1/backoffice/bonus-offers', {
    token: operator.token,
    body: { ...WELCOME_OFFER, ...overrides },
  });
  if (answer.body.meta.code !== 200)
    throw new Error(`offer refused: ${answer.body.meta.message} ${JSON.stringify(answer.body.meta.issues)}`);
  return answer.body.data as BonusOffer;
}

let refCounter = 0;
/** A deposit the player asks for and an operator approves. */
export async function approvedDeposit(
  t: TestApp,
  player: Player,
  operator: Operator,
  accountId: string,
  amount: number,
): Promise<string> {
  refCounter += 1;
  const created = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
    token: player.token,
    body: { amount, accountId, type: 'upi', txnRef: `UTR${process.pid}${Date.now()}${refCounter}` },
  });
  const id = (created.body.data as { _id: string })._id;
  const approved = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${id}/approve`, { token: operator.token });
  if (approved.body.meta.code !== 200) throw new Error(`approval refused: ${approved.body.meta.message}`);
  return id;
}

export async function bonusData(t: TestApp, player: Player): Promise<BonusData> {
  return (await call(t.app, 'GET', '/api/v1/bonus-data', { token: player.token })).body.data as BonusData;
}

export async function bonusAction(
  t: TestApp,
  player: Player,
  action: 'activate' | 'claim' | 'forfeit',
  bonusId: string,
  key?: string,
) {
  const answer = await call(t.app, 'PUT', `/api/v1/${action}-bonus`, {
    token: player.token,
    body: { bonusId },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
  return { meta: answer.body.meta, bonus: answer.body.data as PlayerBonus | null, status: answer.status };
}

export async function useWallet(t: TestApp, player: Player, wallet: 'main' | 'bonus'): Promise<void> {
  await call(t.app, 'PUT', '/api/v1/wallet', {
    token: player.token,
    body: { selectedWallet: wallet === 'bonus' ? '2' : '1' },
  });
}

export async function profile(t: TestApp, player: Player) {
  return (await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token })).body.data as {
    balance: number;
    exposure: number;
    bonus: number;
    bonusExposure: number;
    refBonus: number;
    referralCode: string;
  };
}

let marketCounter = 0;
/** A bookmaker market (house rates) with two runners, and a helper to move its rates. */
export async function bookmakerMarket(t: TestApp, operator: Operator, backRate: number, layRate: number) {
  marketCounter += 1;
  const sport = await call(t.app, 'POST', '/api/v1/backoffice/sports', {
    token: operator.token,
    body: { name: 'Cricket' },
  });
  const league = await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
    token: operator.token,
    body: { sportId: (sport.body.data as { _id: string })._id, name: 'Bonus League' },
  });
  const event = await call(t.app, 'POST', '/api/v1/backoffice/events', {
    token: operator.token,
    body: {
      leagueId: (league.body.data as { _id: string })._id,
      name: `Bonus XI v Wager XI ${marketCounter}`,
      startTime: '2026-11-21T14:00:00.000Z',
    },
  });
  const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token: operator.token,
    body: {
      eventId: (event.body.data as { _id: string })._id,
      marketType: 'BOOKMAKER',
      name: 'Match Odds',
      runners: ['Bonus XI', 'Wager XI'],
      betDelaySeconds: 0,
      maxStake: 100000,
      maxProfit: 1000000,
    },
  });
  const id = (created.body.data as { _id: string })._id;
  const view = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token: operator.token, body: {} })).body
    .data as { runners: { _id: string }[] };
  const runners = view.runners.map((runner) => runner._id);
  await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}/bookmaker-rates`, {
    token: operator.token,
    body: { runners: runners.map((runnerId) => ({ runnerId, backRate, layRate })) },
  });
  return { id, runners };
}

export async function placeBet(
  t: TestApp,
  player: Player,
  marketId: string,
  runnerId: string,
  side: 'back' | 'lay',
  rate: number,
  stake: number,
) {
  return call(t.app, 'POST', '/api/v1/place-bet', {
    token: player.token,
    body: { marketId, selectionId: runnerId, selectionType: side, odds: rate, stake },
  });
}

export async function settle(t: TestApp, operator: Operator, marketId: string, winnerId: string) {
  return call(t.app, 'POST', `/api/v1/backoffice/markets/${marketId}/settle`, {
    token: operator.token,
    body: { winnerId },
  });
}

export async function newPlayer(t: TestApp, extra: Record<string, unknown> = {}): Promise<Player> {
  return signUpPlayer(t, undefined, extra);
}

export { nextIp };
