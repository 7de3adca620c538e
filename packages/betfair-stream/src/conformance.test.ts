/**
 * Conformance with betfairlightweight (betcode-org/betfair): its own test replays the BASIC file and
 * compares each market book with BASIC-1.132153978-processed.json. We replay the same file and match
 * that golden output, book after book, on every field our cache models.
 */
import { describe, expect, it } from 'vitest';
import { parseMarketMessages, StreamCache } from './index.js';
import type { MarketBook, PriceSize } from './index.js';
import { readFixture } from './test-fixtures.js';

interface GoldenRunner {
  selectionId: number;
  handicap: number;
  status: string | null;
  adjustmentFactor: number | null;
  removalDate: string | null;
  lastPriceTraded: number | null;
  totalMatched: number | null;
  ex: { tradedVolume: unknown[]; availableToBack: unknown[]; availableToLay: unknown[] };
  sp: {
    nearPrice: number | null;
    farPrice: number | null;
    backStakeTaken: unknown[];
    layLiabilityTaken: unknown[];
    actualSP: number | null;
  };
}
interface GoldenBook {
  marketId: string;
  publishTime: number;
  status: string | null;
  inplay: boolean | null;
  betDelay: number | null;
  version: number | null;
  complete: boolean | null;
  numberOfWinners: number | null;
  numberOfActiveRunners: number | null;
  numberOfRunners: number;
  crossMatching: boolean | null;
  bspReconciled: boolean | null;
  runnersVoidable: boolean | null;
  totalMatched: number | null;
  marketDefinition: unknown;
  runners: GoldenRunner[];
}

const ladder = (entries: PriceSize[]) => entries.map(([price, size]) => ({ price, size }));

/**
 * Our book in betfairlightweight's words. Where the two differ by design it is said here: that library
 * reports a traded volume never sent as 0 where we keep null (ESA-5), and shows the virtual or best-offer
 * ladders when the full one is empty.
 */
function asLightweight(book: MarketBook): GoldenBook {
  const d = book.definition;
  return {
    marketId: book.marketId,
    publishTime: book.publishTime,
    status: book.status,
    inplay: book.inPlay,
    betDelay: book.betDelay,
    version: book.version,
    complete: d?.complete ?? null,
    numberOfWinners: d?.numberOfWinners ?? null,
    numberOfActiveRunners: d?.numberOfActiveRunners ?? null,
    numberOfRunners: book.runners.length,
    crossMatching: d?.crossMatching ?? null,
    bspReconciled: d?.bspReconciled ?? null,
    runnersVoidable: d?.runnersVoidable ?? null,
    totalMatched: book.tv ?? 0,
    marketDefinition: d,
    runners: book.runners.map((r) => ({
      selectionId: r.selectionId,
      handicap: r.handicap,
      status: r.status,
      adjustmentFactor: r.adjustmentFactor,
      removalDate: r.removalDate,
      lastPriceTraded: r.ltp,
      totalMatched: r.tv ?? 0,
      ex: {
        tradedVolume: ladder(r.trd),
        availableToBack: ladder(r.atb.length ? r.atb : r.bdatb.length ? r.bdatb : r.batb),
        availableToLay: ladder(r.atl.length ? r.atl : r.bdatl.length ? r.bdatl : r.batl),
      },
      sp: {
        nearPrice: r.spn,
        farPrice: r.spf,
        backStakeTaken: ladder(r.spl),
        layLiabilityTaken: ladder(r.spb),
        actualSP: r.bsp,
      },
    })),
  };
}

function project(golden: GoldenBook): GoldenBook {
  return {
    marketId: golden.marketId,
    publishTime: golden.publishTime,
    status: golden.status,
    inplay: golden.inplay,
    betDelay: golden.betDelay,
    version: golden.version,
    complete: golden.complete,
    numberOfWinners: golden.numberOfWinners,
    numberOfActiveRunners: golden.numberOfActiveRunners,
    numberOfRunners: golden.numberOfRunners,
    crossMatching: golden.crossMatching,
    bspReconciled: golden.bspReconciled,
    runnersVoidable: golden.runnersVoidable,
    totalMatched: golden.totalMatched,
    marketDefinition: golden.marketDefinition,
    runners: golden.runners.map((r) => ({
      selectionId: r.selectionId,
      handicap: r.handicap,
      status: r.status,
      adjustmentFactor: r.adjustmentFactor,
      removalDate: r.removalDate,
      lastPriceTraded: r.lastPriceTraded,
      totalMatched: r.totalMatched,
      ex: r.ex,
      sp: r.sp,
    })),
  };
}

describe('conformance: the BASIC file against betfairlightweight golden output', () => {
  const messages = parseMarketMessages(readFixture('BASIC-1.132153978.jsonl'));
  const golden = JSON.parse(readFixture('BASIC-1.132153978-processed.json.gz')) as GoldenBook[];

  it('replays all 480 messages, one golden book each', () => {
    expect(messages).toHaveLength(480);
    expect(golden).toHaveLength(480);
  });

  it('ESA-1..5: after every message the market book equals the golden one on every modelled field', () => {
    const cache = new StreamCache();
    messages.forEach((message, index) => {
      const applied = cache.apply(message);
      expect(applied.marketIds).toEqual(['1.132153978']);
      const ours = asLightweight(cache.book('1.132153978')!);
      expect(ours, `book after message ${index} (pt ${message.pt})`).toEqual(project(golden[index]!));
    });
    // The file's last clock is the one the library reports after the replay.
    expect(cache.clk).toBe('3522512789');
  });

  it('the golden output really moves: prices, removals and the result are all in it', () => {
    const last = golden.at(-1)!;
    expect(last.status).toBe('CLOSED');
    expect(last.runners.filter((r) => r.status === 'WINNER').map((r) => r.selectionId)).toEqual([12115648]);
    expect(
      new Set(golden.map((g) => g.runners.find((r) => r.selectionId === 11695059)!.lastPriceTraded)).size,
    ).toBeGreaterThan(5);
    expect(golden.some((g) => g.runners.some((r) => r.status === 'REMOVED' && r.removalDate !== null))).toBe(true);
  });
});
