import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { snapshotMarket } from '@khel/exchange';
import type { ExchangeMarket } from '@khel/exchange';
import { buildApp } from '../../../app.js';
import type { Services } from '../../../app.js';
import type { Database } from '../../../db/database.js';
import type { TestApp } from '../../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../../test/test-app.js';
import { ledgerViolations } from '../../../../test/ledger-invariants.js';
import { marketOf } from '../../agents/agents-test-support.js';
import type { Caller } from '../../identity/identity-service.js';
import { emptyChanges } from '../betting/index.js';

/**
 * Decision 0039: a group commit of placed bets on a lane that is current is ONE statement, with no
 * transaction and no read of the market's state before it. Whatever another writer did to the market
 * meanwhile (here a second process on the same database, no lease between them) must be seen by the
 * very next bet: its statement writes nothing, and the batch runs again in a transaction on what the
 * database holds.
 */
let t: TestApp;
let other: { app: Awaited<ReturnType<typeof buildApp>>['app']; services: Services };
let director: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ config: t.config, db: t.db, clock: t.clock });
  await other.app.ready();
  director = await createOperator(t, ROLES.DIRECTOR);
});
afterAll(async () => {
  await other.app.close();
  await t.close();
});

type Bet = { _id: string; status: string; event: string };
const bet = async (app: TestApp['app'], token: string, body: Record<string, unknown>, key?: string) => {
  const answer = await call(app, 'POST', '/api/v1/place-bet', {
    token,
    body,
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });
  return { meta: answer.body.meta, data: answer.body.data as Bet };
};
const counts = () => t.services.books.counts();

/** A market whose lane in `t` is current: two bets placed through it. */
async function warmMarket() {
  const m = await marketOf(t, director.token, 'EXCHANGE');
  const warm = await signUpPlayer(t);
  for (const odds of [5, 6])
    expect(
      (
        await bet(t.app, warm.token, {
          marketId: m.id,
          selectionId: m.runners[1],
          selectionType: 'back',
          odds,
          stake: 100,
        })
      ).meta.code,
    ).toBe(200);
  return m;
}

describe('the one-statement group commit', () => {
  it('commits a placed bet on a current lane as one statement', async () => {
    const m = await warmMarket();
    const player = await signUpPlayer(t);
    const before = counts();
    expect(
      (
        await bet(t.app, player.token, {
          marketId: m.id,
          selectionId: m.runners[0],
          selectionType: 'back',
          odds: 3,
          stake: 100,
        })
      ).meta.code,
    ).toBe(200);
    const after = counts();
    expect(after.oneStatement - before.oneStatement).toBe(1);
    expect(after.transactions - before.transactions).toBe(1);
    expect(after.redone).toBe(before.redone);
  });

  it("takes a gathering's placed bets as one statement and another lane's command in a transaction beside it", async () => {
    const [quick, slow] = [await warmMarket(), await warmMarket()];
    const player = await signUpPlayer(t);
    const auth = await t.services.identity.authenticate(player.token);
    if (auth.kind !== 'ok') throw new Error('no caller');
    const before = counts();
    // Submitted in one turn of the event loop: one gathering. A command that names no player takes a transaction.
    const [betId, read] = await Promise.all([
      t.services.sports.placeBet(
        auth.caller,
        { marketId: quick.id, selectionId: quick.runners[0], selectionType: 'back', odds: 3, stake: 100 },
        emptyChanges(),
      ),
      t.services.books.withMarket(slow.id, async (context) => (await context.tx.query('select 1 as one')).rows[0]),
    ]);
    expect(read).toEqual({ one: 1 });
    const after = counts();
    // Decision 0058: before it, the whole gathering went to one transaction.
    expect(after.splitByPath - before.splitByPath).toBe(1);
    expect(after.oneStatement - before.oneStatement).toBe(1);
    expect(after.transactions - before.transactions).toBe(2);
    expect(after.redone).toBe(before.redone);
    expect(after.splits).toBe(before.splits);
    const stored = await t.db.query<{ status: string }>('select status from bets where id = $1', [betId]);
    expect(stored.rows[0]?.status).toBe('unmatched');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('matches an offer another process rested since, instead of resting beside it', async () => {
    const m = await warmMarket();
    const [backer, layer] = [await signUpPlayer(t), await signUpPlayer(t)];
    expect(
      (
        await bet(other.app, backer.token, {
          marketId: m.id,
          selectionId: m.runners[0],
          selectionType: 'back',
          odds: 2,
          stake: 100,
        })
      ).data.status,
    ).toBe('unmatched');
    const before = counts();
    const lay = await bet(t.app, layer.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'lay',
      odds: 2,
      stake: 100,
    });
    expect(lay.data.status).toBe('matched');
    // The command log's next sequence was the other process's: the statement wrote nothing and the batch was redone.
    expect(counts().redone - before.redone).toBe(1);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refuses the next bet on a market another process suspended', async () => {
    const m = await warmMarket();
    const player = await signUpPlayer(t);
    await call(other.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, {
      token: director.token,
      body: { status: 'suspended' },
    });
    const before = counts();
    expect(
      (
        await bet(t.app, player.token, {
          marketId: m.id,
          selectionId: m.runners[0],
          selectionType: 'back',
          odds: 3,
          stake: 100,
        })
      ).meta.error,
    ).toBe('MARKET_SUSPENDED');
    expect(counts().redone - before.redone).toBe(1);
    await call(other.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, {
      token: director.token,
      body: { status: 'open' },
    });
    expect(
      (
        await bet(t.app, player.token, {
          marketId: m.id,
          selectionId: m.runners[0],
          selectionType: 'back',
          odds: 3,
          stake: 100,
        })
      ).meta.code,
    ).toBe(200);
  });

  it('names the next bet after its event as the database now names it', async () => {
    const m = await warmMarket();
    const player = await signUpPlayer(t);
    await t.db.query('update events set name = $2 where id = $1', [m.eventId, 'Lions v Leopards']);
    expect(
      (
        await bet(t.app, player.token, {
          marketId: m.id,
          selectionId: m.runners[0],
          selectionType: 'back',
          odds: 3,
          stake: 100,
        })
      ).data.event,
    ).toBe('Lions v Leopards');
  });

  it('saves a snapshot in the same statement, and the book rebuilt from it equals the one held', async () => {
    const small = await createTestApp({ MARKET_WRITER_SNAPSHOT_EVERY: '3' });
    try {
      const operator = await createOperator(small, ROLES.DIRECTOR);
      const m = await marketOf(small, operator.token, 'EXCHANGE');
      const [backer, layer] = [await signUpPlayer(small), await signUpPlayer(small)];
      // Backs and lays that match each other, so the book stays shallow and a snapshot is due every 3 commands.
      const place = (index: number) =>
        bet(small.app, (index % 2 === 0 ? backer : layer).token, {
          marketId: m.id,
          selectionId: m.runners[0],
          selectionType: index % 2 === 0 ? 'back' : 'lay',
          odds: 3,
          stake: 100,
        });
      // The first bets read the lane's state in a transaction; from then on every one is a statement of its own.
      for (const index of [0, 1]) expect((await place(index)).meta.code).toBe(200);
      const before = small.services.books.counts();
      for (let index = 2; index < 12; index += 1) expect((await place(index)).meta.code).toBe(200);
      const after = small.services.books.counts();
      expect(after.oneStatement - before.oneStatement).toBe(10);
      expect(after.redone).toBe(before.redone);
      const stored = (await small.db.query<{ book_seq: number }>('select book_seq from markets where id = $1', [m.id]))
        .rows[0];
      expect(stored?.book_seq).toBeGreaterThanOrEqual(9);
      expect(stored?.book_seq).toBeLessThanOrEqual(12);
      const held = snapshotMarket(
        (await small.services.books.peek({ id: m.id, type: 'EXCHANGE' } as never)) as ExchangeMarket,
      );
      small.services.books.forget(m.id);
      expect(
        snapshotMarket((await small.services.books.peek({ id: m.id, type: 'EXCHANGE' } as never)) as ExchangeMarket),
      ).toEqual(held);
    } finally {
      await small.close();
    }
  });

  it("never lets a stale lane's snapshot drop the commands another process logged since (a resting offer matched twice)", async () => {
    // CI, writer-crash.e2e.ts: another process's transaction appended commands without touching the
    // market row; this lane's next statement saved a snapshot, whose trim dropped those commands before
    // its own appends, so no key clashed and the stale book (the offer still resting) was stored.
    const small = await createTestApp({ MARKET_WRITER_SNAPSHOT_EVERY: '3' });
    const beside = await buildApp({ config: small.config, db: small.db, clock: small.clock });
    await beside.app.ready();
    try {
      const operator = await createOperator(small, ROLES.DIRECTOR);
      const m = await marketOf(small, operator.token, 'EXCHANGE');
      const [backer, warm, taker, layer, x, y] = [
        await signUpPlayer(small),
        await signUpPlayer(small),
        await signUpPlayer(small),
        await signUpPlayer(small),
        await signUpPlayer(small),
        await signUpPlayer(small),
      ];
      const on = (app: TestApp['app'], token: string, runner: number, side: 'back' | 'lay', odds: number) =>
        bet(app, token, { marketId: m.id, selectionId: m.runners[runner], selectionType: side, odds, stake: 100 });
      // This lane rests the offer, then is current: its next bet is a statement of its own.
      const offer = await on(small.app, backer.token, 0, 'back', 2);
      expect(offer.data.status).toBe('unmatched');
      expect((await on(small.app, warm.token, 1, 'back', 5)).data.status).toBe('unmatched');
      let before = small.services.books.counts();
      expect((await on(small.app, warm.token, 1, 'back', 6)).data.status).toBe('unmatched');
      expect(small.services.books.counts().oneStatement - before.oneStatement).toBe(1);
      // The other process takes the offer in a transaction: commands logged, no snapshot, the market row untouched.
      const rowBefore = await small.db.query<{ mark: string }>('select xmin::text as mark from markets where id = $1', [
        m.id,
      ]);
      expect((await on(beside.app, taker.token, 0, 'lay', 2)).data.status).toBe('matched');
      const rowAfter = await small.db.query<{ mark: string }>('select xmin::text as mark from markets where id = $1', [
        m.id,
      ]);
      expect(rowAfter.rows[0]?.mark).toBe(rowBefore.rows[0]?.mark);
      // Here, one gathering whose commit is due a snapshot: a lay that the stale book would match with the
      // taken offer, and a back and a lay that match each other.
      const callers: Caller[] = [];
      for (const player of [layer, x, y]) {
        const auth = await small.services.identity.authenticate(player.token);
        if (auth.kind !== 'ok') throw new Error('no caller');
        callers.push(auth.caller);
      }
      before = small.services.books.counts();
      const [lateLay] = await Promise.all(
        (
          [
            [0, 'lay', 2],
            [1, 'back', 8],
            [1, 'lay', 8],
          ] as const
        ).map(([runner, side, odds], index) =>
          small.services.sports.placeBet(
            callers[index] as Caller,
            { marketId: m.id, selectionId: m.runners[runner] as string, selectionType: side, odds, stake: 100 },
            emptyChanges(),
          ),
        ),
      );
      // The lane was behind the log: its statement wrote nothing and a transaction decided on the stored book.
      expect(small.services.books.counts().redone - before.redone).toBe(1);
      const rows = (
        await small.db.query<{ id: string; matched: string; filled: string }>(
          `select b.id, b.matched_paise as matched, (select coalesce(sum(f.stake_paise), 0) from fills f where f.back_bet_id = b.id or f.lay_bet_id = b.id) as filled
           from bets b where b.market_id = $1`,
          [m.id],
        )
      ).rows;
      for (const row of rows) expect(Number(row.filled)).toBe(Number(row.matched));
      expect(Number(rows.find((row) => row.id === offer.data._id)?.filled)).toBe(10_000);
      expect(Number(rows.find((row) => row.id === lateLay)?.matched)).toBe(0);
      // The stored book is the held one, and holds the late lay resting, not the taken offer.
      const held = snapshotMarket(
        (await small.services.books.peek({ id: m.id, type: 'EXCHANGE' } as never)) as ExchangeMarket,
      );
      small.services.books.forget(m.id);
      const stored = snapshotMarket(
        (await small.services.books.peek({ id: m.id, type: 'EXCHANGE' } as never)) as ExchangeMarket,
      );
      expect(stored).toEqual(held);
      expect(stored.offers.map((o) => o.offerId)).toContain(lateLay);
      expect(stored.offers.map((o) => o.offerId)).not.toContain(offer.data._id);
      expect(await ledgerViolations(small.db)).toEqual([]);
    } finally {
      await beside.app.close();
      await small.close();
    }
  });

  it("sees a bet another process voided on the open market: the counterparty's bet and position are read again", async () => {
    // A void writes bets, fills and exposures outside the book; it now logs a command the engine refuses
    // (the writer's rows-changed mark), so this lane's next batch finds itself behind the log. Before,
    // this lane wrote the layer's bet from its held row (₹1,500 matched for ₹500 of fills, nothing
    // cancelled) and its position with the voided fill still in it.
    const m = await warmMarket();
    const [backer, layer, late] = [await signUpPlayer(t), await signUpPlayer(t), await signUpPlayer(t)];
    const on = (token: string, side: 'back' | 'lay', stake: number) =>
      bet(t.app, token, { marketId: m.id, selectionId: m.runners[0], selectionType: side, odds: 2, stake });
    const back = await on(backer.token, 'back', 1000);
    const lay = await on(layer.token, 'lay', 1500);
    expect(lay.data.status).toBe('unmatched');
    // The other process voids the backer's bet: the layer's ₹1,000 matched becomes cancelled, ₹500 rests.
    // Declared by one operator and confirmed by a second (decision 0055), both through the other process.
    const support = await createOperator(t, ROLES.SUPPORT_ADMIN);
    const declared = await call(other.app, 'POST', `/api/v1/backoffice/bets/${back.data._id}/void`, {
      token: director.token,
      body: { reason: 'Late bet' },
    });
    expect(declared.body.meta.code).toBe(200);
    const confirmed = await call(other.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/confirm`, {
      token: support.token,
    });
    expect(confirmed.body.meta.code).toBe(200);
    expect((await t.db.query('select status from bets where id = $1', [back.data._id])).rows[0]).toEqual({
      status: 'voided',
    });
    const before = counts();
    expect((await on(late.token, 'back', 500)).data.status).toBe('matched');
    expect(counts().redone - before.redone).toBe(1);
    const row = (
      await t.db.query<{ matched: string; cancelled: string; filled: string }>(
        `select b.matched_paise as matched, b.cancelled_paise as cancelled,
           (select coalesce(sum(f.stake_paise), 0) from fills f where f.lay_bet_id = b.id and f.voided_at is null) as filled
         from bets b where b.id = $1`,
        [lay.data._id],
      )
    ).rows[0];
    expect({ matched: Number(row?.matched), cancelled: Number(row?.cancelled), filled: Number(row?.filled) }).toEqual({
      matched: 50_000,
      cancelled: 100_000,
      filled: 50_000,
    });
    // The layer's position is the ₹500 lay at 2.0 alone: −₹500 if the runner wins.
    const exposure = await t.db.query<{ total: string }>(
      'select coalesce(sum(exposure_paise), 0) as total from market_exposures where user_id = (select user_id from bets where id = $1)',
      [lay.data._id],
    );
    expect(Number(exposure.rows[0]?.total)).toBe(-50_000);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('decides again in a transaction an overdraw it could not prove on the market as it is now', async () => {
    const m = await warmMarket();
    const [player, layer] = [await signUpPlayer(t), await signUpPlayer(t)];
    const on = (app: TestApp['app'], token: string, side: 'back' | 'lay', stake: number) =>
      bet(app, token, { marketId: m.id, selectionId: m.runners[0], selectionType: side, odds: 5, stake });
    // This lane holds the player from a ₹100 offer on the other runner.
    expect(
      (
        await bet(t.app, player.token, {
          marketId: m.id,
          selectionId: m.runners[1],
          selectionType: 'back',
          odds: 10,
          stake: 100,
        })
      ).data.status,
    ).toBe('unmatched');
    // Through the other process the player backs ₹2,000 at 5.0 and is matched: +₹8,000 if the runner wins, −₹2,000 if not.
    expect((await on(other.app, layer.token, 'lay', 2000)).data.status).toBe('unmatched');
    expect((await on(other.app, player.token, 'back', 2000)).data.status).toBe('matched');
    // Here, a ₹2,500 lay at 5.0 hedges that position (exposure −₹2,100). This lane does not know the
    // position: on what it holds the lay risks ₹10,000 more, more than the ₹8,000 left. Its statement
    // finds the lane behind the market's log (the other process's commands) and writes nothing, and the
    // overdraw it would have seen is not taken as a refusal: a transaction decides on the stored book.
    const before = counts();
    const lay = await on(t.app, player.token, 'lay', 2500);
    expect(lay.meta.code).toBe(200);
    expect(counts().redone - before.redone).toBe(1);
    expect(counts().refusedInStatement).toBe(before.refusedInStatement);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('never runs a batch again whose answer was lost with the connection: the bet is answered 503 and placed once', async () => {
    // The same database behind a process whose connection drops after the commit statement ran.
    let lose = false;
    const lossy: Database = {
      kind: t.db.kind,
      async query<Row>(sql: string, params?: unknown[], name?: string) {
        const result = await t.db.query<Row>(sql, params, name);
        if (lose && name?.startsWith('lane_commit') === true) {
          lose = false;
          throw new Error('Connection terminated unexpectedly');
        }
        return result;
      },
      exec: (sql) => t.db.exec(sql),
      transaction: (fn) => t.db.transaction(fn),
      close: async () => undefined,
    };
    const flaky = await buildApp({ config: t.config, db: lossy, clock: t.clock });
    await flaky.app.ready();
    try {
      const m = await marketOf(t, director.token, 'EXCHANGE');
      const warm = await signUpPlayer(t);
      for (const odds of [5, 6])
        expect(
          (
            await bet(flaky.app, warm.token, {
              marketId: m.id,
              selectionId: m.runners[1],
              selectionType: 'back',
              odds,
              stake: 100,
            })
          ).meta.code,
        ).toBe(200);
      const player = await signUpPlayer(t);
      lose = true;
      const answer = await call(flaky.app, 'POST', '/api/v1/place-bet', {
        token: player.token,
        body: { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 3, stake: 100 },
      });
      expect(answer.status).toBe(503);
      expect((await t.db.query('select id from bets where user_id = $1', [player.userId])).rows).toHaveLength(1);
      // The lane let go of what it held: the next bet reads the market afresh and goes in.
      expect(
        (
          await bet(flaky.app, player.token, {
            marketId: m.id,
            selectionId: m.runners[0],
            selectionType: 'back',
            odds: 3.5,
            stake: 100,
          })
        ).meta.code,
      ).toBe(200);
      expect(await ledgerViolations(t.db)).toEqual([]);
    } finally {
      await flaky.app.close();
    }
  });

  it('answers a retry sent to another process with the first answer, and places one bet', async () => {
    const m = await warmMarket();
    const player = await signUpPlayer(t);
    const body = { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 3, stake: 100 };
    const first = await bet(t.app, player.token, body, 'retry-across-processes');
    // The other process's lane catches up with two bets of its own, so the retry it gets tries one statement first.
    const warm = await signUpPlayer(t);
    for (const odds of [7, 8])
      expect(
        (
          await bet(other.app, warm.token, {
            marketId: m.id,
            selectionId: m.runners[1],
            selectionType: 'back',
            odds,
            stake: 100,
          })
        ).meta.code,
      ).toBe(200);
    const before = other.services.books.counts();
    const retried = await bet(other.app, player.token, body, 'retry-across-processes');
    expect(retried.data._id).toBe(first.data._id);
    // Its statement met the stored key and wrote nothing; the transaction path found the key and replayed it.
    expect(other.services.books.counts().redone - before.redone).toBe(1);
    const placed = await t.db.query('select id from bets where user_id = $1', [player.userId]);
    expect(placed.rows).toHaveLength(1);
  });

  it("commits a player's cancel on a current lane as one statement, and the lane keeps its players (decision 0075)", async () => {
    const m = await warmMarket();
    const player = await signUpPlayer(t);
    const exposure = async () =>
      Number(
        (
          await t.db.query<{ sum: string }>(
            'select coalesce(sum(exposure_paise), 0)::text as sum from ledger_accounts where user_id = $1',
            [player.userId],
          )
        ).rows[0]?.sum,
      );
    const rested = await bet(t.app, player.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 3,
      stake: 100,
    });
    expect(rested.data.status).toBe('unmatched');
    expect(await exposure()).toBe(-10_000);
    const before = counts();
    const cancelled = await call(t.app, 'POST', '/api/v1/cancel-bet', {
      token: player.token,
      body: { betId: rested.data._id },
    });
    expect(cancelled.body.meta.code).toBe(200);
    expect((cancelled.body.data as Bet).status).toBe('cancelled');
    const after = counts();
    expect(after.oneStatement - before.oneStatement).toBe(1);
    expect(after.transactions - before.transactions).toBe(1);
    expect(after.redone).toBe(before.redone);
    expect(after.bookReads).toBe(before.bookReads);
    expect(await exposure()).toBe(0);
    const row = await t.db.query<{ status: string; cancelled_paise: string }>(
      'select status, cancelled_paise::text from bets where id = $1',
      [rested.data._id],
    );
    expect(row.rows[0]).toEqual({ status: 'cancelled', cancelled_paise: '10000' });
    // The same cancel again is refused in the catalogue's words, and writes nothing.
    const again = await call(t.app, 'POST', '/api/v1/cancel-bet', {
      token: player.token,
      body: { betId: rested.data._id },
    });
    expect(again.body.meta.message).toBe('This bet has nothing left to cancel');
    expect(counts().redone).toBe(after.redone);
    // The next bet on the lane goes on as one statement from what the lane holds.
    const beforeNext = counts();
    const next = await bet(t.app, player.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 3,
      stake: 100,
    });
    expect(next.data.status).toBe('unmatched');
    expect(counts().oneStatement - beforeNext.oneStatement).toBe(1);
    expect(counts().bookReads).toBe(before.bookReads);
    expect(await exposure()).toBe(-10_000);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
