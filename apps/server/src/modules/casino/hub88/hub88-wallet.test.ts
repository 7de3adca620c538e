import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDayMonthYear } from '@khel/money';
import { call, createOperator, createTestApp, PASSWORD, signUpPlayer } from '../../../../test/test-app.js';
import type { TestApp } from '../../../../test/test-app.js';
import { ledgerViolations } from '../../../../test/ledger-invariants.js';
import { newOpaqueToken, sha256Hex } from '../../../lib/crypto.js';
import { createCasinoRepository } from '../casino-repository.js';
import { LAUNCH_TOKEN_TTL_MS } from '../casino-service.js';
import { hub88Sign } from '../../../lib/hub88-signature.js';
import { betBody, hub88Call, hub88TestKeys, rollbackBody, winBody } from './hub88-test-support.js';
import type { Hub88TestKeys } from './hub88-test-support.js';

/**
 * Hub88's Wallet API, one contract test per status (issue 27; decision 0046), on the real server and
 * database: signed calls in, signed answers out, money through the casino wallet and the journal.
 * ₹1 is 100,000 Hub88 units.
 */
const RUPEE = 100_000;
let t: TestApp;
let keys: Hub88TestKeys;
let operator: string;

/** An aggregator game (as the catalogue import makes them): a studio's live table. */
async function addGame(code: string, studio: string, isSlot: boolean): Promise<void> {
  await t.db.query(
    `insert into casino_games (provider_id, code, title, category, image, is_slot, launch_kind, sort_order, studio)
     select id, $1, $1, $2, '', $3, 'play', 500, $4 from casino_providers where code = 'hub88'`,
    [code, isSlot ? 'Video Slots' : 'Live Roulette', isSlot, studio],
  );
}

/** A player with a launch session of the aggregator (its token is what Hub88 sends on bets). */
async function playing(): Promise<{ token: string; userId: string; gameToken: string }> {
  const player = await signUpPlayer(t);
  const gameToken = newOpaqueToken();
  const repository = createCasinoRepository(t.db);
  const provider = await repository.providerByCode('hub88');
  const game = await repository.gameByCode(provider?.id as number, 'evo_roulette');
  await repository.insertSession({
    tokenHash: sha256Hex(gameToken),
    userId: player.userId,
    providerId: provider?.id as number,
    gameId: game?.id as number,
    wallet: 'main',
    at: t.clock.now(),
    expiresAt: new Date(t.clock.now().getTime() + LAUNCH_TOKEN_TTL_MS),
  });
  return { ...player, gameToken };
}

async function balanceOf(token: string): Promise<number> {
  return ((await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number }).balance;
}

function bet(
  player: { userId: string; gameToken: string },
  rupees: number,
  extra: Partial<Parameters<typeof betBody>[0]> = {},
) {
  return betBody({
    user: player.userId,
    token: player.gameToken,
    game_code: 'evo_roulette',
    amount: rupees * RUPEE,
    ...extra,
  });
}

beforeAll(async () => {
  keys = hub88TestKeys();
  t = await createTestApp(keys.env);
  operator = (await createOperator(t)).token;
  await addGame('evo_roulette', 'Evolution', false);
  await addGame('pp_sweet_bonanza', 'Pragmatic Play', true);
});
afterAll(async () => t.close());

describe('RS_OK', () => {
  it('answers user/info and user/balance, both signed', async () => {
    const player = await playing();
    const info = await hub88Call(t.app, keys, 'user/info', { user: player.userId, request_uuid: randomUUID() });
    expect(info).toMatchObject({ status: 'RS_OK', user: player.userId, country: 'IN' });
    const request_uuid = randomUUID();
    const balance = await hub88Call(t.app, keys, 'user/balance', {
      user: player.userId,
      token: player.gameToken,
      request_uuid,
      game_code: 'evo_roulette',
    });
    expect(balance).toEqual({
      status: 'RS_OK',
      request_uuid,
      user: player.userId,
      currency: 'INR',
      balance: 10_000 * RUPEE,
    });
  });

  it("bets and wins move the balance exactly, in the journal and the statement as 'Live Casino / Evolution / d/m/yyyy'", async () => {
    const player = await playing();
    const placed = bet(player, 10.5);
    expect(await hub88Call(t.app, keys, 'transaction/bet', placed)).toMatchObject({
      status: 'RS_OK',
      user: player.userId,
      currency: 'INR',
      balance: 9_989.5 * RUPEE,
      request_uuid: placed.request_uuid,
    });
    expect(await hub88Call(t.app, keys, 'transaction/win', winBody(placed, 36.75 * RUPEE))).toMatchObject({
      status: 'RS_OK',
      balance: 10_026.25 * RUPEE,
    });
    expect(await balanceOf(player.token)).toBe(10_026.25);
    const day = indiaDayMonthYear(t.clock.now());
    const statement = await call(t.app, 'GET', '/api/v1/account-statement', { token: player.token });
    const lines = (statement.body.data as { lines: { kind: string; description: string; amount: number }[] }).lines
      .filter((line) => line.kind.startsWith('casino'))
      .map(({ kind, description, amount }) => ({ kind, description, amount }));
    expect(lines).toEqual([
      { kind: 'casino_debit', description: `Live Casino / Evolution / ${day}`, amount: -10.5 },
      { kind: 'casino_credit', description: `Live Casino / Evolution / ${day}`, amount: 36.75 },
    ]);
    const bets = await call(t.app, 'GET', '/api/v1/casino-bets-by-date?provider=Evolution', { token: player.token });
    expect(bets.body.data).toEqual([
      expect.objectContaining({ provider_name: 'Evolution', stake: 10.5, payout: 36.75, status: 'credited' }),
    ]);
  });

  it('a win of 0 closes a lost bet; a free bet takes nothing and its win is paid', async () => {
    const player = await playing();
    const lost = bet(player, 5);
    await hub88Call(t.app, keys, 'transaction/bet', lost);
    expect(await hub88Call(t.app, keys, 'transaction/win', winBody(lost, 0))).toMatchObject({
      status: 'RS_OK',
      balance: 9_995 * RUPEE,
    });
    const free = bet(player, 20, { is_free: true });
    expect(await hub88Call(t.app, keys, 'transaction/bet', free)).toMatchObject({
      status: 'RS_OK',
      balance: 9_995 * RUPEE,
    });
    expect(await hub88Call(t.app, keys, 'transaction/win', winBody(free, 7 * RUPEE))).toMatchObject({
      status: 'RS_OK',
      balance: 10_002 * RUPEE,
    });
  });

  it('a rollback returns the bet once, whatever rollback ids repeat it', async () => {
    const player = await playing();
    const placed = bet(player, 100);
    await hub88Call(t.app, keys, 'transaction/bet', placed);
    const back = rollbackBody(placed);
    expect(await hub88Call(t.app, keys, 'transaction/rollback', back)).toMatchObject({
      status: 'RS_OK',
      balance: 10_000 * RUPEE,
    });
    expect(await hub88Call(t.app, keys, 'transaction/rollback', { ...back, request_uuid: randomUUID() })).toMatchObject(
      {
        status: 'RS_OK',
        balance: 10_000 * RUPEE,
      },
    );
    expect(await hub88Call(t.app, keys, 'transaction/rollback', rollbackBody(placed))).toMatchObject({
      status: 'RS_OK',
      balance: 10_000 * RUPEE,
    });
    expect(await balanceOf(player.token)).toBe(10_000);
  });
});

describe('idempotency', () => {
  it('a repeated request_uuid gets its first answer, even with another body; a new one is judged afresh', async () => {
    const player = await playing();
    const tooMuch = bet(player, 20_000);
    const first = await hub88Call(t.app, keys, 'transaction/bet', tooMuch);
    expect(first).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 10_000 * RUPEE });
    // The same request again, and the same request_uuid with a bet that would go in: the first answer.
    expect(await hub88Call(t.app, keys, 'transaction/bet', tooMuch)).toEqual(first);
    expect(await hub88Call(t.app, keys, 'transaction/bet', { ...tooMuch, amount: RUPEE })).toEqual(first);
    expect(await balanceOf(player.token)).toBe(10_000);
    const retry = { ...tooMuch, amount: RUPEE, request_uuid: randomUUID() };
    expect(await hub88Call(t.app, keys, 'transaction/bet', retry)).toMatchObject({
      status: 'RS_OK',
      balance: 9_999 * RUPEE,
    });
  });

  it('a transaction_uuid seen before answers as before and moves nothing; with another body RS_ERROR_DUPLICATE_TRANSACTION', async () => {
    const player = await playing();
    const placed = bet(player, 3);
    const first = await hub88Call(t.app, keys, 'transaction/bet', placed);
    const again = await hub88Call(t.app, keys, 'transaction/bet', { ...placed, request_uuid: randomUUID() });
    expect(again).toEqual({ ...first, request_uuid: again.request_uuid });
    expect(await balanceOf(player.token)).toBe(9_997);
    for (const changed of [{ amount: 4 * RUPEE }, { round: 'another-round' }, { game_code: 'pp_sweet_bonanza' }]) {
      expect(
        await hub88Call(t.app, keys, 'transaction/bet', { ...placed, ...changed, request_uuid: randomUUID() }),
      ).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION' });
    }
    const won = winBody(placed, 9 * RUPEE);
    await hub88Call(t.app, keys, 'transaction/win', won);
    expect(await hub88Call(t.app, keys, 'transaction/win', { ...won, request_uuid: randomUUID() })).toMatchObject({
      status: 'RS_OK',
      balance: 10_006 * RUPEE,
    });
    expect(
      await hub88Call(t.app, keys, 'transaction/win', { ...won, amount: 10 * RUPEE, request_uuid: randomUUID() }),
    ).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION' });
    // A transaction uuid of a bet sent again as a win is another request under that id.
    expect(
      await hub88Call(t.app, keys, 'transaction/win', {
        ...winBody(placed, RUPEE),
        transaction_uuid: placed.transaction_uuid,
      }),
    ).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION' });
    expect(await balanceOf(player.token)).toBe(10_006);
  });

  it('concurrent retries of one bet and one win (new request_uuids each) move the money once', async () => {
    const player = await playing();
    const placed = bet(player, 50);
    const bets = await Promise.all(
      Array.from({ length: 6 }, () =>
        hub88Call(t.app, keys, 'transaction/bet', { ...placed, request_uuid: randomUUID() }),
      ),
    );
    expect(new Set(bets.map((answer) => `${answer.status}:${answer.balance}`))).toEqual(
      new Set([`RS_OK:${9_950 * RUPEE}`]),
    );
    const won = winBody(placed, 120 * RUPEE);
    const wins = await Promise.all(
      Array.from({ length: 6 }, () =>
        hub88Call(t.app, keys, 'transaction/win', { ...won, request_uuid: randomUUID() }),
      ),
    );
    expect(new Set(wins.map((answer) => `${answer.status}:${answer.balance}`))).toEqual(
      new Set([`RS_OK:${10_070 * RUPEE}`]),
    );
    expect(await balanceOf(player.token)).toBe(10_070);
  });
});

describe('one contract test per refusal', () => {
  it('RS_ERROR_INVALID_SIGNATURE: missing, foreign or over other bytes; nothing moves', async () => {
    const player = await playing();
    const placed = bet(player, 10);
    expect(await hub88Call(t.app, keys, 'transaction/bet', placed, { signature: null })).toEqual({
      status: 'RS_ERROR_INVALID_SIGNATURE',
      request_uuid: placed.request_uuid,
    });
    const stranger = hub88TestKeys();
    const foreign = hub88Sign(stranger.aggregatorPrivateKey, JSON.stringify(placed));
    expect(await hub88Call(t.app, keys, 'transaction/bet', placed, { signature: foreign })).toMatchObject({
      status: 'RS_ERROR_INVALID_SIGNATURE',
    });
    const signedOther = hub88Sign(keys.aggregatorPrivateKey, JSON.stringify({ ...placed, amount: 1 * RUPEE }));
    expect(await hub88Call(t.app, keys, 'transaction/bet', placed, { signature: signedOther })).toMatchObject({
      status: 'RS_ERROR_INVALID_SIGNATURE',
    });
    expect(
      await hub88Call(
        t.app,
        keys,
        'user/balance',
        { user: player.userId, request_uuid: 'x' },
        { signature: 'bm9wZQ==' },
      ),
    ).toMatchObject({
      status: 'RS_ERROR_INVALID_SIGNATURE',
    });
    expect(await balanceOf(player.token)).toBe(10_000);
    // Nothing was kept under the request_uuid: the same request properly signed goes in.
    expect(await hub88Call(t.app, keys, 'transaction/bet', placed)).toMatchObject({ status: 'RS_OK' });
  });

  it('RS_ERROR_WRONG_SYNTAX (not JSON, a field missing) and RS_ERROR_WRONG_TYPES (a field of the wrong type, part of a paisa)', async () => {
    const player = await playing();
    expect(await hub88Call(t.app, keys, 'transaction/bet', '{"user":')).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX' });
    const { amount: _amount, ...noAmount } = bet(player, 1);
    expect(await hub88Call(t.app, keys, 'transaction/bet', noAmount)).toMatchObject({
      status: 'RS_ERROR_WRONG_SYNTAX',
      request_uuid: noAmount.request_uuid,
    });
    expect(await hub88Call(t.app, keys, 'transaction/bet', { ...bet(player, 1), amount: '100000' })).toMatchObject({
      status: 'RS_ERROR_WRONG_TYPES',
    });
    expect(await hub88Call(t.app, keys, 'transaction/bet', { ...bet(player, 1), amount: 100_500 })).toMatchObject({
      status: 'RS_ERROR_WRONG_TYPES',
    });
    expect(await hub88Call(t.app, keys, 'transaction/bet', { ...bet(player, 1), amount: -RUPEE })).toMatchObject({
      status: 'RS_ERROR_WRONG_TYPES',
    });
    expect(await balanceOf(player.token)).toBe(10_000);
  });

  it('RS_ERROR_INVALID_TOKEN and RS_ERROR_TOKEN_EXPIRED on bets only: an expired session never blocks a win or a rollback', async () => {
    const player = await playing();
    const other = await playing();
    expect(
      await hub88Call(t.app, keys, 'transaction/bet', bet(player, 1, { token: 'no-such-token-1234' })),
    ).toMatchObject({
      status: 'RS_ERROR_INVALID_TOKEN',
    });
    expect(await hub88Call(t.app, keys, 'transaction/bet', bet(player, 1, { token: other.gameToken }))).toMatchObject({
      status: 'RS_ERROR_INVALID_TOKEN',
    });
    const { token: _token, ...noToken } = bet(player, 1);
    expect(await hub88Call(t.app, keys, 'transaction/bet', noToken)).toMatchObject({
      status: 'RS_ERROR_INVALID_TOKEN',
    });

    const won = bet(player, 10);
    const returned = bet(player, 20);
    await hub88Call(t.app, keys, 'transaction/bet', won);
    await hub88Call(t.app, keys, 'transaction/bet', returned);
    t.clock.advanceMs(LAUNCH_TOKEN_TTL_MS + 1000);
    try {
      expect(await hub88Call(t.app, keys, 'transaction/bet', bet(player, 1))).toMatchObject({
        status: 'RS_ERROR_TOKEN_EXPIRED',
      });
      expect(await hub88Call(t.app, keys, 'transaction/win', winBody(won, 15 * RUPEE))).toMatchObject({
        status: 'RS_OK',
        balance: 9_985 * RUPEE,
      });
      expect(await hub88Call(t.app, keys, 'transaction/rollback', rollbackBody(returned))).toMatchObject({
        status: 'RS_OK',
        balance: 10_005 * RUPEE,
      });
    } finally {
      t.clock.advanceMs(-(LAUNCH_TOKEN_TTL_MS + 1000));
    }
  });

  it('RS_ERROR_WRONG_CURRENCY: a bet or a win in another currency than the session’s', async () => {
    const player = await playing();
    expect(await hub88Call(t.app, keys, 'transaction/bet', bet(player, 1, { currency: 'EUR' }))).toMatchObject({
      status: 'RS_ERROR_WRONG_CURRENCY',
    });
    const placed = bet(player, 1);
    await hub88Call(t.app, keys, 'transaction/bet', placed);
    expect(await hub88Call(t.app, keys, 'transaction/win', winBody(placed, RUPEE, { currency: 'USD' }))).toMatchObject({
      status: 'RS_ERROR_WRONG_CURRENCY',
    });
    expect(await balanceOf(player.token)).toBe(9_999);
  });

  it('RS_ERROR_NOT_ENOUGH_MONEY carries the balance', async () => {
    const player = await playing();
    expect(await hub88Call(t.app, keys, 'transaction/bet', bet(player, 10_000.01))).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 10_000 * RUPEE,
      currency: 'INR',
    });
  });

  it("RS_ERROR_USER_DISABLED: a suspended or self-excluded player's bet; their wins are still paid", async () => {
    const suspended = await playing();
    const placed = bet(suspended, 10);
    await hub88Call(t.app, keys, 'transaction/bet', placed);
    const changed = await call(t.app, 'PUT', `/api/v1/backoffice/users/${suspended.userId}`, {
      token: operator,
      body: { suspended: true, suspendedReason: 'Fraud review' },
    });
    expect(changed.body.meta.code).toBe(200);
    expect(await hub88Call(t.app, keys, 'transaction/bet', bet(suspended, 1))).toMatchObject({
      status: 'RS_ERROR_USER_DISABLED',
    });
    expect(await hub88Call(t.app, keys, 'transaction/win', winBody(placed, 30 * RUPEE))).toMatchObject({
      status: 'RS_OK',
      balance: 10_020 * RUPEE,
    });
    const excluded = await playing();
    const exclusion = await call(t.app, 'POST', '/api/v1/self-exclusion', {
      token: excluded.token,
      body: { days: 7, password: PASSWORD },
    });
    expect(exclusion.body.meta.code).toBe(200);
    expect(await hub88Call(t.app, keys, 'transaction/bet', bet(excluded, 1))).toMatchObject({
      status: 'RS_ERROR_USER_DISABLED',
    });
  });

  it('RS_ERROR_INVALID_GAME: a game not in the catalogue', async () => {
    const player = await playing();
    expect(
      await hub88Call(t.app, keys, 'transaction/bet', bet(player, 1, { game_code: 'evo_no_such_table' })),
    ).toMatchObject({
      status: 'RS_ERROR_INVALID_GAME',
    });
  });

  it('RS_ERROR_TRANSACTION_DOES_NOT_EXIST: a win or a rollback naming an unknown bet; the rolled-back bet arriving late is refused', async () => {
    const player = await playing();
    const never = bet(player, 10);
    expect(await hub88Call(t.app, keys, 'transaction/win', winBody(never, 5 * RUPEE))).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    });
    const late = bet(player, 10);
    const back = rollbackBody(late);
    expect(await hub88Call(t.app, keys, 'transaction/rollback', back)).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    });
    // Hub88 retries rollbacks: the same answer, nothing moves.
    expect(await hub88Call(t.app, keys, 'transaction/rollback', { ...back, request_uuid: randomUUID() })).toMatchObject(
      {
        status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      },
    );
    expect(await hub88Call(t.app, keys, 'transaction/bet', late)).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
    });
    expect(await balanceOf(player.token)).toBe(10_000);
  });

  it('RS_ERROR_TRANSACTION_ROLLED_BACK: a win for a bet that was rolled back', async () => {
    const player = await playing();
    const placed = bet(player, 10);
    await hub88Call(t.app, keys, 'transaction/bet', placed);
    await hub88Call(t.app, keys, 'transaction/rollback', rollbackBody(placed));
    expect(await hub88Call(t.app, keys, 'transaction/win', winBody(placed, 50 * RUPEE))).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
    });
    expect(await balanceOf(player.token)).toBe(10_000);
  });

  it('RS_ERROR_UNKNOWN: a second win for one bet, or a rollback of a won bet (the wallet pays a bet once); an unknown user', async () => {
    const player = await playing();
    const placed = bet(player, 10);
    await hub88Call(t.app, keys, 'transaction/bet', placed);
    await hub88Call(t.app, keys, 'transaction/win', winBody(placed, 20 * RUPEE));
    expect(await hub88Call(t.app, keys, 'transaction/win', winBody(placed, 20 * RUPEE))).toMatchObject({
      status: 'RS_ERROR_UNKNOWN',
    });
    expect(await hub88Call(t.app, keys, 'transaction/rollback', rollbackBody(placed))).toMatchObject({
      status: 'RS_ERROR_UNKNOWN',
    });
    expect(await hub88Call(t.app, keys, 'user/info', { user: randomUUID(), request_uuid: randomUUID() })).toMatchObject(
      {
        status: 'RS_ERROR_UNKNOWN',
      },
    );
    expect(await balanceOf(player.token)).toBe(10_010);
  });

  it("RS_ERROR_LIMIT_REACHED: a win beyond the aggregator's net payout limit; paid once the limit is raised", async () => {
    const player = await playing();
    const placed = bet(player, 10);
    await hub88Call(t.app, keys, 'transaction/bet', placed);
    const providers = await call(t.app, 'GET', '/api/v1/backoffice/casino/providers', { token: operator });
    const paidOut = (providers.body.data as { code: string; netPaidOut: number }[]).find((row) => row.code === 'hub88')
      ?.netPaidOut as number;
    const lower = await call(t.app, 'PUT', '/api/v1/backoffice/casino/providers/hub88', {
      token: operator,
      body: { netPayoutLimit: Math.max(paidOut, 0) + 100 },
    });
    expect(lower.body.meta.code).toBe(200);
    const won = winBody(placed, 1_000 * RUPEE);
    expect(await hub88Call(t.app, keys, 'transaction/win', won)).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED' });
    await call(t.app, 'PUT', '/api/v1/backoffice/casino/providers/hub88', {
      token: operator,
      body: { netPayoutLimit: 10_000_000 },
    });
    expect(await hub88Call(t.app, keys, 'transaction/win', { ...won, request_uuid: randomUUID() })).toMatchObject({
      status: 'RS_OK',
      balance: 10_990 * RUPEE,
    });
  });

  it('RS_ERROR_INVALID_PARTNER: the aggregator switched off in the back office', async () => {
    const player = await playing();
    await call(t.app, 'PUT', '/api/v1/backoffice/casino/providers/hub88', { token: operator, body: { active: false } });
    try {
      expect(await hub88Call(t.app, keys, 'transaction/bet', bet(player, 1))).toMatchObject({
        status: 'RS_ERROR_INVALID_PARTNER',
      });
    } finally {
      await call(t.app, 'PUT', '/api/v1/backoffice/casino/providers/hub88', {
        token: operator,
        body: { active: true },
      });
    }
  });

  it('leaves the journal balanced', async () => {
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
