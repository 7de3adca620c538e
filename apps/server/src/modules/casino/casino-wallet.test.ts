import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOperator, signUpPlayer } from '../../../test/test-app.js';
import type { TestApp } from '../../../test/test-app.js';
import { createTestApp } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { indiaDayMonthYear } from '@khel/money';
import { launchGame, signedCall } from './casino-test-support.js';
import type { SignedCallOptions } from './casino-test-support.js';

let t: TestApp;
let operator: string;
let acme: SignedCallOptions;
let counter = 0;
const next = (prefix: string) => `${prefix}-${(counter += 1)}`;

/** A new player who has launched one of Acme's games: Acme may debit and read them. */
async function playing(gameId = 'acme-slot'): Promise<{ token: string; userId: string }> {
  const player = await signUpPlayer(t);
  await launchGame(t.app, player.token, gameId);
  return player;
}

async function balanceOf(token: string): Promise<number> {
  return ((await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number }).balance;
}

beforeAll(async () => {
  t = await createTestApp();
  operator = (await createOperator(t)).token;
  const created = await call(t.app, 'POST', '/api/v1/backoffice/casino/providers', {
    token: operator,
    body: {
      code: 'acme',
      name: 'Acme Gaming',
      launchUrlTemplate: 'https://games.acme.test/launch?token={token}&game={game}',
    },
  });
  expect(created.body.meta.code).toBe(200);
  acme = { provider: 'acme', secret: (created.body.data as { secret: string }).secret, clock: t.clock };
  for (const [code, isSlot, launchKind] of [
    ['acme-slot', true, 'play'],
    ['acme-roulette', false, 'qtech'],
  ] as const) {
    const game = await call(t.app, 'POST', '/api/v1/backoffice/casino/games', {
      token: operator,
      body: {
        providerCode: 'acme',
        code,
        title: code,
        category: isSlot ? 'Video Slots' : 'Roulette',
        isSlot,
        launchKind,
        order: 100,
      },
    });
    expect(game.body.meta.code).toBe(200);
  }
});
afterAll(async () => t.close());

describe('lobby and launch', () => {
  it('lists the house games and the configured ones, filters slots, and launches with a token the provider can authenticate', async () => {
    const all = await call(t.app, 'GET', '/api/v1/casino-games');
    const titles = (all.body.data as { title: string }[]).map((game) => game.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Royal Bengal', 'Dragon Tiger', 'Andar Bahar', 'acme-slot', 'acme-roulette']),
    );
    const slots = (await call(t.app, 'GET', '/api/v1/casino-games?slots=true')).body.data as {
      is_slot: boolean;
      provider_name: string;
      game_images: string;
      launch: { kind: string };
    }[];
    expect(slots.every((game) => game.is_slot)).toBe(true);
    expect(slots[0]).toMatchObject({
      provider_name: 'Khel Originals',
      game_images: '/house-casino/thumbs/royal-bengal.svg',
      launch: { kind: 'play' },
    });
    const acmeOnly = (await call(t.app, 'GET', '/api/v1/casino-games?provider=acme')).body.data as unknown[];
    expect(acmeOnly).toHaveLength(2);

    const player = await signUpPlayer(t);
    const launched = await call(t.app, 'POST', '/play-game', { token: player.token, body: { gameId: 'acme-slot' } });
    const url = (launched.body.data as { url: string }).url;
    expect(url).toMatch(/^https:\/\/games\.acme\.test\/launch\?token=[\w-]+&game=acme-slot$/);
    const token = new URL(url).searchParams.get('token') as string;
    const auth = await signedCall(t.app, 'authenticate', { token }, acme);
    expect(auth.body.data).toMatchObject({ status: 'OK', playerId: player.userId, balance: 10_000, wallet: 'main' });
    // A launch token is bound to its provider.
    const house = await t.services.casino.casinoWallet.provider('khel-house');
    const other = await signedCall(
      t.app,
      'authenticate',
      { token },
      { provider: 'khel-house', secret: house?.secret as string, clock: t.clock },
    );
    expect(other.body.data.status).toBe('TOKEN_INVALID');

    const table = await call(t.app, 'GET', '/live-casino/dragon-tiger', { token: player.token });
    expect((table.body.data as { url: string }).url).toMatch(/^\/house-casino\/play\/dragon-tiger\?token=/);
    const qtech = await call(t.app, 'GET', '/live-casino-qtech/acme-roulette', { token: player.token });
    expect((qtech.body.data as { url: string }).url).toContain('game=acme-roulette');
    const win = await call(t.app, 'GET', '/live-casino-win/acme-roulette/acme', { token: player.token });
    expect((win.body.data as { url: string }).url).toContain('game=acme-roulette');
    const unknown = await call(t.app, 'POST', '/api/v1/play-game', { token: player.token, body: { gameId: 'nope' } });
    expect(unknown.body.meta.error).toBe('NOT_FOUND');
  });

  it('refuses a launch without the permission, and a disabled game is gone from the lobby', async () => {
    const player = await signUpPlayer(t);
    const updated = await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
      token: operator,
      body: { allowSlots: false, allowLiveCasino: false },
    });
    expect(updated.body.meta.code).toBe(200);
    const slot = await call(t.app, 'POST', '/play-game', { token: player.token, body: { gameId: 'royal-bengal' } });
    expect(slot.body.meta).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    const table = await call(t.app, 'GET', '/live-casino/dragon-tiger', { token: player.token });
    expect(table.body.meta).toMatchObject({ code: 403, error: 'FORBIDDEN' });

    const games = (await call(t.app, 'GET', '/api/v1/backoffice/casino/games', { token: operator })).body.data as {
      _id: string;
      game_code: string;
    }[];
    const roulette = games.find((game) => game.game_code === 'acme-roulette') as { _id: string };
    await call(t.app, 'PUT', `/api/v1/backoffice/casino/games/${roulette._id}`, {
      token: operator,
      body: { enabled: false },
    });
    expect(((await call(t.app, 'GET', '/api/v1/casino-games?provider=acme')).body.data as unknown[]).length).toBe(1);
    await call(t.app, 'PUT', `/api/v1/backoffice/casino/games/${roulette._id}`, {
      token: operator,
      body: { enabled: true, order: 5 },
    });
  });

  it('serves the player app, not JSON, to a browser opening a launch path', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/live-casino/dragon-tiger',
      headers: { accept: 'text/html' },
    });
    expect(answer.statusCode).not.toBe(401);
  });
});

describe('seamless wallet', () => {
  it('debits, replays a retry, refuses the same id with another body, credits, and writes the statement and bets lines', async () => {
    const player = await playing();
    const round = next('round');
    const debit = {
      playerId: player.userId,
      transactionId: next('tx'),
      roundId: round,
      gameCode: 'acme-slot',
      amount: 10.5,
    };
    const first = await signedCall(t.app, 'debit', debit, acme);
    expect(first.body).toMatchObject({
      meta: { code: 200, status: 'OK' },
      data: { status: 'OK', balance: 9_989.5, wallet: 'main' },
    });
    const retry = await signedCall(t.app, 'debit', debit, acme);
    expect(retry.body).toEqual(first.body);
    const clash = await signedCall(t.app, 'debit', { ...debit, amount: 11 }, acme);
    expect(clash.body.meta).toMatchObject({ code: 409, status: 'TRANSACTION_MISMATCH' });
    expect(await balanceOf(player.token)).toBe(9_989.5);

    const credit = await signedCall(
      t.app,
      'credit',
      { playerId: player.userId, transactionId: next('tx'), roundId: round, gameCode: 'acme-slot', amount: 25 },
      acme,
    );
    expect(credit.body.data).toMatchObject({ status: 'OK', balance: 10_014.5 });
    expect(await balanceOf(player.token)).toBe(10_014.5);

    const day = indiaDayMonthYear(t.clock.now());
    const statement = await call(t.app, 'GET', '/api/v1/account-statement', { token: player.token });
    const lines = (
      statement.body.data as { lines: { kind: string; description: string; amount: number }[] }
    ).lines.filter((line) => line.kind.startsWith('casino'));
    expect(lines).toEqual([
      expect.objectContaining({ kind: 'casino_debit', description: `Slots / Acme Gaming / ${day}`, amount: -10.5 }),
      expect.objectContaining({ kind: 'casino_credit', description: `Slots / Acme Gaming / ${day}`, amount: 25 }),
    ]);
    const pl = await call(t.app, 'GET', '/api/v1/profit-loss', { token: player.token });
    expect((pl.body.data as { rows: { provider: string | null; profitLoss: number }[] }).rows).toContainEqual(
      expect.objectContaining({ provider: 'Acme Gaming', profitLoss: 14.5 }),
    );
    const bets = await call(t.app, 'GET', '/api/v1/casino-bets-by-date?provider=acme', { token: player.token });
    expect(bets.body.data).toEqual([
      expect.objectContaining({
        roundId: round,
        status: 'credited',
        stake: 10.5,
        payout: 25,
        profitLoss: 14.5,
        description: `Slots / Acme Gaming / ${day}`,
      }),
    ]);
  });

  it('describes live-casino rounds as Live Casino / provider / d/m/yyyy', async () => {
    const player = await playing();
    await signedCall(
      t.app,
      'debit',
      {
        playerId: player.userId,
        transactionId: next('tx'),
        roundId: next('round'),
        gameCode: 'acme-roulette',
        amount: 5,
      },
      acme,
    );
    const bets = (await call(t.app, 'GET', '/api/v1/casino-bets-by-date', { token: player.token })).body.data as {
      description: string;
    }[];
    expect(bets[0]?.description).toBe(`Live Casino / Acme Gaming / ${indiaDayMonthYear(t.clock.now())}`);
  });

  it('refuses unsigned, badly signed, stale and unknown-provider calls with HTTP 401 and changes nothing', async () => {
    const player = await playing();
    const debit = {
      playerId: player.userId,
      transactionId: next('tx'),
      roundId: next('round'),
      gameCode: 'acme-slot',
      amount: 100,
    };
    const refusals = [
      await signedCall(t.app, 'debit', debit, { ...acme, signature: null }),
      await signedCall(t.app, 'debit', debit, { ...acme, signature: 'ab'.repeat(32) }),
      await signedCall(t.app, 'debit', debit, { ...acme, secret: 'not-the-secret' }),
      await signedCall(t.app, 'debit', debit, { ...acme, timestampOffsetMs: -31_000 }),
      await signedCall(t.app, 'debit', debit, { ...acme, timestampOffsetMs: 31_000 }),
      await signedCall(t.app, 'debit', debit, { ...acme, provider: 'nobody' }),
    ];
    expect(refusals.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(await balanceOf(player.token)).toBe(10_000);
    // The body signed is the body checked: altering one byte after signing fails too.
    const body = JSON.stringify({ ...debit, timestamp: t.clock.now().getTime() });
    const { createHmac } = await import('node:crypto');
    const signature = createHmac('sha256', acme.secret).update(body).digest('hex');
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/casino-wallet/debit',
      payload: body.replace('100', '1'),
      headers: { 'content-type': 'application/json', 'x-provider': 'acme', 'x-signature': signature },
    });
    expect(tampered.statusCode).toBe(401);
    // The same request signed properly goes through: the transaction id was never taken.
    expect((await signedCall(t.app, 'debit', debit, acme)).body.data.status).toBe('OK');
  });

  it('records a rollback of an unknown debit so the late debit is refused', async () => {
    const player = await playing();
    const round = next('round');
    const debitId = next('tx');
    const rollback = await signedCall(
      t.app,
      'rollback',
      {
        playerId: player.userId,
        transactionId: next('tx'),
        debitTransactionId: debitId,
        roundId: round,
        gameCode: 'acme-slot',
      },
      acme,
    );
    expect(rollback.body.data).toMatchObject({ status: 'OK', balance: 10_000 });
    const late = await signedCall(
      t.app,
      'debit',
      { playerId: player.userId, transactionId: debitId, roundId: round, gameCode: 'acme-slot', amount: 50 },
      acme,
    );
    expect(late.body.meta).toMatchObject({ code: 409, status: 'TRANSACTION_ROLLED_BACK' });
    expect(await balanceOf(player.token)).toBe(10_000);
  });

  it('returns a debit once on rollback, and refuses a rollback once the round is credited', async () => {
    const player = await playing();
    const round = next('round');
    const debitId = next('tx');
    await signedCall(
      t.app,
      'debit',
      { playerId: player.userId, transactionId: debitId, roundId: round, gameCode: 'acme-slot', amount: 40 },
      acme,
    );
    const back = await signedCall(
      t.app,
      'rollback',
      {
        playerId: player.userId,
        transactionId: next('tx'),
        debitTransactionId: debitId,
        roundId: round,
        gameCode: 'acme-slot',
      },
      acme,
    );
    expect(back.body.data).toMatchObject({ status: 'OK', balance: 10_000 });
    const again = await signedCall(
      t.app,
      'rollback',
      {
        playerId: player.userId,
        transactionId: next('tx'),
        debitTransactionId: debitId,
        roundId: round,
        gameCode: 'acme-slot',
      },
      acme,
    );
    expect(again.body.data).toMatchObject({ status: 'OK', balance: 10_000 });
    const creditAfter = await signedCall(
      t.app,
      'credit',
      { playerId: player.userId, transactionId: next('tx'), roundId: round, gameCode: 'acme-slot', amount: 80 },
      acme,
    );
    expect(creditAfter.body.data.status).toBe('ROUND_CLOSED');

    const round2 = next('round');
    const debit2 = next('tx');
    await signedCall(
      t.app,
      'debit',
      { playerId: player.userId, transactionId: debit2, roundId: round2, gameCode: 'acme-slot', amount: 40 },
      acme,
    );
    await signedCall(
      t.app,
      'credit',
      { playerId: player.userId, transactionId: next('tx'), roundId: round2, gameCode: 'acme-slot', amount: 0 },
      acme,
    );
    const refused = await signedCall(
      t.app,
      'rollback',
      {
        playerId: player.userId,
        transactionId: next('tx'),
        debitTransactionId: debit2,
        roundId: round2,
        gameCode: 'acme-slot',
      },
      acme,
    );
    expect(refused.body.meta).toMatchObject({ code: 409, status: 'ROUND_ALREADY_CREDITED' });
    expect(await balanceOf(player.token)).toBe(9_960);
    const creditUnknown = await signedCall(
      t.app,
      'credit',
      { playerId: player.userId, transactionId: next('tx'), roundId: next('round'), gameCode: 'acme-slot', amount: 1 },
      acme,
    );
    expect(creditUnknown.body.data.status).toBe('ROUND_NOT_FOUND');
  });

  it('refuses a debit beyond the balance and stores nothing, so a smaller retry with a new id works', async () => {
    const player = await playing();
    const tooMuch = await signedCall(
      t.app,
      'debit',
      {
        playerId: player.userId,
        transactionId: next('tx'),
        roundId: next('round'),
        gameCode: 'acme-slot',
        amount: 10_000.01,
      },
      acme,
    );
    expect(tooMuch.body).toMatchObject({
      meta: { code: 422, status: 'INSUFFICIENT_FUNDS' },
      data: { balance: 10_000 },
    });
    const all = await signedCall(
      t.app,
      'debit',
      {
        playerId: player.userId,
        transactionId: next('tx'),
        roundId: next('round'),
        gameCode: 'acme-slot',
        amount: 10_000,
      },
      acme,
    );
    expect(all.body.data).toMatchObject({ status: 'OK', balance: 0 });
  });

  it('takes the stake from the selected bonus wallet and records it with the round', async () => {
    const player = await signUpPlayer(t);
    await call(t.app, 'PUT', '/api/v1/wallet', { token: player.token, body: { selectedWallet: '2' } });
    await launchGame(t.app, player.token, 'acme-slot');
    const refused = await signedCall(
      t.app,
      'debit',
      { playerId: player.userId, transactionId: next('tx'), roundId: next('round'), gameCode: 'acme-slot', amount: 1 },
      acme,
    );
    expect(refused.body.data).toMatchObject({ status: 'INSUFFICIENT_FUNDS', wallet: 'bonus', balance: 0 });
  });

  it('refuses a debit to a blocked player and for an unknown game or player', async () => {
    const player = await playing();
    await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
      token: operator,
      body: { allowSlots: false },
    });
    const blocked = await signedCall(
      t.app,
      'debit',
      { playerId: player.userId, transactionId: next('tx'), roundId: next('round'), gameCode: 'acme-slot', amount: 1 },
      acme,
    );
    expect(blocked.body.data.status).toBe('PLAYER_BLOCKED');
    const noGame = await signedCall(
      t.app,
      'debit',
      {
        playerId: player.userId,
        transactionId: next('tx'),
        roundId: next('round'),
        gameCode: 'no-such-game',
        amount: 1,
      },
      acme,
    );
    expect(noGame.body.data.status).toBe('GAME_NOT_FOUND');
    const noPlayer = await signedCall(
      t.app,
      'debit',
      {
        playerId: '00000000-0000-4000-8000-000000000000',
        transactionId: next('tx'),
        roundId: next('round'),
        gameCode: 'acme-slot',
        amount: 1,
      },
      acme,
    );
    // No session of Acme's for an unknown player: the same answer as for any player Acme may not touch.
    expect(noPlayer.body.data.status).toBe('TOKEN_INVALID');
  });

  it('answers concurrent duplicates of one debit once', async () => {
    const player = await playing();
    const debit = {
      playerId: player.userId,
      transactionId: next('tx'),
      roundId: next('round'),
      gameCode: 'acme-slot',
      amount: 7,
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => signedCall(t.app, 'debit', debit, acme)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await balanceOf(player.token)).toBe(9_993);
  });

  it('keeps the books sound and the provider reconciled', async () => {
    expect(await ledgerViolations(t.db)).toEqual([]);
    const reconciliation = await call(t.app, 'GET', '/api/v1/backoffice/casino/reconciliation/acme', {
      token: operator,
    });
    const data = reconciliation.body.data as {
      problems: { kind: string }[];
      debits: number;
      credits: number;
      rollbacks: number;
      journalNet: number;
    };
    expect(data.debits - data.credits - data.rollbacks).toBeCloseTo(data.journalNet, 2);
    expect(
      data.problems
        .map((problem) => problem.kind)
        .filter((kind) => kind !== 'ROLLBACK_OF_UNKNOWN_DEBIT' && kind !== 'ROUND_OPEN'),
    ).toEqual([]);
    expect(data.problems.some((problem) => problem.kind === 'ROLLBACK_OF_UNKNOWN_DEBIT')).toBe(true);
    const rounds = await call(t.app, 'GET', '/api/v1/backoffice/casino/rounds?provider=acme', { token: operator });
    expect((rounds.body.data as unknown[]).length).toBeGreaterThan(5);
    const transactions = await call(t.app, 'GET', '/api/v1/backoffice/casino/transactions?provider=acme', {
      token: operator,
    });
    expect((transactions.body.data as { kind: string }[]).some((row) => row.kind === 'rollback_tombstone')).toBe(true);
    const providers = await call(t.app, 'GET', '/api/v1/backoffice/casino/providers', { token: operator });
    expect(JSON.stringify(providers.body.data)).not.toContain(acme.secret);
  });
});

describe('rate limit', () => {
  it('does not throttle signed provider callbacks by address, as it does browsers', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const house = (await limited.services.casino.casinoWallet.provider('khel-house')) as { secret: string };
      const options = { provider: 'khel-house', secret: house.secret, clock: limited.clock };
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1)
        statuses.push(
          (await signedCall(limited.app, 'balance', { playerId: '00000000-0000-4000-8000-000000000000' }, options))
            .status,
        );
      expect(statuses).toEqual(Array(8).fill(200));
      const lobby: number[] = [];
      for (let i = 0; i < 8; i += 1) lobby.push((await call(limited.app, 'GET', '/api/v1/casino-games')).status);
      expect(lobby).toContain(429);
    } finally {
      await limited.close();
    }
  });
});

describe('provider secrets are a director matter', () => {
  it('refuses a support admin adding a provider or rotating a secret', async () => {
    const { createTestApp: make, createOperator: operatorOf, call: send } = await import('../../../test/test-app.js');
    const { ROLES: roles } = await import('@khel/contract');
    const app = await make();
    try {
      const support = await operatorOf(app, roles.SUPPORT_ADMIN);
      const added = await send(app.app, 'POST', '/api/v1/backoffice/casino/providers', {
        token: support.token,
        body: {},
      });
      expect(added.body.meta.error).toBe('FORBIDDEN');
      const rotated = await send(app.app, 'PUT', '/api/v1/backoffice/casino/providers/khel-house', {
        token: support.token,
        body: { rotateSecret: true },
      });
      expect(rotated.body.meta.error).toBe('FORBIDDEN');
    } finally {
      await app.close();
    }
  });
});
