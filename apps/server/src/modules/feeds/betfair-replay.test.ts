/**
 * Issue 26, end to end: the recorded NED v PNG match (Betfair's market stream and score stream)
 * replayed into our markets. A player backs and lays before the start; the market turns in play with
 * Betfair's 5 s delay; a bet in play waits out the delay; Betfair's suspension suspends ours; the
 * result (Netherlands) settles every bet, exact to the paisa.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { createBetfairFeedRunner, teamNamesOf } from './betfair-feed-runner.js';
import { loadReplay } from './replay-source.js';
import type { ReplayItem } from './replay-source.js';
import { FIXTURES_DIR } from './recorded-files.js';

const items = loadReplay(
  join(FIXTURES_DIR, 'betfair/1.200806927.jsonl.gz'),
  join(FIXTURES_DIR, 'betfair/ccm-1.200806927.jsonl.gz'),
);
const definitionAt = (predicate: (status: string, inPlay: boolean) => boolean) =>
  items.findIndex(
    (item) =>
      'market' in item &&
      item.market.mc?.some(
        (mc) => mc.marketDefinition && predicate(mc.marketDefinition.status, mc.marketDefinition.inPlay),
      ),
  );
const IN_PLAY = definitionAt((status, inPlay) => status === 'OPEN' && inPlay);
const SUSPENDED_IN_PLAY = definitionAt((status, inPlay) => status === 'SUSPENDED' && inPlay);

let t: TestApp;
let director: string;
beforeAll(async () => {
  t = await createTestApp();
  director = (await createOperator(t, ROLES.DIRECTOR)).token;
});
afterAll(async () => t.close());

interface MarketView {
  _id: string;
  status: string;
  inPlay: boolean;
  betDelaySeconds: number;
  runners: {
    _id: string;
    name: string;
    back: { price: number; size: number }[];
    lay: { price: number; size: number }[];
  }[];
}

describe('a replayed Betfair match in our markets', () => {
  it('pre-match and in-play bets, the 5 s delay, the suspension and the settlement on Netherlands', async () => {
    const failures: string[] = [];
    const runner = createBetfairFeedRunner({
      sports: t.services.sports,
      onMarket: (marketId, action) => t.services.marketRouter.run('feed.market', { marketId, action }),
      clock: t.clock,
      config: {
        sizeScalePaise: 10_000_00,
        houseLimitPaise: 25_000_00,
        league: 'Replays of real matches',
        label: '(replay of 11 Jul 2022)',
      },
      names: teamNamesOf(items),
      conflateMs: 300_000,
      log: (message, error) => failures.push(`${message}: ${String(error)}`),
    });
    const play = async (from: number, to: number) => {
      for (const item of items.slice(from, to) as ReplayItem[]) await runner.handle(item);
      await runner.drain();
    };
    const view = async (id: string) =>
      (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token: director, body: {} })).body
        .data as MarketView;
    const bet = (token: string, body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/v1/place-bet', { token, body });
    const balance = async (token: string) =>
      Math.round(
        ((await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number }).balance * 100,
      );

    // Before the start: the event and Match Odds exist, named from the score stream, labelled a replay.
    await play(0, IN_PLAY);
    const event = (await t.services.sports.repository.eventByFeedRef('betfair-31573045'))!;
    expect(event.name).toBe('Netherlands v Papua New Guinea (replay of 11 Jul 2022)');
    const matchOdds = (await t.services.sports.repository.marketByFeedRef('betfair-31573045/match-odds'))!;
    const before = await view(matchOdds.id);
    expect(before.runners.map((r) => r.name)).toEqual(['Netherlands', 'Papua New Guinea']);
    expect(before).toMatchObject({ status: 'suspended', inPlay: false });
    // Betfair suspended before the off; our market too. Play up to the turn in play, then look.
    await play(IN_PLAY, IN_PLAY + 1);
    const live = await view(matchOdds.id);
    expect(live).toMatchObject({ status: 'open', inPlay: true, betDelaySeconds: 5 });
    const [ned, png] = live.runners;
    expect(ned!.back.length).toBeGreaterThan(0);
    expect(png!.lay.length).toBeGreaterThan(0);

    // A player backs Netherlands and lays Papua New Guinea at the prices the house mirrors from Betfair.
    const player = await signUpPlayer(t);
    const start = await balance(player.token);
    const backPrice = ned!.back[0]!.price;
    const backStake = Math.min(1000, Math.floor(ned!.back[0]!.size));
    const layPrice = png!.lay[0]!.price;
    const layStake = Math.min(500, Math.floor(png!.lay[0]!.size));
    expect(backStake).toBeGreaterThanOrEqual(100);
    expect(layStake).toBeGreaterThanOrEqual(100);
    // In play with a 5 s delay: each bet waits, then fills at the mirrored price.
    t.services.delayedBets.stop();
    try {
      const back = await bet(player.token, {
        marketId: matchOdds.id,
        selectionId: ned!._id,
        selectionType: 'back',
        odds: backPrice,
        stake: backStake,
      });
      const lay = await bet(player.token, {
        marketId: matchOdds.id,
        selectionId: png!._id,
        selectionType: 'lay',
        odds: layPrice,
        stake: layStake,
      });
      expect([back.body.data, lay.body.data]).toMatchObject([{ status: 'pending' }, { status: 'pending' }]);
      t.clock.advanceMs(4_000);
      expect(await t.services.delayedBets.sweep()).toBe(0);
      t.clock.advanceMs(1_000);
      expect(await t.services.delayedBets.sweep()).toBe(2);
    } finally {
      t.services.delayedBets.start(1000);
    }
    const bets = await t.db.query<{ status: string; matched: string }>(
      'select status, matched_paise::text as matched from bets where user_id = $1 order by seq',
      [player.userId],
    );
    expect(bets.rows.map((r) => [r.status, Number(r.matched)])).toEqual([
      ['matched', backStake * 100],
      ['matched', layStake * 100],
    ]);

    // Two offers nobody matches (they skip the delay): one lapses at the suspension, one is kept.
    const lapse = await bet(player.token, {
      marketId: matchOdds.id,
      selectionId: ned!._id,
      selectionType: 'back',
      odds: 1000,
      stake: 100,
    });
    const keep = await bet(player.token, {
      marketId: matchOdds.id,
      selectionId: ned!._id,
      selectionType: 'back',
      odds: 990,
      stake: 100,
      keepInPlay: true,
    });
    expect([lapse.body.data, keep.body.data]).toMatchObject([{ status: 'unmatched' }, { status: 'unmatched' }]);

    // Betfair suspends at the end of the match: ours is suspended and refuses bets.
    await play(IN_PLAY + 1, SUSPENDED_IN_PLAY + 1);
    expect((await view(matchOdds.id)).status).toBe('suspended');
    const offers = await t.db.query<{ status: string; lapse_reason: string | null }>(
      'select status, lapse_reason from bets where id = any($1::uuid[]) order by price_h desc',
      [[(lapse.body.data as { _id: string })._id, (keep.body.data as { _id: string })._id]],
    );
    expect(offers.rows).toEqual([
      { status: 'lapsed', lapse_reason: 'MARKET_SUSPENDED' },
      { status: 'unmatched', lapse_reason: null },
    ]);
    const refused = await bet(player.token, {
      marketId: matchOdds.id,
      selectionId: ned!._id,
      selectionType: 'back',
      odds: 1.01,
      stake: 100,
    });
    expect(refused.body.meta.error).toBe('MARKET_SUSPENDED');

    // CLOSED with Netherlands the WINNER settles ours: back wins (price − 1) × stake, the lay keeps
    // the stake, 2 % commission on the net winnings rounded down to the paisa.
    await play(SUSPENDED_IN_PLAY + 1, items.length);
    expect((await t.services.sports.repository.market(matchOdds.id))!.status).toBe('settled');
    const bookmaker = (await t.services.sports.repository.marketByFeedRef('betfair-31573045/bookmaker'))!;
    expect(bookmaker.status).toBe('settled');
    const netPaise = Math.round(backStake * (Math.round(backPrice * 100) - 100)) + layStake * 100;
    const commissionPaise = Math.floor((netPaise * 200) / 10_000);
    expect((await balance(player.token)) - start).toBe(netPaise - commissionPaise);
    expect(await ledgerViolations(t.db)).toEqual([]);
    expect(failures).toEqual([]);
    const fancy = await t.db.query<{ status: string; n: number }>(
      "select status, count(*)::int as n from markets where feed_ref like 'betfair-31573045/inn%' group by status order by status",
    );
    expect(fancy.rows.map((r) => r.status)).toEqual(['settled']);
  }, 600_000);
});
