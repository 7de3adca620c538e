import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningProduct } from '../support/harness.js';
import { REDIS_URL, scratchDatabase } from '../support/scratch-database.js';
import { DEMO, api, freshMobile, loginToken, readOtp, startProduct } from '../support/harness.js';

/**
 * Issue: "Two server processes with Redis: a bet placed through one moves the price seen by a
 * WebSocket client of the other." Two real processes, one PostgreSQL database, the machine's Redis.
 */

interface MarketMessage {
  type: string;
  market?: {
    _id: string;
    runners: { _id: string; back: { price: number; size: number }[]; lay: { price: number; size: number }[] }[];
  };
}

describe('two server processes share live updates through Redis', () => {
  const database = scratchDatabase('khel_multi');
  const url = database.url;
  let first: RunningProduct;
  let second: RunningProduct;

  beforeAll(async () => {
    await database.create();
    // Channels of this run's own: other test runs may share the machine's Redis at the same time.
    const tag = randomBytes(4).toString('hex');
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL,
      LIVE_CHANNEL: `khel:e2e-live:${tag}`,
      MARKET_FORWARD_CHANNEL: `khel:e2e-market:${tag}`,
    };
    first = await startProduct({ env });
    second = await startProduct({ env });
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await database.drop();
  });

  it('moves the price a WebSocket client of process two sees when a bet goes through process one', async () => {
    const director = await loginToken(first.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
    const sport = await api<{ _id: string }>(first.baseUrl, 'POST', '/api/v1/backoffice/sports', {
      token: director,
      body: { name: 'Cricket' },
    });
    const league = await api<{ _id: string }>(first.baseUrl, 'POST', '/api/v1/backoffice/leagues', {
      token: director,
      body: { sportId: sport.data._id, name: 'Multi League' },
    });
    const event = await api<{ _id: string }>(first.baseUrl, 'POST', '/api/v1/backoffice/events', {
      token: director,
      body: { leagueId: league.data._id, name: 'Ravens v Kites', startTime: '2026-11-22T10:00:00Z' },
    });
    const market = await api<{ _id: string }>(first.baseUrl, 'POST', '/api/v1/backoffice/markets', {
      token: director,
      body: {
        eventId: event.data._id,
        marketType: 'EXCHANGE',
        name: 'Match Odds',
        runners: ['Ravens', 'Kites'],
        betDelaySeconds: 0,
      },
    });
    const marketId = market.data._id;

    const { mobileNo } = freshMobile();
    await api(first.baseUrl, 'POST', '/api/v1/signUp', {
      body: {
        name: 'Multi Player',
        mobile_no: mobileNo,
        password: 'multi-process-1',
        confirmPassword: 'multi-process-1',
        ageConfirmed: true,
      },
    });
    const verified = await api(first.baseUrl, 'POST', '/api/v1/verify-otp', {
      body: { mobile_no: mobileNo, otp: await readOtp(first.baseUrl, mobileNo) },
    });
    const playerToken = verified.meta.token as string;

    // A client of process two, subscribed to the market.
    const socket = new WebSocket(`${second.baseUrl.replace('http', 'ws')}/ws`);
    const messages: MarketMessage[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as MarketMessage));
    socket.send(JSON.stringify({ type: 'subscribe', marketIds: [marketId] }));
    const waitFor = async (predicate: (message: MarketMessage) => boolean, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found !== undefined) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching message; got ${JSON.stringify(messages).slice(0, 500)}`);
        await new Promise((done) => setTimeout(done, 50));
      }
    };
    const snapshot = await waitFor((message) => message.type === 'market' && message.market?._id === marketId);
    expect(snapshot.market?.runners[0]?.back).toEqual([]);

    // The bet goes through process one.
    const detail = await api<{ markets: { _id: string; runners: { _id: string }[] }[] }>(
      first.baseUrl,
      'GET',
      '/api/v1/event?sport=cricket&league=multi-league&event=ravens-v-kites',
    );
    const runnerId = detail.data.markets[0]?.runners[0]?._id as string;
    const placed = await api(first.baseUrl, 'POST', '/api/v1/place-bet', {
      token: playerToken,
      body: { marketId, selectionId: runnerId, selectionType: 'lay', odds: 2.5, stake: 700 },
    });
    expect(placed.meta.code).toBe(200);

    // A lay offer at 2.5 is what backers can take: it shows on the back side of process two's ladder.
    const moved = await waitFor(
      (message) => message.type === 'market' && (message.market?.runners[0]?.back[0]?.size ?? 0) === 700,
    );
    expect(moved.market?.runners[0]?.back[0]).toEqual({ price: 2.5, size: 700 });
    socket.close();
  }, 120_000);
});
