import { LevelLadder, PriceLadder } from './ladder.js';
import type {
  MarketChange,
  MarketDefinition,
  MarketStatus,
  PriceSize,
  RunnerChange,
  RunnerDefinition,
  RunnerStatus,
} from './protocol.js';

/** One runner of a market book: what the stream has said about it so far. */
export interface RunnerBook {
  selectionId: number;
  handicap: number;
  /** From the market definition; null for a runner only seen in a RunnerChange. */
  status: RunnerStatus | null;
  sortPriority: number | null;
  name: string | null;
  adjustmentFactor: number | null;
  removalDate: string | null;
  /** Actual starting price (definition `bsp`). */
  bsp: number | null;
  /** Null until the stream sends one (ESA-5). */
  ltp: number | null;
  tv: number | null;
  spn: number | null;
  spf: number | null;
  /** Available to back, highest price first. */
  atb: PriceSize[];
  /** Available to lay, lowest price first. */
  atl: PriceSize[];
  /** Traded, lowest price first. */
  trd: PriceSize[];
  spb: PriceSize[];
  spl: PriceSize[];
  batb: PriceSize[];
  batl: PriceSize[];
  bdatb: PriceSize[];
  bdatl: PriceSize[];
}

export interface MarketBook {
  marketId: string;
  /** Publish time of the last message that changed this market. */
  publishTime: number;
  status: MarketStatus | null;
  inPlay: boolean | null;
  betDelay: number | null;
  version: number | null;
  /** Market traded volume; null until sent. */
  tv: number | null;
  /** The last change to this market was conflated (`con`; informational, ESA-8). */
  conflated: boolean;
  definition: MarketDefinition | null;
  /** In the order the stream first named them (the definition's order). */
  runners: RunnerBook[];
}

class RunnerCache {
  definition: RunnerDefinition | null = null;
  ltp: number | null = null;
  tv: number | null = null;
  spn: number | null = null;
  spf: number | null = null;
  readonly atb = new PriceLadder();
  readonly atl = new PriceLadder();
  readonly trd = new PriceLadder();
  readonly spb = new PriceLadder();
  readonly spl = new PriceLadder();
  readonly batb = new LevelLadder();
  readonly batl = new LevelLadder();
  readonly bdatb = new LevelLadder();
  readonly bdatl = new LevelLadder();

  constructor(
    readonly selectionId: number,
    readonly handicap: number,
  ) {}

  apply(change: RunnerChange): void {
    if (change.ltp !== undefined) this.ltp = change.ltp;
    if (change.tv !== undefined) this.tv = change.tv;
    if (change.spn !== undefined) this.spn = change.spn;
    if (change.spf !== undefined) this.spf = change.spf;
    if (change.atb) this.atb.apply(change.atb);
    if (change.atl) this.atl.apply(change.atl);
    if (change.trd) this.trd.apply(change.trd);
    if (change.spb) this.spb.apply(change.spb);
    if (change.spl) this.spl.apply(change.spl);
    if (change.batb) this.batb.apply(change.batb);
    if (change.batl) this.batl.apply(change.batl);
    if (change.bdatb) this.bdatb.apply(change.bdatb);
    if (change.bdatl) this.bdatl.apply(change.bdatl);
  }

  book(): RunnerBook {
    const d = this.definition;
    return {
      selectionId: this.selectionId,
      handicap: this.handicap,
      status: d?.status ?? null,
      sortPriority: d?.sortPriority ?? null,
      name: d?.name ?? null,
      adjustmentFactor: d?.adjustmentFactor ?? null,
      removalDate: d?.removalDate ?? null,
      bsp: d?.bsp ?? null,
      ltp: this.ltp,
      tv: this.tv,
      spn: this.spn,
      spf: this.spf,
      atb: this.atb.sorted(true),
      atl: this.atl.sorted(false),
      trd: this.trd.sorted(false),
      spb: this.spb.sorted(true),
      spl: this.spl.sorted(false),
      batb: this.batb.sorted(),
      batl: this.batl.sorted(),
      bdatb: this.bdatb.sorted(),
      bdatl: this.bdatl.sorted(),
    };
  }
}

/** A runner is keyed by selection id and handicap (line and Asian handicap markets repeat ids). */
function runnerKey(id: number, hc: number | undefined): string {
  return hc ? `${id}/${hc}` : String(id);
}

/** One market's state, changed only by `apply` (ESA-1, ESA-2, ESA-5). */
export class MarketCache {
  definition: MarketDefinition | null = null;
  publishTime: number;
  tv: number | null = null;
  conflated = false;
  private readonly runners = new Map<string, RunnerCache>();

  constructor(
    readonly marketId: string,
    publishTime: number,
  ) {
    this.publishTime = publishTime;
  }

  apply(change: MarketChange, publishTime: number): void {
    this.publishTime = publishTime;
    this.conflated = change.con === true;
    if (change.marketDefinition) this.applyDefinition(change.marketDefinition);
    if (change.tv !== undefined) this.tv = change.tv;
    if (change.rc) for (const rc of change.rc) this.runner(rc.id, rc.hc).apply(rc);
  }

  /** The definition comes in full: it replaces the last one, and names the runners in its order. */
  private applyDefinition(definition: MarketDefinition): void {
    this.definition = definition;
    for (const runner of definition.runners ?? []) this.runner(runner.id, runner.hc).definition = runner;
  }

  private runner(id: number, hc: number | undefined): RunnerCache {
    const key = runnerKey(id, hc);
    let runner = this.runners.get(key);
    if (!runner) {
      runner = new RunnerCache(id, hc ?? 0);
      this.runners.set(key, runner);
    }
    return runner;
  }

  get status(): MarketStatus | null {
    return this.definition?.status ?? null;
  }

  book(): MarketBook {
    const d = this.definition;
    return {
      marketId: this.marketId,
      publishTime: this.publishTime,
      status: d?.status ?? null,
      inPlay: d?.inPlay ?? null,
      betDelay: d?.betDelay ?? null,
      version: d?.version ?? null,
      tv: this.tv,
      conflated: this.conflated,
      definition: d,
      runners: [...this.runners.values()].map((runner) => runner.book()),
    };
  }

  /** The best `levels` prices per side of each runner, without building the whole book. */
  bestPrices(levels: number): Map<string, { back: PriceSize[]; lay: PriceSize[] }> {
    const out = new Map<string, { back: PriceSize[]; lay: PriceSize[] }>();
    for (const [key, runner] of this.runners) {
      out.set(key, { back: runner.atb.best(levels, true), lay: runner.atl.best(levels, false) });
    }
    return out;
  }
}
