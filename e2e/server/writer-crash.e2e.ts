import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { applyCommand, listRestingOffers, restoreMarket } from '@khel/exchange';
import type { ExchangeCommand, MarketSnapshot } from '@khel/exchange';
import type { RunningProduct } from '../support/harness.js';
import { scratchDatabase } from '../support/scratch-database.js';
import { DEMO, api, freshMobile, loginToken, readOtp, startProduct } from '../support/harness.js';

/**
 * The market writer under SIGKILL (issue 10, decision 0027): two processes on one PostgreSQL database
 * take a burst of bets on ONE market; the first process is killed mid-burst; every bet it left
 * unanswered is retried with its own Idempotency-Key on the second, which carries on with the market.
 * Every acknowledged bet is there once, nothing is applied twice, and the book rebuilt from the
 * snapshot and the command log is exactly the unmatched remainder of the bets.
 */
const PLAYERS = 8;
const BETS = 400;
// ₹100 a bet: 50 bets a player stay within the ₹10,000 welcome chips even unmatched, so a refusal for
// balance (a correct answer, not a lost bet) cannot happen whatever order the retries land in.

describe('the market writer survives SIGKILL of one of two processes', () => {
  const database = scratchDatabase('khel_writer_crash');
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

  it('keeps every acknowledged bet once and the book equal to the bets after the owner is killed', async () => {
    const env = {
      DATABASE_URL: url.toString(),
      RATE_LIMIT_PER_MINUTE: '1000000',
      MARKET_WRITER_SNAPSHOT_EVERY: '25',
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
      body: { sportId: sport.data._id, name: 'Crash League' },
    });
    const event = await api<{ _id: string }>(a, 'POST', '/api/v1/backoffice/events', {
      token: director,
      body: { leagueId: league.data._id, name: 'Owls v Hawks', startTime: '2026-11-22T10:00:00Z' },
    });
    const market = await api<{ _id: string; runners: { _id: string }[] }>(a, 'POST', '/api/v1/backoffice/markets', {
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
          name: `Writer ${i}`,
          mobile_no: mobileNo,
          password: 'writer-crash-1',
          confirmPassword: 'writer-crash-1',
          ageConfirmed: true,
        },
      });
      tokens.push(
        (await api(a, 'POST', '/api/v1/verify-otp', { body: { mobile_no: mobileNo, otp: await readOtp(a, mobileNo) } }))
          .meta.token as string,
      );
    }

    const bets = Array.from({ length: BETS }, (_, i) => ({
      key: `W${randomBytes(8).toString('hex')}`,
      token: tokens[i % PLAYERS] as string,
      body: {
        marketId,
        selectionId: runnerId,
        selectionType: i % 2 === 0 ? 'back' : 'lay',
        odds: [1.9, 2, 2.1][i % 3],
        stake: 100,
      },
      acknowledged: null as string | null,
    }));
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
        }
      } catch {
        // the process died with the request in flight: not acknowledged, retried below
      }
    };

    // The burst goes to both processes; the first is killed while its share is in flight.
    const inFlight = Promise.all(bets.map((bet, i) => send(i % 2 === 0 ? a : b, bet)));
    const ofFirst = bets.filter((_, i) => i % 2 === 0);
    const deadline = Date.now() + 60_000;
    while (ofFirst.filter((bet) => bet.acknowledged !== null).length < 1 && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 2));
    first.process.kill('SIGKILL');
    await inFlight;
    const unanswered = bets.filter((bet) => bet.acknowledged === null);
    // The kill landed mid-burst: some of the first process's bets were acknowledged, some cut off.
    expect(unanswered.length).toBeGreaterThan(0);
    expect(ofFirst.filter((bet) => bet.acknowledged !== null).length).toBeGreaterThanOrEqual(1);
    for (const bet of unanswered) await send(b, bet);
    expect(bets.filter((bet) => bet.acknowledged === null)).toEqual([]);

    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const rows = (
        await db.query<{
          id: string;
          stake_paise: string;
          matched_paise: string;
          cancelled_paise: string;
          status: string;
        }>('select id, stake_paise, matched_paise, cancelled_paise, status from bets where market_id = $1', [marketId])
      ).rows;
      // Nothing applied twice: one bet row per key, and it is the acknowledged one.
      expect(rows.length).toBe(BETS);
      expect(new Set(rows.map((row) => row.id))).toEqual(new Set(bets.map((bet) => bet.acknowledged)));
      const keys = await db.query<{ n: string }>(
        "select count(*) as n from idempotency_keys where route = 'bet.place'",
      );
      expect(Number(keys.rows[0]?.n)).toBe(BETS);
      // Every bet's matched amount is its fills.
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
        await db.query<{ book_snapshot: MarketSnapshot; book_seq: string }>(
          'select book_snapshot, book_seq from markets where id = $1',
          [marketId],
        )
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
    // The surviving process still takes bets on the market.
    const after = await api<{ _id: string }>(b, 'POST', '/api/v1/place-bet', {
      token: tokens[0],
      body: { marketId, selectionId: runnerId, selectionType: 'back', odds: 2, stake: 100 },
    });
    expect(after.meta.code).toBe(200);
  }, 240_000);
});
