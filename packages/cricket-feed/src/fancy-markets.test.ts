/**
 * CFD-*: every market settles at the value computed from the deliveries. The expected values were
 * worked out from the raw Cricsheet files by a separate script (a plain pass over the deliveries in
 * Python), not by this package.
 */
import { describe, expect, it } from 'vitest';
import {
  batterMarket,
  fallOfWicketMarket,
  inningsMarkets,
  matchAfter,
  matchDeliveries,
  matchMarkets,
  overRunsMarket,
  settleMarket,
} from './index.js';
import type { FancyMarketSpec, FancySettlement, MatchRecord } from './index.js';
import { cricsheetFixture } from './test-fixtures.js';

const market = (specs: FancyMarketSpec[], id: string) => specs.find((s) => s.id === id)!;
const runs = (n: number): FancySettlement => ({ kind: 'runs', runs: n });
const winner = (runner: string): FancySettlement => ({ kind: 'winner', runner });
const voided = (reason: string): FancySettlement => ({ kind: 'void', reason }) as FancySettlement;

function sessions(match: MatchRecord, innings: number) {
  const specs = inningsMarkets(innings, match.innings[innings]!.team);
  return Object.fromEntries(
    ['6ov', '10ov', '15ov', '20ov', '6ov-oddeven', '20ov-oddeven'].map((s) => [
      s,
      settleMarket(match, market(specs, `inn${innings + 1}-${s}`)),
    ]),
  );
}

describe('fancy markets settled from Cricsheet deliveries', () => {
  it('CFD-3..7: RCB v GT, 26 May 2026 (a full match, the chasers all out in the 20th over)', () => {
    const m = cricsheetFixture('1535462');
    expect(sessions(m, 0)).toEqual({
      '6ov': runs(76),
      '10ov': runs(99),
      '15ov': runs(168),
      '20ov': runs(254),
      '6ov-oddeven': winner('Even'),
      '20ov-oddeven': winner('Even'),
    });
    // All out at 19.3: the 20-over session settles at the final total.
    expect(sessions(m, 1)).toEqual({
      '6ov': runs(51),
      '10ov': runs(70),
      '15ov': runs(123),
      '20ov': runs(162),
      '6ov-oddeven': winner('Odd'),
      '20ov-oddeven': winner('Even'),
    });
    const rcb = 'Royal Challengers Bengaluru';
    expect([1, 2, 3, 4].map((w) => settleMarket(m, fallOfWicketMarket(0, rcb, w)))).toEqual([
      runs(21),
      runs(93),
      runs(94),
      runs(189),
    ]);
    expect([1, 2, 3, 4].map((w) => settleMarket(m, fallOfWicketMarket(1, 'Gujarat Titans', w)))).toEqual([
      runs(17),
      runs(27),
      runs(51),
      runs(51),
    ]);
    // Out: runs at dismissal; not out: runs at the end of the innings.
    expect(['VR Iyer', 'V Kohli', 'D Padikkal', 'RM Patidar'].map((b) => settleMarket(m, batterMarket(0, b)))).toEqual([
      runs(19),
      runs(43),
      runs(30),
      runs(93),
    ]);
    expect([
      settleMarket(m, overRunsMarket(0, rcb, 7)),
      settleMarket(m, overRunsMarket(0, rcb, 1)),
      settleMarket(m, overRunsMarket(1, 'GT', 7)),
    ]).toEqual([runs(10), runs(14), runs(2)]);
    const [toss, tied, completed] = matchMarkets().map((spec) => settleMarket(m, spec));
    expect([toss, tied, completed]).toEqual([winner('Gujarat Titans'), winner('No'), winner('Yes')]);
  });

  it('CFD-8: a tied match (RR v KXIP, 21 April 2015, decided by a super over) settles Tied match Yes', () => {
    const m = cricsheetFixture('829741');
    expect(sessions(m, 0)['20ov']).toEqual(runs(191));
    expect(sessions(m, 1)).toEqual({
      '6ov': runs(40),
      '10ov': runs(67),
      '15ov': runs(120),
      '20ov': runs(191),
      '6ov-oddeven': winner('Even'),
      '20ov-oddeven': winner('Odd'),
    });
    expect(matchMarkets().map((spec) => settleMarket(m, spec))).toEqual([
      winner('Kings XI Punjab'),
      winner('Yes'),
      winner('Yes'),
    ]);
    expect(m.superOvers.map((i) => i.team)).toEqual(['Kings XI Punjab', 'Rajasthan Royals']);
  });

  it('CFD-6: a shortened match (KKR v RPS, 14 May 2016, D/L, 66 to win in 9 overs) voids what it cut short', () => {
    const m = cricsheetFixture('980989');
    // First innings stopped by rain in the 18th over: sessions reached settle, the 20-over one is void.
    expect(sessions(m, 0)).toEqual({
      '6ov': runs(37),
      '10ov': runs(70),
      '15ov': runs(94),
      '20ov': voided('MATCH_SHORTENED'),
      '6ov-oddeven': winner('Odd'),
      '20ov-oddeven': voided('MATCH_SHORTENED'),
    });
    // The 9-over chase won in 5: 6 overs void (target reached first), longer sessions void (shortened).
    expect(sessions(m, 1)).toEqual({
      '6ov': voided('TARGET_REACHED'),
      '10ov': voided('MATCH_SHORTENED'),
      '15ov': voided('MATCH_SHORTENED'),
      '20ov': voided('MATCH_SHORTENED'),
      '6ov-oddeven': voided('TARGET_REACHED'),
      '20ov-oddeven': voided('MATCH_SHORTENED'),
    });
    // A partnership the rain stopped: its fall-of-wicket session is void; one the chase outlived too.
    expect(settleMarket(m, fallOfWicketMarket(0, 'RPS', 7))).toEqual(voided('MATCH_SHORTENED'));
    expect(settleMarket(m, fallOfWicketMarket(1, 'KKR', 2))).toEqual(runs(8));
    expect(settleMarket(m, fallOfWicketMarket(1, 'KKR', 3))).toEqual(voided('TARGET_REACHED'));
    expect(settleMarket(m, batterMarket(1, 'RV Uthappa'))).toEqual(runs(4));
    expect(matchMarkets().map((spec) => settleMarket(m, spec))).toEqual([
      winner('Rising Pune Supergiants'),
      winner('No'),
      winner('Yes'),
    ]);
  });

  it('CFD-3: penalty runs and wides count as Cricsheet records them (MI v DD, 27 April 2014: 5 penalty runs in over 5)', () => {
    const m = cricsheetFixture('729309');
    expect(sessions(m, 1)).toEqual({
      '6ov': runs(31),
      '10ov': runs(55),
      '15ov': runs(103),
      '20ov': voided('TARGET_REACHED'),
      '6ov-oddeven': winner('Odd'),
      '20ov-oddeven': voided('TARGET_REACHED'),
    });
    const penaltyBall = m.innings[1]!.deliveries.find((d) => d.penalty > 0)!;
    expect(penaltyBall).toMatchObject({ over: 4, penalty: 5, wides: 2, totalRuns: 7, batterRuns: 0 });
    expect(settleMarket(m, overRunsMarket(1, 'DD', 5))).toEqual(
      runs(m.innings[1]!.deliveries.filter((d) => d.over === 4).reduce((n, d) => n + d.totalRuns, 0)),
    );
    expect(settleMarket(m, batterMarket(1, 'KP Pietersen'))).toEqual(runs(26));
  });

  it('CFD-9: live, a market is pending until the ball that decides it, and settles on that ball', () => {
    const m = cricsheetFixture('1535462');
    const six = market(inningsMarkets(0, 'RCB'), 'inn1-6ov');
    const deciding = m.innings[0]!.deliveries.findIndex((d) => d.over === 6);
    expect(settleMarket(matchAfter(m, deciding - 1), six)).toEqual({ kind: 'pending' });
    expect(settleMarket(matchAfter(m, deciding), six)).toEqual(runs(76));
    const tied = matchMarkets()[1]!;
    expect(settleMarket(matchAfter(m, matchDeliveries(m) - 1), tied)).toEqual({ kind: 'pending' });
    expect(settleMarket(matchAfter(m, matchDeliveries(m)), tied)).toEqual(winner('No'));
    // The fall of the 1st wicket settles on the ball it fell.
    const fow = fallOfWicketMarket(0, 'RCB', 1);
    const fell = m.innings[0]!.deliveries.findIndex((d) => d.wicketsOut.length > 0) + 1;
    expect(settleMarket(matchAfter(m, fell - 1), fow)).toEqual({ kind: 'pending' });
    expect(settleMarket(matchAfter(m, fell), fow)).toEqual(runs(21));
  });
});
