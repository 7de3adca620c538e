import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { applyCommand, listRestingOffers, restoreMarket } from '@khel/exchange';
import type { ExchangeCommand, MarketSnapshot } from '@khel/exchange';
import type { RunningProduct } from '../support/harness.js';
import { REDIS_URL, scratchDatabase } from '../support/scratch-database.js';
import { DEMO, api, freshMobile, loginToken, readOtp, startProduct } from '../support/harness.js';

/**
 * One writer per market across processes (issue 10 stage 2, decision 0034): two processes on one
 * PostgreSQL database with Redis. The first takes the market's lease; a burst of bets on that market
 * goes to BOTH processes, so the second's are forwarded to the first over Redis. The first is
 * SIGKILLed mid-burst: the second's bets waiting on it are answered once its lease expired and the
 * second took the market over; the first's cut-off bets are retried on the second with their own
 * Idempotency-Key. Every acknowledged bet is in the database exactly once, and the book rebuilt from
 * the snapshot and the command log is exactly the bets' unmatched remainder.
 */
const PLAYERS = 8;
const BETS = 400;
// ₹100 a bet: 50 bets a player stay within the ₹10,000 welcome chips even unmatched (see writer-crash.e2e.ts).

describe('a market whose lease owner is killed continues on the other process', () => {
  const database = scratchDatabase('khel_lease');
  const tag = randomBytes(5).toString('hex');
  const url = database.url;
  let first: RunningProduct | null = null;
  let second: RunningProduct | null = null;

  beforeAll(async () => {
    await database.create();
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await database.drop();
  });

  it('answers every bet once, forwarded or taken over, and keeps the book equal to the bets', async () => {
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL,
      LIVE_CHANNEL: `khel:e2e-live:${tag}`,
      MARKET_FORWARD_CHANNEL: `khel:e2e-market:${tag}`,
      RATE_LIMIT_PER_MINUTE: '1000000',
      MARKET_WRITER_SNAPSHOT_EVERY: '25',
      MARKET_LEASE_MS: '3000',
      MARKET_LEASE_RENEW_MS: '1000',
      MARKET_FORWARD_TIMEOUT_MS: '2000',
    };
    first = await startProduct({ env });
    second = await startProduct({ env: { ...env, DEMO_DATA: 'false' } });
    const a = first.baseUrl;
    const b = second.baseUrl;
    const director = await loginToken(a, DEMO.director.mobileNo, DEMO.director.password);
    const sport = await api<{ _id: string }>(a, 'POST', '/api/v1/backoffice/sports', {
      token: director,
      body: { name: 'Cricket' },
    });
    const league = await api<{ _id: string }>(a, 'POST', '/api/v1/backoffice/leagues', {
      token: director,
      body: { sportId: sport.data._id, name: 'Lease League' },
    });
    const event = await api<{ _id: string }>(a, 'POST', '/api/v1/backoffice/events', {
      token: director,
      body: { leagueId: league.data._id, name: 'Owls v Hawks', startTime: '2026-11-22T10:00:00Z' },
    });
    const market = await api<{ _id: string }>(a, 'POST', '/api/v1/backoffice/markets', {
      token: director,
      body: {
        eventId: event.data._id,
        marketType: 'EXCHANGE',
        name: 'Match Odds',
        runners: ['Owls', 'Hawks'],
        betDelaySeconds: 0,
      },
    });
    const marketId = market.data._id;
    const runnerId = (
      await api<{ runners: { _id: string }[] }>(a, 'PUT', `/api/v1/backoffice/markets/${marketId}`, {
        token: director,
        body: {},
      })
    ).data.runners[0]?._id as string;
    const tokens: string[] = [];
    for (let i = 0; i < PLAYERS; i += 1) {
      const { mobileNo } = freshMobile();
      await api(a, 'POST', '/api/v1/signUp', {
        body: {
          name: `Lease ${i}`,
          mobile_no: mobileNo,
          password: 'lease-takeover-1',
          confirmPassword: 'lease-takeover-1',
          ageConfirmed: true,
        },
      });
      tokens.push(
        (await api(a, 'POST', '/api/v1/verify-otp', { body: { mobile_no: mobileNo, otp: await readOtp(a, mobileNo) } }))
          .meta.token as string,
      );
    }

    const bets = Array.from({ length: BETS }, (_, i) => ({
      key: `L${randomBytes(8).toString('hex')}`,
      token: tokens[i % PLAYERS] as string,
      body: {
        marketId,
        selectionId: runnerId,
        selectionType: i % 2 === 0 ? 'back' : 'lay',
        odds: [1.9, 2, 2.1][i % 3],
        stake: 100,
      },
      acknowledged: null as string | null,
      acknowledgedAt: 0,
    }));
    let killedAt = Number.POSITIVE_INFINITY;
    const send = async (base: string, bet: (typeof bets)[number]) => {
      try {
        const response = await fetch(`${base}/api/v1/place-bet`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${bet.token}`,
            'idempotency-key': bet.key,
          },
          body: JSON.stringify(bet.body),
        });
        const answer = (await response.json()) as { meta: { code: number }; data: { _id: string } | null };
        if (answer.meta.code === 200 && answer.data !== null) {
          if (bet.acknowledged !== null) expect(answer.data._id).toBe(bet.acknowledged); // a retry replays the same bet
          bet.acknowledged = answer.data._id;
          bet.acknowledgedAt = Date.now();
        }
      } catch {
        // the process died with the request in flight: not acknowledged, retried below
      }
    };

    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const leaseOwner = async () =>
        (await db.query<{ owner: string }>('select owner from market_leases where market_id = $1', [marketId])).rows[0]
          ?.owner ?? null;
      // The first bet goes to the first process: it takes the market's lease.
      await send(a, bets[0] as (typeof bets)[number]);
      expect(bets[0]?.acknowledged).not.toBeNull();
      const firstOwner = await leaseOwner();
      expect(firstOwner).not.toBeNull();

      // The burst goes to both processes (the second's forwarded to the first); the first is killed
      // mid-burst: its first half is in flight, its second half is sent after the kill (so the survivor
      // must take the market over, however fast the first half was answered).
      const rest = bets.slice(1);
      const half = Math.floor(rest.length / 2);
      const sendOne = (bet: (typeof bets)[number], i: number) => send(i % 2 === 0 ? a : b, bet);
      const firstHalf = Promise.all(rest.slice(0, half).map((bet, i) => sendOne(bet, i)));
      const ofFirst = rest.filter((_, i) => i % 2 === 0);
      const ofSecond = rest.filter((_, i) => i % 2 === 1);
      const deadline = Date.now() + 60_000;
      const acked = (list: typeof bets) => list.filter((bet) => bet.acknowledged !== null).length;
      while ((acked(ofFirst) < 1 || acked(ofSecond) < 5) && Date.now() < deadline)
        await new Promise((done) => setTimeout(done, 2));
      // Bets sent to the second process were answered while the first held the lease: forwarded.
      expect(acked(ofSecond)).toBeGreaterThanOrEqual(5);
      first.process.kill('SIGKILL');
      killedAt = Date.now();
      const secondHalf = Promise.all(rest.slice(half).map((bet, j) => sendOne(bet, half + j)));
      await Promise.all([firstHalf, secondHalf]);

      // Every bet sent to the survivor was answered in the burst itself: the ones waiting on the dead
      // owner once its lease expired and the survivor took the market over.
      expect(ofSecond.filter((bet) => bet.acknowledged === null)).toEqual([]);
      expect(ofSecond.filter((bet) => bet.acknowledgedAt > killedAt).length).toBeGreaterThan(0);
      const secondOwner = await leaseOwner();
      expect(secondOwner).not.toBeNull();
      expect(secondOwner).not.toBe(firstOwner);

      // The first process's cut-off bets (if the kill caught any): retried on the survivor with their own keys.
      for (const bet of bets.filter((candidate) => candidate.acknowledged === null)) await send(b, bet);
      expect(bets.filter((bet) => bet.acknowledged === null)).toEqual([]);

      const rows = (
        await db.query<{ id: string; stake_paise: string; matched_paise: string; cancelled_paise: string }>(
          'select id, stake_paise, matched_paise, cancelled_paise from bets where market_id = $1',
          [marketId],
        )
      ).rows;
      // Nothing applied twice: one bet row per key, and it is the acknowledged one.
      expect(rows.length).toBe(BETS);
      expect(new Set(rows.map((row) => row.id))).toEqual(new Set(bets.map((bet) => bet.acknowledged)));
      const keys = await db.query<{ n: string }>(
        "select count(*) as n from idempotency_keys where route = 'bet.place'",
      );
      expect(Number(keys.rows[0]?.n)).toBe(BETS);
      const fills = (
        await db.query<{ id: string; total: string }>(
          'select b.id, coalesce(sum(f.stake_paise), 0) as total from bets b left join fills f on f.back_bet_id = b.id or f.lay_bet_id = b.id where b.market_id = $1 group by b.id',
          [marketId],
        )
      ).rows;
      const matched = new Map(rows.map((row) => [row.id, Number(row.matched_paise)]));
      for (const fill of fills) expect(Number(fill.total)).toBe(matched.get(fill.id));
      // The book rebuilt from the snapshot and the log is exactly the bets' unmatched remainder.
      const stored = (
        await db.query<{ book_snapshot: MarketSnapshot }>('select book_snapshot from markets where id = $1', [marketId])
      ).rows[0];
      const book = restoreMarket(stored?.book_snapshot as MarketSnapshot);
      const commands = (
        await db.query<{ command: ExchangeCommand }>(
          'select command from market_commands where market_id = $1 and seq > $2 order by seq',
          [marketId, book.lastSeq],
        )
      ).rows;
      for (const { command } of commands) applyCommand(book, command);
      const resting = Object.fromEntries(listRestingOffers(book).map((offer) => [offer.offerId, offer.remainingPaise]));
      const unmatched = Object.fromEntries(
        rows
          .filter((row) => Number(row.stake_paise) - Number(row.matched_paise) - Number(row.cancelled_paise) > 0)
          .map((row) => [row.id, Number(row.stake_paise) - Number(row.matched_paise) - Number(row.cancelled_paise)]),
      );
      expect(resting).toEqual(unmatched);
      expect(Object.keys(resting).length).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
    // The survivor still takes bets on the market.
    const after = await api<{ _id: string }>(b, 'POST', '/api/v1/place-bet', {
      token: tokens[0],
      body: { marketId, selectionId: runnerId, selectionType: 'back', odds: 2, stake: 100 },
    });
    expect(after.meta.code).toBe(200);
  }, 240_000);
});
