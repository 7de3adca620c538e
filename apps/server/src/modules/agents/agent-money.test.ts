import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { AppError } from '../../lib/app-error.js';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { pngDataUrl } from '../../../test/images.js';
import { seedDemoData } from '../demo/demo-seed.js';
import { PLAY_CHIPS_WELCOME_PAISE } from '../wallet/wallet-service.js';
import { accountUnder, bookmakerMarket, callerFor, tokenOf } from './agent-money-test-support.js';
import { createTreeRepository } from './tree-repository.js';
import { resultsSettleAlone } from '../../../test/one-operator-results.js';

let t: TestApp;
let director: { token: string; userId: string };
let upiAccountId: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.services);
  director = await createOperator(t, ROLES.DIRECTOR);
  await resultsSettleAlone(t, director.token);
  const accounts = (await call(t.app, 'GET', '/api/v1/admin-account-details', { token: director.token })).body.data as {
    _id: string;
    type: string;
  }[];
  upiAccountId = accounts.find((row) => row.type === 'upi')?._id as string;
});
afterAll(async () => t.close());

const chipsOf = (agentId: string) => t.services.wallet.agentBookBalance(agentId, 'chips');
const mainOf = async (userId: string) => (await t.services.wallet.balancesOf(userId)).mainBalancePaise;
const codeOf = async (run: () => Promise<unknown>): Promise<string | null> => {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};
const giveChips = (token: string, id: string, amount: number, action: 'give' | 'take' = 'give', key?: string) =>
  call(t.app, 'POST', `/api/v1/backoffice/users/${id}/chips`, {
    token,
    body: { action, amount },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

let refCounter = 0;
async function depositOf(token: string, amount: number): Promise<string> {
  refCounter += 1;
  const answer = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
    token,
    body: { amount, accountId: upiAccountId, type: 'upi', txnRef: `AGENTUTR${Date.now()}${refCounter}` },
  });
  expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
  return (answer.body.data as { _id: string })._id;
}

describe('cash agents (PRODUCT.md §9)', () => {
  it('the house gives a top agent chips, the agent gives its sub-agent and player; the figures add up', async () => {
    const agent = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    const sub = (await accountUnder(t, ROLES.AGENT, agent)).userId;
    const player = (await accountUnder(t, ROLES.PLAYER, sub)).userId;
    const given = await giveChips(director.token, agent, 50_000);
    // The agent's balance is its own chips plus its downline's (the player already holds its welcome chips).
    expect(given.body.data).toMatchObject({
      own: 50_000,
      account: { kind: 'cash', balance: 50_000 + PLAY_CHIPS_WELCOME_PAISE / 100, creditRef: null, refPnl: null },
    });
    await t.services.agentChips.move(
      callerFor(agent, ROLES.AGENT),
      sub,
      { action: 'give', amount: 20_000 },
      undefined,
      '127.0.0.1',
    );
    // The parent reaches its grandchild; the chips come from the grandchild's own agent.
    await t.services.agentChips.move(
      callerFor(agent, ROLES.AGENT),
      player,
      { action: 'give', amount: 5_000 },
      undefined,
      '127.0.0.1',
    );
    expect(await chipsOf(agent)).toBe(30_000_00);
    expect(await chipsOf(sub)).toBe(15_000_00);
    expect(await mainOf(player)).toBe(PLAY_CHIPS_WELCOME_PAISE + 5_000_00);
    const view = (await call(t.app, 'GET', `/api/v1/backoffice/users/${agent}/money`, { token: director.token })).body
      .data as { account: { balance: number }; own: number; downline: { _id: string; balance: number }[] };
    expect(view.own).toBe(30_000);
    expect(view.downline).toEqual([
      expect.objectContaining({ _id: sub, balance: 15_000 + 5_000 + PLAY_CHIPS_WELCOME_PAISE / 100 }),
    ]);
    expect(view.account.balance).toBe(view.own + (view.downline[0]?.balance ?? 0));
    // Taking back more than the account holds is refused; an agent outside the subtree is refused.
    expect((await giveChips(director.token, sub, 15_001, 'take')).body.meta).toMatchObject({
      code: 422,
      error: 'WALLET_INSUFFICIENT_FUNDS',
    });
    const stranger = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    expect(
      await codeOf(() =>
        t.services.agentChips.move(
          callerFor(stranger, ROLES.AGENT),
          player,
          { action: 'give', amount: 1 },
          undefined,
          '127.0.0.1',
        ),
      ),
    ).toBe('NOT_IN_DOWNLINE');
    expect(
      await codeOf(() =>
        t.services.agentFigures.accountMoney(callerFor(stranger, ROLES.AGENT), agent, { page: 1, pageSize: 10 }),
      ),
    ).toBe('NOT_IN_DOWNLINE');
    expect(
      await codeOf(() =>
        t.services.agentCredit.move(
          callerFor(agent, ROLES.AGENT),
          sub,
          { action: 'give', amount: 1 },
          undefined,
          '127.0.0.1',
        ),
      ),
    ).toBe('WRONG_ACCOUNT_KIND');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("the panel's Idempotency-Key: a double click (two at once) and a later retry with one key give chips once", async () => {
    const agent = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    const key = randomUUID();
    const [first, second] = await Promise.all([
      giveChips(director.token, agent, 700, 'give', key),
      giveChips(director.token, agent, 700, 'give', key),
    ]);
    expect([first.body.meta.code, second.body.meta.code]).toEqual([200, 200]);
    const retry = await giveChips(director.token, agent, 700, 'give', key);
    expect(retry.body.meta.code).toBe(200);
    expect(await chipsOf(agent)).toBe(700_00);
    // A new submission (a new key) gives again.
    expect((await giveChips(director.token, agent, 700, 'give', randomUUID())).body.meta.code).toBe(200);
    expect(await chipsOf(agent)).toBe(1_400_00);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('the database refuses an agent giving more than it holds, under concurrency', async () => {
    const agent = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    // Made one after another (their usernames are chosen from free ones); the gives below race.
    const players: Awaited<ReturnType<typeof accountUnder>>[] = [];
    for (let i = 0; i < 8; i += 1) players.push(await accountUnder(t, ROLES.PLAYER, agent));
    await giveChips(director.token, agent, 1_000);
    // Eight gives of ₹300 race for ₹1,000: exactly three fit.
    const outcomes = await Promise.all(
      players.map((player) =>
        codeOf(() =>
          t.services.agentChips.move(
            callerFor(agent, ROLES.AGENT),
            player.userId,
            { action: 'give', amount: 300 },
            undefined,
            '127.0.0.1',
          ),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === 'WALLET_INSUFFICIENT_FUNDS')).toHaveLength(5);
    expect(await chipsOf(agent)).toBe(100_00);
    // Not only the service: a journal posting written straight to the database is refused too.
    const account = await t.db.query<{ id: number }>(
      `select id from ledger_accounts where user_id = $1 and kind = 'agent_chips'`,
      [agent],
    );
    const house = await t.db.query<{ id: number }>(
      `select id from ledger_accounts where kind = 'house_cash' and ref = '' and user_id is null`,
    );
    const direct = t.db.transaction(async (tx) => {
      const created = await tx.query<{ id: number }>(
        `insert into journal_transactions (kind, description) values ('test', 'overdraw') returning id`,
      );
      await tx.query(
        'insert into journal_entries (transaction_id, account_id, amount_paise) values ($1, $2, -20000), ($1, $3, 20000)',
        [created.rows[0]?.id, account.rows[0]?.id, house.rows[0]?.id],
      );
    });
    await expect(direct).rejects.toThrow(/available_balance_never_negative/);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("an agent's players deposit and withdraw against the agent's chips, in the agent's own queue", async () => {
    const agent = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    const other = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    const player = await signUpPlayer(t);
    await createTreeRepository(t.db).setUpline(player.userId, agent);
    const house = await signUpPlayer(t);
    await giveChips(director.token, agent, 1_000);
    const small = await depositOf(player.token, 600);
    const large = await depositOf(player.token, 900);
    const houseDeposit = await depositOf(house.token, 500);
    const queue = await t.services.deposits.deskList('pending', 1, 50, agent);
    expect(queue.items.map((item) => item._id).sort()).toEqual([small, large].sort());
    expect((await t.services.deposits.deskList('pending', 1, 50, other)).items).toEqual([]);
    expect((await t.services.deposits.deskList('pending', 1, 500, null)).items.map((item) => item._id)).toContain(
      houseDeposit,
    );
    expect(await codeOf(() => t.services.deposits.approve(callerFor(other, ROLES.AGENT), small, '127.0.0.1'))).toBe(
      'NOT_IN_DOWNLINE',
    );
    expect(
      await codeOf(() => t.services.deposits.approve(callerFor(agent, ROLES.AGENT), houseDeposit, '127.0.0.1')),
    ).toBe('NOT_IN_DOWNLINE');

    await t.services.deposits.approve(callerFor(agent, ROLES.AGENT), small, '127.0.0.1');
    expect(await chipsOf(agent)).toBe(400_00);
    expect(await mainOf(player.userId)).toBe(PLAY_CHIPS_WELCOME_PAISE + 600_00);
    // ₹900 more than the agent's ₹400: refused by the database, the request stays pending.
    const refused = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${large}/approve`, {
      token: director.token,
    });
    expect(refused.body.meta).toMatchObject({ code: 422, error: 'WALLET_INSUFFICIENT_FUNDS' });
    expect((await t.services.deposits.deskList('pending', 1, 50, agent)).items.map((item) => item._id)).toEqual([
      large,
    ]);
    // The house's own player is still paid from the house's clearing account.
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/deposits/${houseDeposit}/approve`, { token: director.token })).body
        .meta.code,
    ).toBe(200);

    const payout = await call(t.app, 'POST', '/api/v1/account-details', {
      token: player.token,
      body: { type: 'upi', accountNumber: 'agentplayer@okhdfc', accountHolderName: 'Ravi Kumar' },
    });
    const withdrawal = await call(t.app, 'POST', '/api/v1/withdrawal-request', {
      token: player.token,
      body: { amount: 250, accountId: (payout.body.data as { _id: string })._id },
    });
    const withdrawalId = (withdrawal.body.data as { _id: string })._id;
    expect((await t.services.withdrawals.deskList('pending', 1, 50, agent)).items.map((item) => item._id)).toEqual([
      withdrawalId,
    ]);
    await t.services.withdrawals.approve(callerFor(agent, ROLES.AGENT), withdrawalId, '127.0.0.1');
    expect(await chipsOf(agent)).toBe(650_00);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("a cash agent opens the full screenshot of its own players' deposits only", async () => {
    const agent = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    const sub = (await accountUnder(t, ROLES.AGENT, agent)).userId;
    const other = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    const creditAgent = (await accountUnder(t, ROLES.CREDIT_AGENT, director.userId)).userId;
    const player = await signUpPlayer(t);
    await createTreeRepository(t.db).setUpline(player.userId, sub);
    const created = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
      token: player.token,
      body: { amount: 700, accountId: upiAccountId, type: 'upi', baseImage: await pngDataUrl(320, 240) },
    });
    expect(created.body.meta.code, created.body.meta.message).toBe(200);
    const deposit = created.body.data as { _id: string; screenShotUrl: string };
    const queued = (await t.services.deposits.deskList('pending', 1, 50, agent)).items.find(
      (item) => item._id === deposit._id,
    );
    expect(queued?.screenShotUrl).toBe(`/api/v1/deposit-screenshot/${deposit._id}`);
    // The player's agent and the agent above it see the same full image the player and the director see.
    const own = await t.services.deposits.screenshot(callerFor(player.userId, ROLES.PLAYER), deposit._id, false);
    const forAgent = await t.services.deposits.screenshot(callerFor(sub, ROLES.AGENT), deposit._id, false);
    expect(forAgent.equals(own)).toBe(true);
    expect((await t.services.deposits.screenshot(callerFor(agent, ROLES.AGENT), deposit._id, false)).equals(own)).toBe(
      true,
    );
    const viaHttp = await call(t.app, 'GET', `/api/v1/deposit-screenshot/${deposit._id}`, { token: director.token });
    expect(viaHttp.raw.headers['content-type']).toBe('image/jpeg');
    expect(viaHttp.raw.rawPayload.equals(own)).toBe(true);
    // Another subtree is refused by the subtree check; a credit agent has no deposit queue.
    expect(await codeOf(() => t.services.deposits.screenshot(callerFor(other, ROLES.AGENT), deposit._id, false))).toBe(
      'NOT_IN_DOWNLINE',
    );
    expect(
      await codeOf(() =>
        t.services.deposits.screenshot(callerFor(creditAgent, ROLES.CREDIT_AGENT), deposit._id, false),
      ),
    ).toBe('NOT_FOUND');
    expect(await codeOf(() => t.services.deposits.screenshot(callerFor(agent, ROLES.AGENT), randomUUID(), false))).toBe(
      'NOT_FOUND',
    );
  });
});

describe('credit lines and settlements (PRODUCT.md §9)', () => {
  it('gives credit, the player loses a bet, the agent sees Ref P&L and settles it; retries move nothing twice', async () => {
    const agent = (await accountUnder(t, ROLES.CREDIT_AGENT, director.userId)).userId;
    const account = await accountUnder(t, ROLES.CREDIT_PLAYER, agent);
    const player = account.userId;
    const token = await tokenOf(t, account.mobileNo);
    expect(await mainOf(player)).toBe(0);
    const key = randomUUID();
    const first = await call(t.app, 'POST', `/api/v1/backoffice/users/${agent}/credit`, {
      token: director.token,
      body: { action: 'give', amount: 10_000 },
      headers: { 'idempotency-key': key },
    });
    const retry = await call(t.app, 'POST', `/api/v1/backoffice/users/${agent}/credit`, {
      token: director.token,
      body: { action: 'give', amount: 10_000 },
      headers: { 'idempotency-key': key },
    });
    expect(retry.body.meta.code).toBe(200);
    expect(
      (
        await call(t.app, 'POST', `/api/v1/backoffice/users/${agent}/credit`, {
          token: director.token,
          body: { action: 'give', amount: 9_000 },
          headers: { 'idempotency-key': key },
        })
      ).body.meta.error,
    ).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(first.body.data).toMatchObject({
      own: 10_000,
      account: { kind: 'credit', creditRef: 10_000, balance: 10_000, refPnl: 0 },
    });

    await t.services.agentCredit.move(
      callerFor(agent, ROLES.CREDIT_AGENT),
      player,
      { action: 'give', amount: 2_000 },
      undefined,
      '127.0.0.1',
    );
    // Never more than the agent has free.
    expect(
      await codeOf(() =>
        t.services.agentCredit.move(
          callerFor(agent, ROLES.CREDIT_AGENT),
          player,
          { action: 'give', amount: 8_001 },
          undefined,
          '127.0.0.1',
        ),
      ),
    ).toBe('WALLET_INSUFFICIENT_FUNDS');
    const market = await bookmakerMarket(t, director.token);
    const placed = await call(t.app, 'POST', '/api/v1/place-bet', {
      token,
      body: { marketId: market.id, selectionId: market.runners[0], selectionType: 'back', odds: 45, stake: 1_500 },
    });
    expect(placed.body.meta.code, placed.body.meta.message).toBe(200);
    expect(await call(t.app, 'GET', '/api/v1/getUserData', { token }).then((answer) => answer.body.data)).toMatchObject(
      { balance: 2_000, exposure: -1_500 },
    );
    // Lowering credit below what is available is refused while the bet is open.
    expect(
      await codeOf(() =>
        t.services.agentCredit.move(
          callerFor(agent, ROLES.CREDIT_AGENT),
          player,
          { action: 'take', amount: 600 },
          undefined,
          '127.0.0.1',
        ),
      ),
    ).toBe('WALLET_INSUFFICIENT_FUNDS');
    // The risk view: credit given vs used (exposure + unsettled losses) per credit account in the scope.
    const openUse = (await t.services.reports.exposure({ rootId: agent })).creditUtilisation;
    expect(openUse).toMatchObject({
      creditGiven: 10_000,
      exposure: 1_500,
      losses: 0,
      used: 1_500,
      utilisation: 0.15,
      accounts: 2,
    });
    expect(openUse?.rows).toEqual([
      expect.objectContaining({
        _id: player,
        role: ROLES.CREDIT_PLAYER,
        uplineId: agent,
        creditGiven: 2_000,
        exposure: 1_500,
        losses: 0,
        used: 1_500,
        utilisation: 0.75,
      }),
      expect.objectContaining({
        _id: agent,
        role: ROLES.CREDIT_AGENT,
        creditGiven: 10_000,
        used: 1_500,
        utilisation: 0.15,
      }),
    ]);
    const stranger = (await accountUnder(t, ROLES.CREDIT_AGENT, director.userId)).userId;
    expect(
      (await t.services.reports.exposure({ rootId: stranger })).creditUtilisation?.rows.map((row) => row._id),
    ).toEqual([stranger]);
    const site = (await call(t.app, 'GET', '/api/v1/backoffice/reports/exposure', { token: director.token })).body
      .data as { creditUtilisation: { rows: { _id: string }[] } };
    expect(site.creditUtilisation.rows.map((row) => row._id)).toEqual(
      expect.arrayContaining([agent, player, stranger]),
    );
    const open = (await call(t.app, 'GET', `/api/v1/backoffice/users/${agent}/money`, { token: director.token })).body
      .data as { downline: unknown[] };
    expect(open.downline).toEqual([
      expect.objectContaining({
        _id: player,
        creditRef: 2_000,
        balance: 2_000,
        exposure: -1_500,
        available: 500,
        refPnl: 0,
      }),
    ]);

    await call(t.app, 'POST', `/api/v1/backoffice/markets/${market.id}/settle`, {
      token: director.token,
      body: { winnerId: market.runners[1] },
    });
    const lost = (await call(t.app, 'GET', `/api/v1/backoffice/users/${player}/money`, { token: director.token })).body
      .data as { account: unknown };
    expect(lost.account).toMatchObject({ creditRef: 2_000, balance: 500, exposure: 0, available: 500, refPnl: -1_500 });
    expect(
      await codeOf(() =>
        t.services.agentCredit.settle(
          callerFor(agent, ROLES.CREDIT_AGENT),
          player,
          { amount: 1_500.01 },
          undefined,
          '127.0.0.1',
        ),
      ),
    ).toBe('CONFLICT');
    const settleKey = randomUUID();
    const settled = await call(t.app, 'POST', `/api/v1/backoffice/users/${player}/settlement`, {
      token: director.token,
      body: { amount: 1_000, note: 'Cash at the shop' },
      headers: { 'idempotency-key': settleKey },
    });
    await call(t.app, 'POST', `/api/v1/backoffice/users/${player}/settlement`, {
      token: director.token,
      body: { amount: 1_000, note: 'Cash at the shop' },
      headers: { 'idempotency-key': settleKey },
    });
    expect(settled.body.data).toMatchObject({ account: { creditRef: 2_000, balance: 1_500, refPnl: -500 } });
    expect(
      (await call(t.app, 'GET', `/api/v1/backoffice/users/${player}/money`, { token: director.token })).body.data,
    ).toMatchObject({ account: { refPnl: -500 } });
    // Settled in part: ₹500 of losses still use the line, the bet's exposure is gone.
    const afterUse = (await t.services.reports.exposure({ rootId: agent })).creditUtilisation;
    expect(afterUse).toMatchObject({ creditGiven: 10_000, exposure: 0, losses: 500, used: 500, utilisation: 0.05 });
    expect(afterUse?.rows[0]).toMatchObject({ _id: player, exposure: 0, losses: 500, used: 500, utilisation: 0.25 });
    const statement = await t.services.wallet.statement(player, 'main', new Date('2026-01-01'), new Date('2027-01-01'));
    expect(statement.lines.map((line) => line.kind)).toEqual(
      expect.arrayContaining(['credit_ref', 'credit_settlement']),
    );
    expect(statement.closingBalancePaise).toBe(1_500_00);
    expect(statement.lines.find((line) => line.kind === 'credit_settlement')?.description).toBe(
      'Settlement: ₹1,000.00 paid to your agent',
    );
    expect((await call(t.app, 'GET', '/api/v1/credit-line', { token })).body.data).toEqual({
      creditRef: 2_000,
      balance: 1_500,
      exposure: 0,
      available: 1_500,
      refPnl: -500,
    });
    const audit = (
      await call(t.app, 'GET', `/api/v1/backoffice/audit-log?targetId=${player}`, { token: director.token })
    ).body.data as { items: { action: string }[] };
    expect(audit.items.map((item) => item.action)).toEqual(
      expect.arrayContaining(['agent.credit_give', 'agent.credit_settle']),
    );
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refuses credit to cash accounts and chips to credit accounts', async () => {
    const cash = (await accountUnder(t, ROLES.PLAYER, director.userId)).userId;
    const credit = (await accountUnder(t, ROLES.CREDIT_PLAYER, director.userId)).userId;
    expect(
      (
        await call(t.app, 'POST', `/api/v1/backoffice/users/${cash}/credit`, {
          token: director.token,
          body: { action: 'give', amount: 10 },
        })
      ).body.meta.error,
    ).toBe('WRONG_ACCOUNT_KIND');
    expect(
      (
        await call(t.app, 'POST', `/api/v1/backoffice/users/${credit}/chips`, {
          token: director.token,
          body: { action: 'give', amount: 10 },
        })
      ).body.meta.error,
    ).toBe('WRONG_ACCOUNT_KIND');
    expect(
      (
        await call(t.app, 'POST', `/api/v1/backoffice/users/${cash}/settlement`, {
          token: director.token,
          body: { amount: 10 },
        })
      ).body.meta.error,
    ).toBe('WRONG_ACCOUNT_KIND');
    expect(
      (await call(t.app, 'GET', '/api/v1/credit-line', { token: (await signUpPlayer(t)).token })).body.meta.error,
    ).toBe('FORBIDDEN');
    expect(
      (
        await call(t.app, 'POST', `/api/v1/backoffice/users/${credit}/settlement`, {
          token: director.token,
          body: { amount: 10 },
        })
      ).body.meta,
    ).toMatchObject({ error: 'CONFLICT', message: 'Nothing to settle: Ref P&L is zero' });
  });
});
