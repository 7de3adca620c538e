import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { snapshotMarket } from '@khel/exchange';
import type { ExchangeMarket } from '@khel/exchange';
import { buildApp } from '../../app.js';
import type { Services } from '../../app.js';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { marketOf } from '../agents/agents-test-support.js';

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
  const answer = await call(app, 'POST', '/api/v1/place-bet', { token, body, ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }) });
  return { meta: answer.body.meta, data: answer.body.data as Bet };
};
const counts = () => t.services.books.counts();

/** A market whose lane in `t` is current: two bets placed through it. */
async function warmMarket() {
  const m = await marketOf(t, director.token, 'EXCHANGE');
  const warm = await signUpPlayer(t);
  for (const odds of [5, 6]) expect((await bet(t.app, warm.token, { marketId: m.id, selectionId: m.runners[1], selectionType: 'back', odds, stake: 100 })).meta.code).toBe(200);
  return m;
}

describe('the one-statement group commit', () => {
  it('commits a placed bet on a current lane as one statement', async () => {
    const m = await warmMarket();
    const player = await signUpPlayer(t);
    const before = counts();
    expect((await bet(t.app, player.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 3, stake: 100 })).meta.code).toBe(200);
    const after = counts();
    expect(after.oneStatement - before.oneStatement).toBe(1);
    expect(after.transactions - before.transactions).toBe(1);
    expect(after.redone).toBe(before.redone);
  });

  it('matches an offer another process rested since, instead of resting beside it', async () => {
    const m = await warmMarket();
    const [backer, layer] = [await signUpPlayer(t), await signUpPlayer(t)];
    expect((await bet(other.app, backer.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 2, stake: 100 })).data.status).toBe('unmatched');
    const before = counts();
    const lay = await bet(t.app, layer.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'lay', odds: 2, stake: 100 });
    expect(lay.data.status).toBe('matched');
    // The command log's next sequence was the other process's: the statement wrote nothing and the batch was redone.
    expect(counts().redone - before.redone).toBe(1);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('refuses the next bet on a market another process suspended', async () => {
    const m = await warmMarket();
    const player = await signUpPlayer(t);
    await call(other.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, { token: director.token, body: { status: 'suspended' } });
    const before = counts();
    expect((await bet(t.app, player.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 3, stake: 100 })).meta.error).toBe('MARKET_SUSPENDED');
    expect(counts().redone - before.redone).toBe(1);
    await call(other.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, { token: director.token, body: { status: 'open' } });
    expect((await bet(t.app, player.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 3, stake: 100 })).meta.code).toBe(200);
  });

  it('names the next bet after its event as the database now names it', async () => {
    const m = await warmMarket();
    const player = await signUpPlayer(t);
    await t.db.query('update events set name = $2 where id = $1', [m.eventId, 'Lions v Leopards']);
    expect((await bet(t.app, player.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 3, stake: 100 })).data.event).toBe('Lions v Leopards');
  });

  it('saves a snapshot in the same statement, and the book rebuilt from it equals the one held', async () => {
    const small = await createTestApp({ MARKET_WRITER_SNAPSHOT_EVERY: '3' });
    try {
      const operator = await createOperator(small, ROLES.DIRECTOR);
      const m = await marketOf(small, operator.token, 'EXCHANGE');
      const [backer, layer] = [await signUpPlayer(small), await signUpPlayer(small)];
      // Backs and lays that match each other, so the book stays shallow and a snapshot is due every 3 commands.
      const place = (index: number) => bet(small.app, (index % 2 === 0 ? backer : layer).token, { marketId: m.id, selectionId: m.runners[0], selectionType: index % 2 === 0 ? 'back' : 'lay', odds: 3, stake: 100 });
      // The first bets read the lane's state in a transaction; from then on every one is a statement of its own.
      for (const index of [0, 1]) expect((await place(index)).meta.code).toBe(200);
      const before = small.services.books.counts();
      for (let index = 2; index < 12; index += 1) expect((await place(index)).meta.code).toBe(200);
      const after = small.services.books.counts();
      expect(after.oneStatement - before.oneStatement).toBe(10);
      expect(after.redone).toBe(before.redone);
      const stored = (await small.db.query<{ book_seq: number }>('select book_seq from markets where id = $1', [m.id])).rows[0];
      expect(stored?.book_seq).toBeGreaterThanOrEqual(9);
      expect(stored?.book_seq).toBeLessThanOrEqual(12);
      const held = snapshotMarket((await small.services.books.peek({ id: m.id, type: 'EXCHANGE' } as never)) as ExchangeMarket);
      small.services.books.forget(m.id);
      expect(snapshotMarket((await small.services.books.peek({ id: m.id, type: 'EXCHANGE' } as never)) as ExchangeMarket)).toEqual(held);
    } finally {
      await small.close();
    }
  });

  it('answers a retry sent to another process with the first answer, and places one bet', async () => {
    const m = await warmMarket();
    const player = await signUpPlayer(t);
    const body = { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 3, stake: 100 };
    const first = await bet(t.app, player.token, body, 'retry-across-processes');
    // The other process's lane catches up with two bets of its own, so the retry it gets tries one statement first.
    const warm = await signUpPlayer(t);
    for (const odds of [7, 8]) expect((await bet(other.app, warm.token, { marketId: m.id, selectionId: m.runners[1], selectionType: 'back', odds, stake: 100 })).meta.code).toBe(200);
    const before = other.services.books.counts();
    const retried = await bet(other.app, player.token, body, 'retry-across-processes');
    expect(retried.data._id).toBe(first.data._id);
    // Its statement met the stored key and wrote nothing; the transaction path found the key and replayed it.
    expect(other.services.books.counts().redone - before.redone).toBe(1);
    const placed = await t.db.query('select id from bets where user_id = $1', [player.userId]);
    expect(placed.rows).toHaveLength(1);
  });
});
