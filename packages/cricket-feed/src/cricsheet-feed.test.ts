/**
 * CFD-10: a Cricsheet match replayed as feed actions. Every market it offers settles once, at the value
 * `settleMarket` computes from the whole match's deliveries; lines suspend while each ball is bowled.
 */
import { describe, expect, it } from 'vitest';
import type { FeedAction } from '@khel/sports-sim';
import { createCricsheetFeed, settleMarket } from './index.js';
import { cricsheetFixture } from './test-fixtures.js';

function replay(id: string) {
  const match = cricsheetFixture(id);
  const feed = createCricsheetFeed(match, { eventId: `cricsheet-${id}`, league: 'Replays', label: '(replay)' });
  const opened = feed.open(0);
  const balls: { bowling: FeedAction[]; bowled: FeedAction[] }[] = [];
  for (let n = 1; n <= feed.deliveries; n++) balls.push({ bowling: feed.bowling(n), bowled: feed.bowled(n) });
  const all = [...opened, ...balls.flatMap((b) => [...b.bowling, ...b.bowled])];
  return { match, feed, opened, balls, all };
}

const settledOf = (actions: FeedAction[]) =>
  actions.flatMap((a) => (a.type === 'settleMarket' ? [[a.marketId, a.result] as const] : []));

describe('createCricsheetFeed', () => {
  it('RCB v GT: every market offered settles once, at the value from the deliveries', () => {
    const { match, feed, all } = replay('1535462');
    const settled = settledOf(all);
    expect(new Set(settled.map(([id]) => id)).size).toBe(settled.length);
    const created = all.flatMap((a) =>
      a.type === 'createMarket'
        ? [a.market.marketId]
        : a.type === 'createEvent'
          ? a.event.markets.map((m) => m.marketId)
          : [],
    );
    expect(new Set(settled.map(([id]) => id))).toEqual(new Set(created));
    for (const [marketId, result] of settled) {
      if (marketId.endsWith('/bookmaker')) {
        expect(result).toEqual({ kind: 'winner', runnerId: 'Royal Challengers Bengaluru' });
        continue;
      }
      const expected = settleMarket(match, feed.markets.get(marketId)!.spec);
      const asFeed = expected.kind === 'winner' ? { kind: 'winner', runnerId: expected.runner } : expected;
      expect([marketId, result]).toEqual([marketId, asFeed]);
    }
    const byId = new Map(settled);
    expect(byId.get('cricsheet-1535462/inn1-6ov')).toEqual({ kind: 'runs', runs: 76 });
    expect(byId.get('cricsheet-1535462/inn1-fow1')).toEqual({ kind: 'runs', runs: 21 });
    expect(byId.get('cricsheet-1535462/inn1-bat-v-kohli')).toEqual({ kind: 'runs', runs: 43 });
    expect(byId.get('cricsheet-1535462/inn1-over7')).toEqual({ kind: 'runs', runs: 10 });
    expect(byId.get('cricsheet-1535462/toss')).toEqual({ kind: 'winner', runnerId: 'Gujarat Titans' });
    expect(byId.get('cricsheet-1535462/tied-match')).toEqual({ kind: 'winner', runnerId: 'No' });
    expect(byId.get('cricsheet-1535462/inn1-6ov-oddeven')).toEqual({ kind: 'winner', runnerId: 'Even' });
    // Every market carries its rules.
    const specs = all.flatMap((a) => (a.type === 'createMarket' ? [a.market] : []));
    expect(specs.every((m) => (m.rules ?? '').length > 20)).toBe(true);
  });

  it('caught up an over at a time (a feed that fell behind), it offers the same markets and settles each the same', () => {
    const { all, feed: stepped } = replay('1535462');
    const match = cricsheetFixture('1535462');
    const feed = createCricsheetFeed(match, { eventId: 'cricsheet-1535462', league: 'Replays', label: '(replay)' });
    const caught = [...feed.open(0)];
    for (let from = 0; from < feed.deliveries; from += 6)
      caught.push(...feed.catchUp(from, Math.min(from + 6, feed.deliveries)));
    expect([...feed.markets.keys()].sort()).toEqual([...stepped.markets.keys()].sort());
    const sorted = (actions: FeedAction[]) => settledOf(actions).sort(([a], [b]) => a.localeCompare(b));
    expect(sorted(caught)).toEqual(sorted(all));
    expect(caught.filter((a) => a.type === 'eventStatus')).toEqual(all.filter((a) => a.type === 'eventStatus'));
    // A fraction of the work: a score and a round of quotes an over, not two rounds a ball.
    expect(caught.length * 5).toBeLessThan(all.length);
  });

  it('a ball in progress suspends every quoted line; after it the lines reopen', () => {
    const { balls } = replay('1535462');
    const ball = balls[40]!;
    const quotes = ball.bowling.filter((a) => a.type === 'fancyQuote' || a.type === 'bookmakerQuote');
    expect(quotes.length).toBeGreaterThan(3);
    for (const a of quotes) {
      if (a.type === 'fancyQuote') expect(a.quote.status === 'suspended' || a.quote.status === 'closed').toBe(true);
      if (a.type === 'bookmakerQuote') expect(a.status).toBe('suspended');
    }
    const reopened = ball.bowled.filter((a) => a.type === 'fancyQuote' && a.quote.status === 'open');
    expect(reopened.length).toBeGreaterThan(0);
    expect(ball.bowled[0]).toMatchObject({ type: 'score' });
  });

  it('a shortened match (KKR v RPS, D/L) voids the sessions the rain cut short', () => {
    const { all } = replay('980989');
    const byId = new Map(settledOf(all));
    expect(byId.get('cricsheet-980989/inn1-20ov')).toEqual({ kind: 'void', reason: 'MATCH_SHORTENED' });
    expect(byId.get('cricsheet-980989/inn2-6ov')).toEqual({ kind: 'void', reason: 'TARGET_REACHED' });
    expect(byId.get('cricsheet-980989/inn1-15ov')).toEqual({ kind: 'runs', runs: 94 });
  });
});
