import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, ERROR_CODES, ROLES } from '@khel/contract';
import type { ErrorCode } from '@khel/contract';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import type { TestApp } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { LAUNCH_TOKEN_TTL_MS } from './casino-service.js';
import { addProvider, launchGame, signedCall } from './casino-test-support.js';
import type { SignedCallOptions } from './casino-test-support.js';

/**
 * Issue 9, the casino wallet: a provider reaches a player only through a live launch session of its
 * own, in that session's wallet and currency; a round pays once; a provider's net payout is bounded by a
 * limit the ledger itself enforces; malformed calls answer INVALID_REQUEST and change nothing.
 */
let t: TestApp;
let director: string;
let acme: SignedCallOptions;
let tiny: SignedCallOptions;
let counter = 0;
const next = (prefix: string) => `${prefix}-${(counter += 1)}`;

async function balanceOf(token: string): Promise<number> {
  return ((await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number }).balance;
}

/** The main wallet straight from the ledger (for a player whose app session has expired). */
async function mainBalance(userId: string): Promise<number> {
  const result = await t.db.query<{ balance_paise: number }>(
    `select balance_paise from ledger_accounts where user_id = $1 and kind = 'player_main'`,
    [userId],
  );
  return Number(result.rows[0]?.balance_paise) / 100;
}

beforeAll(async () => {
  t = await createTestApp();
  director = (await createOperator(t)).token;
  acme = await addProvider(t, director, 'acme');
  tiny = await addProvider(t, director, 'tiny', 100);
});
afterAll(async () => t.close());

describe('a provider reaches a player only through its own live session', () => {
  it('refuses a debit or a balance read without a session, with another provider’s session, and after the session expired', async () => {
    const player = await signUpPlayer(t);
    const debit = () => ({
      playerId: player.userId,
      transactionId: next('tx'),
      roundId: next('round'),
      gameCode: 'acme-slot',
      amount: 5,
    });

    const none = await signedCall(t.app, 'debit', debit(), acme);
    expect(none.body).toMatchObject({
      meta: { code: 403, status: 'TOKEN_INVALID' },
      data: { status: 'TOKEN_INVALID', balance: null, playerName: null },
    });
    const noRead = await signedCall(t.app, 'balance', { playerId: player.userId }, acme);
    expect(noRead.body.data).toMatchObject({ status: 'TOKEN_INVALID', balance: null, playerName: null });

    // A live session with another provider (the house) does not count for Acme.
    await launchGame(t.app, player.token, 'royal-bengal');
    expect((await signedCall(t.app, 'debit', debit(), acme)).body.data.status).toBe('TOKEN_INVALID');
    expect((await signedCall(t.app, 'balance', { playerId: player.userId }, acme)).body.data.status).toBe(
      'TOKEN_INVALID',
    );
    // Nor does a refusal on a round tell Acme the balance.
    const credit = await signedCall(
      t.app,
      'credit',
      { playerId: player.userId, transactionId: next('tx'), roundId: next('round'), gameCode: 'acme-slot', amount: 5 },
      acme,
    );
    expect(credit.body.data).toMatchObject({ status: 'ROUND_NOT_FOUND', balance: null });
    expect(await balanceOf(player.token)).toBe(10_000);

    await launchGame(t.app, player.token, 'acme-slot');
    const read = await signedCall(t.app, 'balance', { playerId: player.userId }, acme);
    expect(read.body.data).toMatchObject({ status: 'OK', balance: 10_000, wallet: 'main' });
    const open = debit();
    expect((await signedCall(t.app, 'debit', open, acme)).body.data).toMatchObject({ status: 'OK', balance: 9_995 });

    // Twelve hours later the session is over: no more debits or reads, but the open round may still be paid,
    // and a retry of the debit already taken still replays its answer.
    t.clock.advanceMs(LAUNCH_TOKEN_TTL_MS + 1);
    expect((await signedCall(t.app, 'debit', debit(), acme)).body.data.status).toBe('TOKEN_INVALID');
    expect((await signedCall(t.app, 'balance', { playerId: player.userId }, acme)).body.data.status).toBe(
      'TOKEN_INVALID',
    );
    expect((await signedCall(t.app, 'debit', open, acme)).body.data).toMatchObject({ status: 'OK', balance: 9_995 });
    const paid = await signedCall(
      t.app,
      'credit',
      { playerId: player.userId, transactionId: next('tx'), roundId: open.roundId, gameCode: 'acme-slot', amount: 12 },
      acme,
    );
    expect(paid.body.data).toMatchObject({ status: 'OK', balance: null });
    expect(await mainBalance(player.userId)).toBe(10_007);
    director = (await createOperator(t)).token; // the earlier one's session idled out over those twelve hours
  });

  it('debits the wallet the session was launched with, and refuses another currency', async () => {
    const player = await signUpPlayer(t);
    await launchGame(t.app, player.token, 'acme-slot');
    // Switching to the (empty) bonus wallet afterwards does not move this session's stakes.
    await call(t.app, 'PUT', '/api/v1/wallet', { token: player.token, body: { selectedWallet: '2' } });
    const debit = await signedCall(
      t.app,
      'debit',
      {
        playerId: player.userId,
        transactionId: next('tx'),
        roundId: next('round'),
        gameCode: 'acme-slot',
        amount: 3,
        currency: 'INR',
      },
      acme,
    );
    expect(debit.body.data).toMatchObject({ status: 'OK', wallet: 'main', balance: 9_997 });
    const usd = await signedCall(
      t.app,
      'debit',
      {
        playerId: player.userId,
        transactionId: next('tx'),
        roundId: next('round'),
        gameCode: 'acme-slot',
        amount: 3,
        currency: 'USD',
      },
      acme,
    );
    expect(usd.body.meta).toMatchObject({ code: 400, status: 'INVALID_REQUEST' });
    expect(
      (await signedCall(t.app, 'balance', { playerId: player.userId, currency: 'EUR' }, acme)).body.data.status,
    ).toBe('INVALID_REQUEST');
    // A launch now is bound to the bonus wallet.
    t.clock.advanceMs(1_000);
    await launchGame(t.app, player.token, 'acme-slot');
    const bonus = await signedCall(
      t.app,
      'debit',
      { playerId: player.userId, transactionId: next('tx'), roundId: next('round'), gameCode: 'acme-slot', amount: 3 },
      acme,
    );
    expect(bonus.body.data).toMatchObject({ status: 'INSUFFICIENT_FUNDS', wallet: 'bonus', balance: 0 });
  });
});

describe('a round pays once', () => {
  it('refuses a second credit on a credited round, whatever its id, and moves nothing', async () => {
    const player = await signUpPlayer(t);
    await launchGame(t.app, player.token, 'acme-slot');
    const round = next('round');
    await signedCall(
      t.app,
      'debit',
      { playerId: player.userId, transactionId: next('tx'), roundId: round, gameCode: 'acme-slot', amount: 10 },
      acme,
    );
    const win = {
      playerId: player.userId,
      transactionId: next('tx'),
      roundId: round,
      gameCode: 'acme-slot',
      amount: 30,
    };
    expect((await signedCall(t.app, 'credit', win, acme)).body.data).toMatchObject({ status: 'OK', balance: 10_020 });
    // The same credit again is a retry (its answer replayed); another id is a second payout, refused.
    expect((await signedCall(t.app, 'credit', win, acme)).body.data).toMatchObject({ status: 'OK', balance: 10_020 });
    const again = await signedCall(t.app, 'credit', { ...win, transactionId: next('tx') }, acme);
    expect(again.body.meta).toMatchObject({ code: 409, status: 'ROUND_ALREADY_CREDITED' });
    const zero = await signedCall(t.app, 'credit', { ...win, transactionId: next('tx'), amount: 0 }, acme);
    expect(zero.body.data.status).toBe('ROUND_ALREADY_CREDITED');
    expect(await balanceOf(player.token)).toBe(10_020);
  });
});

describe('a provider cannot pay out without bound', () => {
  it('refuses a payout beyond its net payout limit, in the wallet and in the ledger itself', async () => {
    const player = await signUpPlayer(t);
    await launchGame(t.app, player.token, 'tiny-slot');
    const round = next('round');
    await signedCall(
      t.app,
      'debit',
      { playerId: player.userId, transactionId: next('tx'), roundId: round, gameCode: 'tiny-slot', amount: 10 },
      tiny,
    );
    // ₹10 in, ₹150 out would be ₹140 paid out above its stakes: more than its ₹100 limit.
    const over = await signedCall(
      t.app,
      'credit',
      { playerId: player.userId, transactionId: next('tx'), roundId: round, gameCode: 'tiny-slot', amount: 150 },
      tiny,
    );
    expect(over.body).toMatchObject({
      meta: { code: 422, status: 'LIMIT_REACHED' },
      data: { status: 'LIMIT_REACHED', balance: 9_990 },
    });
    expect(await balanceOf(player.token)).toBe(9_990);
    // Exactly at the limit is allowed.
    const atLimit = await signedCall(
      t.app,
      'credit',
      { playerId: player.userId, transactionId: next('tx'), roundId: round, gameCode: 'tiny-slot', amount: 110 },
      tiny,
    );
    expect(atLimit.body.data).toMatchObject({ status: 'OK', balance: 10_100 });

    const listed = (await call(t.app, 'GET', '/api/v1/backoffice/casino/providers', { token: director })).body.data as {
      code: string;
      netPayoutLimit: number;
      netPaidOut: number;
    }[];
    expect(listed.find((provider) => provider.code === 'tiny')).toMatchObject({ netPayoutLimit: 100, netPaidOut: 100 });
    expect(listed.find((provider) => provider.code === 'khel-house')).toMatchObject({ netPayoutLimit: 10_000_000 });

    // Not only the wallet code: the database refuses any posting that would take the account past its floor.
    const posting = async (ref: string, paise: number) =>
      t.db.transaction(async (tx) => {
        const accounts = await tx
          .query<{ id: number; kind: string }>(
            `insert into ledger_accounts (kind, ref, is_player) values ('casino_house', $1, false) on conflict (kind, ref) where user_id is null do nothing;`,
            [ref],
          )
          .then(() =>
            tx.query<{ id: number; kind: string }>(
              `select id, kind from ledger_accounts where user_id is null and ((kind = 'casino_house' and ref = $1) or (kind = 'house_cash' and ref = ''))`,
              [ref],
            ),
          );
        const from = accounts.rows.find((row) => row.kind === 'casino_house')?.id;
        const to = accounts.rows.find((row) => row.kind === 'house_cash')?.id;
        const created = await tx.query<{ id: number }>(
          `insert into journal_transactions (kind, description) values ('test_mint', 'minting') returning id`,
        );
        const id = created.rows[0]?.id;
        await tx.query(
          'insert into journal_entries (transaction_id, account_id, amount_paise) values ($1, $2, $3), ($1, $4, $5)',
          [id, from, -paise, to, paise],
        );
      });
    await expect(posting('tiny', 1)).rejects.toThrow(/ledger_account_limit_reached/);
    // An account made for a provider nobody configured starts with no room at all.
    await expect(posting('ghost', 1)).rejects.toThrow(/ledger_account_limit_reached/);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('lets a director raise the limit, refuses one below what was already paid out, and validates it', async () => {
    const lower = await call(t.app, 'PUT', '/api/v1/backoffice/casino/providers/tiny', {
      token: director,
      body: { netPayoutLimit: 50 },
    });
    expect(lower.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    expect(lower.body.meta.message).toContain('₹100');
    for (const bad of [0, -5, 1.005, 2_000_000_000, '100', null]) {
      const refused = await call(t.app, 'PUT', '/api/v1/backoffice/casino/providers/tiny', {
        token: director,
        body: { netPayoutLimit: bad },
      });
      expect(refused.body.meta.error, String(bad)).toBe('VALIDATION_FAILED');
    }
    const raised = await call(t.app, 'PUT', '/api/v1/backoffice/casino/providers/tiny', {
      token: director,
      body: { netPayoutLimit: 500 },
    });
    expect(raised.body.data).toMatchObject({ provider: { netPayoutLimit: 500, netPaidOut: 100 }, secret: null });
    const support = await createOperator(t, ROLES.SUPPORT_ADMIN);
    const notDirector = await call(t.app, 'PUT', '/api/v1/backoffice/casino/providers/tiny', {
      token: support.token,
      body: { netPayoutLimit: 100_000 },
    });
    expect(notDirector.body.meta.code).not.toBe(200);
    const audit = await t.db.query<{ details: { netPayoutLimit?: number; previousNetPayoutLimit?: number } }>(
      `select details from audit_log where action = 'casino.provider.update' and target_id = 'tiny' order by seq desc limit 1`,
    );
    expect(audit.rows[0]?.details).toMatchObject({ netPayoutLimit: 500, previousNetPayoutLimit: 100 });
  });
});

describe('malformed wallet calls', () => {
  it('answers INVALID_REQUEST (meta.code 400) to a signed body of the wrong shape, and changes nothing', async () => {
    const player = await signUpPlayer(t);
    await launchGame(t.app, player.token, 'acme-slot');
    const good = {
      playerId: player.userId,
      transactionId: next('tx'),
      roundId: next('round'),
      gameCode: 'acme-slot',
      amount: 5,
    };
    const bodies: Record<string, unknown>[] = [
      {},
      { ...good, amount: 'five' },
      { ...good, amount: -5 },
      { ...good, amount: 1e308 },
      { ...good, amount: 0.001 },
      { ...good, playerId: 'not-a-uuid' },
      { ...good, transactionId: 'nul\u0000byte' },
      { ...good, roundId: 'line\nbreak' },
      { ...good, gameCode: { $ne: null } },
      { ...good, transactionId: 'x'.repeat(101) },
      { ...good, currency: 'inr\u0007' },
    ];
    const calls: (readonly ['debit' | 'credit' | 'rollback' | 'balance' | 'authenticate', Record<string, unknown>])[] =
      [
        ...bodies.flatMap(
          (body) =>
            [
              ['debit', body],
              ['credit', body],
            ] as const,
        ),
        // A rollback carries no amount or currency: only the fields it has.
        ...[0, 5, 6, 7, 8, 9].map(
          (index) => ['rollback', { debitTransactionId: next('tx'), ...bodies[index] }] as const,
        ),
        ['rollback', { ...good, debitTransactionId: 'nul\u0000' }],
        ['balance', {}],
        ['balance', { playerId: 'not-a-uuid' }],
        ['balance', { playerId: `${player.userId}\u0000` }],
        ['balance', { playerId: 42 }],
        ['authenticate', {}],
        ['authenticate', { token: 'short' }],
        ['authenticate', { token: 'abcdefghij\u0000klmno' }],
        ['authenticate', { token: ['abcdefghijklmno'] }],
      ];
    {
      for (const [path, body] of calls) {
        const answer = await signedCall(t.app, path, body, acme);
        expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(200);
        expect(answer.body, `${path} ${JSON.stringify(body)}`).toMatchObject({
          meta: { code: 400, status: 'INVALID_REQUEST' },
          data: { status: 'INVALID_REQUEST' },
        });
      }
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/casino-wallet/debit',
      payload: '{"playerId":',
      headers: { 'content-type': 'application/json', 'x-provider': 'acme', 'x-signature': '00'.repeat(32) },
    });
    expect(notJson.statusCode).toBe(200);
    expect(notJson.json()).toMatchObject({ meta: { code: 400, status: 'INVALID_REQUEST' } });
    const unsigned = await signedCall(t.app, 'debit', good, { ...acme, signature: null });
    expect(unsigned.status).toBe(401);
    expect(await balanceOf(player.token)).toBe(10_000);
  });
});

describe('every refusal on the casino wallet carries meta.error', () => {
  it('names each refusal with a catalogue code, a body that is not JSON and an unsigned call included', async () => {
    const player = await signUpPlayer(t);
    const debit = (extra: Record<string, unknown> = {}) => ({
      playerId: player.userId,
      transactionId: next('tx'),
      roundId: next('round'),
      gameCode: 'acme-slot',
      amount: 5,
      ...extra,
    });
    const raw = async (payload: string, headers: Record<string, string>, url = '/api/v1/casino-wallet/debit') => {
      const answer = await t.app.inject({ method: 'POST', url, payload, headers });
      return { status: answer.statusCode, body: answer.json() as { meta: { code: number; error?: string } } };
    };
    const signedHeaders = { 'content-type': 'application/json', 'x-provider': 'acme', 'x-signature': '00'.repeat(32) };

    const answers: Record<string, { status: number; body: { meta: { code: number; error?: string } } }> = {
      'no session': await signedCall(t.app, 'debit', debit(), acme),
    };
    await launchGame(t.app, player.token, 'acme-slot');
    const taken = debit();
    expect((await signedCall(t.app, 'debit', taken, acme)).body.data.status).toBe('OK');
    Object.assign(answers, {
      'not JSON': await raw('{"playerId":', signedHeaders),
      'empty JSON body': await raw('', signedHeaders),
      'plain text': await raw('debit 5', { ...signedHeaders, 'content-type': 'text/plain' }),
      'not the call’s shape': await signedCall(t.app, 'debit', debit({ amount: 'five' }), acme),
      unsigned: await signedCall(t.app, 'debit', debit(), { ...acme, signature: null }),
      'bad signature': await signedCall(t.app, 'debit', debit(), { ...acme, signature: 'ab'.repeat(32) }),
      stale: await signedCall(t.app, 'debit', debit(), { ...acme, timestampOffsetMs: -10 * 60_000 }),
      'unknown game': await signedCall(t.app, 'debit', debit({ gameCode: 'no-such-game' }), acme),
      'insufficient funds': await signedCall(t.app, 'debit', debit({ amount: 1_000_000 }), acme),
      'same id, other body': await signedCall(t.app, 'debit', { ...taken, amount: 6 }, acme),
      'credit without a debit': await signedCall(t.app, 'credit', debit(), acme),
      'unknown call': await raw('{}', signedHeaders, '/api/v1/casino-wallet/withdraw'),
    });
    const codes = new Set<string>(ERROR_CODES);
    for (const [name, answer] of Object.entries(answers)) {
      const error = answer.body.meta.error as ErrorCode | undefined;
      expect([name, error !== undefined && codes.has(error)]).toEqual([name, true]);
      const metaCode = ERRORS[error as ErrorCode].metaCode;
      // A protocol refusal answers HTTP 200 with the code's meta.code; a transport refusal answers the status itself.
      expect([name, answer.body.meta.code, answer.status === 200 ? metaCode : answer.status]).toEqual([
        name,
        metaCode,
        metaCode,
      ]);
    }
    expect(answers['not JSON']?.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    expect(answers['no session']?.body.meta).toMatchObject({ code: 403, error: 'CASINO_TOKEN_INVALID' });
    expect(answers['insufficient funds']?.body.meta).toMatchObject({ code: 422, error: 'WALLET_INSUFFICIENT_FUNDS' });
    expect(answers.unsigned?.status).toBe(401);
    expect(answers['plain text']?.status).toBe(415);
  });
});
