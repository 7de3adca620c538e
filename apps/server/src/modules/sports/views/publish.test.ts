import { createRng } from '@khel/sports-sim';
/**
 * The publish after a group commit (decision 0027, addendum "publish") serves the bets and the market
 * its batch wrote instead of reading them again, and reads the positions in one statement. Seeded
 * property: a random stream of bets placed together (so they share batches; partial fills, resting
 * offers, the balance CHECK's refusals) and cancels; after every step, each player's last pushed
 * position on the market must equal a fresh positionsOf() from the database, every bet's last pushed
 * view a fresh read of the bet, and the market's last pushed view a fresh snapshot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { BetRow as BetDto, Market, MarketPosition } from '@khel/contract';
import type { Caller } from '../../identity/identity-service.js';
import type { TestApp } from '../../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../../test/test-app.js';
import type { MarketRow } from '../sports-repository.js';

const PLAYERS = 5;
const STEPS = 40;
const PRICES = [1.5, 2, 2.5, 3];
const STAKES = [100, 250, 700, 2500];

/** The project's seeded generator (mulberry32), so each run sees the same stream. */
const random = (seed: number): (() => number) => createRng(seed).nextFloat;

type Pushed = {
  topic: string;
  payload: { type: string; marketId?: string; positions?: MarketPosition[]; bet?: BetDto; market?: Market };
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function exchangeMarket(): Promise<{ id: string; runners: string[] }> {
  const director = await createOperator(t, ROLES.DIRECTOR);
  const sport = await call(t.app, 'POST', '/api/v1/backoffice/sports', {
    token: director.token,
    body: { name: 'Cricket' },
  });
  const league = await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
    token: director.token,
    body: { sportId: (sport.body.data as { _id: string })._id, name: 'Publish League' },
  });
  const event = await call(t.app, 'POST', '/api/v1/backoffice/events', {
    token: director.token,
    body: {
      leagueId: (league.body.data as { _id: string })._id,
      name: 'Kings v Royals',
      startTime: '2026-11-21T14:00:00.000Z',
    },
  });
  const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token: director.token,
    body: {
      eventId: (event.body.data as { _id: string })._id,
      marketType: 'EXCHANGE',
      name: 'Match Odds',
      runners: ['Kings', 'Royals'],
      betDelaySeconds: 0,
    },
  });
  const id = (created.body.data as { _id: string })._id;
  const view = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token: director.token, body: {} })).body
    .data as { runners: { _id: string }[] };
  return { id, runners: view.runners.map((runner) => runner._id) };
}

describe('what a group commit publishes is what the database holds', () => {
  it('pushed positions, bets and market equal fresh reads after every step of a random stream', async () => {
    const market = await exchangeMarket();
    const players: { token: string; caller: Caller }[] = [];
    for (let i = 0; i < PLAYERS; i += 1) {
      const { token } = await signUpPlayer(t);
      const auth = await t.services.identity.authenticate(token);
      if (auth.kind !== 'ok') throw new Error('no caller');
      players.push({ token, caller: auth.caller });
    }
    const next = random(20_261_125);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
    let pushed: Pushed[] = [];
    const stop = t.services.bus.onMessage((message) => pushed.push(message as Pushed));
    const seen = { positions: 0, partial: 0, bets: 0, refused: 0, cancels: 0 };
    const counted = t.services.positions.counts();
    try {
      for (let step = 0; step < STEPS; step += 1) {
        pushed = [];
        if (step > 4 && next() < 0.2) {
          const player = pick(players);
          const open = (
            await t.db.query<{ id: string }>(
              "select id from bets where user_id = $1 and market_id = $2 and status = 'unmatched' order by seq",
              [player.caller.userId, market.id],
            )
          ).rows;
          if (open.length > 0) {
            const answer = await call(t.app, 'POST', '/api/v1/cancel-bet', {
              token: player.token,
              body: { betId: pick(open).id },
            });
            expect(answer.body.meta.code).toBe(200);
            seen.cancels += 1;
          }
        } else {
          // Sent together: they share the market's group commits.
          const bets = Array.from({ length: 1 + Math.floor(next() * 6) }, () => ({
            player: pick(players),
            body: {
              marketId: market.id,
              selectionId: pick(market.runners),
              selectionType: next() < 0.5 ? 'back' : 'lay',
              odds: pick(PRICES),
              stake: pick(STAKES),
            },
          }));
          const answers = await Promise.all(
            bets.map((bet) => call(t.app, 'POST', '/api/v1/place-bet', { token: bet.player.token, body: bet.body })),
          );
          for (const [index, answer] of answers.entries()) {
            if (answer.body.meta.code !== 200) {
              seen.refused += 1;
              continue;
            }
            // The answer (served from the batch's rows) is the bet as the database holds it, unless a later batch of this step moved it.
            const data = answer.body.data as BetDto;
            const last = pushed
              .filter((message) => message.payload.type === 'bet' && message.payload.bet?._id === data._id)
              .at(-1)?.payload.bet;
            expect(last).toBeDefined();
            expect(await t.services.sports.bet((bets[index] as (typeof bets)[number]).player.caller, data._id)).toEqual(
              last,
            );
            seen.bets += 1;
          }
        }
        const row = (await t.services.sports.repository.market(market.id)) as MarketRow;
        for (const player of players) {
          const mine = pushed.filter(
            (message) =>
              message.topic === `user:${player.caller.userId}` &&
              message.payload.type === 'positions' &&
              message.payload.marketId === market.id,
          );
          if (mine.length === 0) continue;
          const fresh = await t.services.positions.positionsOf(player.caller.userId, [row]);
          expect(mine.at(-1)?.payload.positions).toEqual(fresh);
          seen.positions += 1;
          if (
            fresh.some((position) =>
              position.runners.some(
                (runner) => runner.profitLoss !== runner.ifUnmatchedFill && runner.profitLoss !== 0,
              ),
            )
          )
            seen.partial += 1;
        }
        const views = pushed.filter((message) => message.topic === `market:${market.id}`);
        if (views.length > 0)
          expect(views.at(-1)?.payload.market).toEqual(
            (await t.services.sports.snapshot(`market:${market.id}`))?.type === 'market'
              ? ((await t.services.sports.snapshot(`market:${market.id}`)) as { market: Market }).market
              : null,
          );
      }
    } finally {
      stop();
    }
    // The stream exercised what it claims: many pushes, matched and unmatched parts together, refusals and cancels.
    expect(seen.positions).toBeGreaterThan(40);
    expect(seen.bets).toBeGreaterThan(60);
    expect(seen.partial).toBeGreaterThan(5);
    expect(seen.cancels).toBeGreaterThan(2);
    // Most pushed positions came from what the lanes held (addendum "positions"), the rest (after a cancel, a refusal) were read.
    const { served, read } = t.services.positions.counts();
    expect(served - counted.served).toBeGreaterThan(2 * (read - counted.read));
  }, 120_000);

  it('after a cash out (bets closed outside the batch), the pushed positions still equal fresh reads', async () => {
    const market = await exchangeMarket();
    const [backer, layer, maker] = [await signUpPlayer(t), await signUpPlayer(t), await signUpPlayer(t)];
    const place = (token: string, selectionType: 'back' | 'lay', odds: number, stake: number) =>
      call(t.app, 'POST', '/api/v1/place-bet', {
        token,
        body: { marketId: market.id, selectionId: market.runners[0], selectionType, odds, stake },
      });
    let pushed: Pushed[] = [];
    const stop = t.services.bus.onMessage((message) => pushed.push(message as Pushed));
    const check = async () => {
      const row = (await t.services.sports.repository.market(market.id)) as MarketRow;
      for (const player of [backer, layer]) {
        const mine = pushed.filter(
          (message) =>
            message.topic === `user:${player.userId}` &&
            message.payload.type === 'positions' &&
            message.payload.marketId === market.id,
        );
        expect(mine.length).toBeGreaterThan(0);
        expect(mine.at(-1)?.payload.positions).toEqual(await t.services.positions.positionsOf(player.userId, [row]));
      }
    };
    try {
      await Promise.all([place(backer.token, 'back', 3, 100), place(layer.token, 'lay', 3, 100)]);
      await check();
      // A resting back at 2.0 for the cash out's lay to take.
      await place(maker.token, 'back', 2, 1000);
      const quote = (
        await call(t.app, 'GET', `/api/v1/cash-out-quote?marketId=${market.id}&percent=100`, { token: backer.token })
      ).body.data as { available: boolean; value: number };
      expect(quote.available).toBe(true);
      const counted = t.services.positions.counts();
      expect(
        (
          await call(t.app, 'POST', '/api/v1/cash-out', {
            token: backer.token,
            body: { marketId: market.id, value: quote.value },
          })
        ).body.meta.code,
      ).toBe(200);
      for (const [odds, stake] of [
        [2.5, 250],
        [2, 700],
        [3, 100],
      ] as const) {
        pushed = [];
        await Promise.all([place(backer.token, 'back', odds, stake), place(layer.token, 'lay', odds, stake)]);
        await check();
      }
      // The lane read the players again after the cash out wrote their bets itself, then served them.
      expect(t.services.positions.counts().served).toBeGreaterThan(counted.served);
    } finally {
      stop();
    }
  });

  it('two racing requests with one key in one batch: the dropped one pushes nothing of its rolled-back attempt', async () => {
    const market = await exchangeMarket();
    const [player, maker] = [await signUpPlayer(t), await signUpPlayer(t)];
    await call(t.app, 'POST', '/api/v1/place-bet', {
      token: maker.token,
      body: { marketId: market.id, selectionId: market.runners[0], selectionType: 'lay', odds: 2, stake: 1000 },
    });
    const pushed: Pushed[] = [];
    const stop = t.services.bus.onMessage((message) => pushed.push(message as Pushed));
    try {
      const body = { marketId: market.id, selectionId: market.runners[0], selectionType: 'back', odds: 2, stake: 300 };
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/place-bet',
          headers: { authorization: `Bearer ${player.token}`, 'idempotency-key': 'publish-race-1' },
          payload: body,
        });
      const [first, second] = await Promise.all([send(), send()]);
      expect(second.body).toBe(first.body);
      const bets = (await t.db.query<{ id: string }>('select id from bets where user_id = $1', [player.userId])).rows;
      expect(bets).toHaveLength(1);
      // Settle the pushes of both requests (the replay answers a turn later).
      await new Promise((done) => setTimeout(done, 50));
      const row = (await t.services.sports.repository.market(market.id)) as MarketRow;
      for (const who of [player, maker]) {
        const mine = pushed.filter(
          (message) => message.topic === `user:${who.userId}` && message.payload.type === 'positions',
        );
        expect(mine.at(-1)?.payload.positions).toEqual(await t.services.positions.positionsOf(who.userId, [row]));
      }
      // No view of a bet that never committed.
      const stored = (
        await t.db.query<{ id: string }>('select id from bets where market_id = $1', [market.id])
      ).rows.map((bet) => bet.id);
      const viewed = pushed
        .filter((message) => message.payload.type === 'bet')
        .map((message) => message.payload.bet?._id);
      expect(viewed.length).toBeGreaterThan(0);
      expect(viewed.filter((id) => !stored.includes(id as string))).toEqual([]);
    } finally {
      stop();
    }
  });

  it('a retried Idempotency-Key answers the same bytes, and places one bet', async () => {
    const market = await exchangeMarket();
    const { token, userId } = await signUpPlayer(t);
    const body = { marketId: market.id, selectionId: market.runners[0], selectionType: 'back', odds: 3, stake: 100 };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/place-bet',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'publish-retry-1' },
        payload: body,
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/place-bet',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'publish-retry-1' },
      payload: { ...body, stake: 200 },
    });
    expect((JSON.parse(other.body) as { meta: { error: string } }).meta.error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await t.db.query('select id from bets where user_id = $1', [userId])).rows).toHaveLength(1);
  });
});
