/**
 * The state of one exchange market: per runner, a back book and a lay book, each a fixed array of
 * 350 price levels (one per ladder price) holding a FIFO queue of resting offers. Queues are
 * intrusive doubly linked lists so that a cancel is O(1) and a fill never shifts an array.
 *
 * This module owns the data structure; matching.ts owns the rules that change it. Nothing here reads
 * a clock or a random source, so the state is a pure function of the commands applied to it.
 */
import { LADDER_SIZE, indexToPrice, priceToIndex } from '@khel/money';

export type Side = 'back' | 'lay';
/** 'lapse': taken off the book when the market suspends or turns in play; 'keep': stays (Betfair PERSIST). */
export type Persistence = 'lapse' | 'keep';
export type MarketStatus = 'open' | 'suspended' | 'closed';

/** An accepted offer with an unmatched remainder, resting in a queue. Mutable inside the engine only. */
export interface RestingOffer {
  readonly offerId: string;
  readonly ownerId: string;
  readonly runnerId: string;
  readonly side: Side;
  readonly priceHundredths: number;
  readonly priceIndex: number;
  /** Stake as placed, after any partial cancels (what the owner still asks to have matched in total). */
  stakePaise: number;
  /** Unmatched part, > 0 while the offer rests. */
  remainingPaise: number;
  readonly persistence: Persistence;
  /** Sequence number of the command that placed it: its time priority. */
  readonly placedSeq: number;
  prev: RestingOffer | null;
  next: RestingOffer | null;
}

/** One side of one runner's book. */
export interface SideBook {
  readonly side: Side;
  readonly heads: (RestingOffer | null)[];
  readonly tails: (RestingOffer | null)[];
  /** Sum of remainingPaise per level, kept in step with the queues so depth is O(levels read). */
  readonly amountsPaise: Float64Array;
  /**
   * Best non-empty level: for backs the lowest index (a layer wants the lowest odds), LADDER_SIZE when
   * empty; for lays the highest index (a backer wants the highest odds), −1 when empty.
   */
  best: number;
}

export interface RunnerBook {
  readonly runnerId: string;
  /** Resting back offers: what a layer can take ("available to lay"). */
  readonly backs: SideBook;
  /** Resting lay offers: what a backer can take ("available to back"). */
  readonly lays: SideBook;
  /** Backers' stake matched on this runner so far (MAT-16): its traded volume. */
  tradedPaise: number;
  /** The price of its last fill, null before any (MAT-16). */
  lastPriceHundredths: number | null;
}

export interface ExchangeMarket {
  readonly marketId: string;
  status: MarketStatus;
  inPlay: boolean;
  /** Bumped on every status change, so a delayed bet can tell that the market moved under it. */
  version: number;
  /** Sequence number of the last command applied; commands must arrive with a larger one. */
  lastSeq: number;
  readonly runnerIds: readonly string[];
  readonly runners: Map<string, RunnerBook>;
  /**
   * Resting offers by id. Only live ones: the engine's memory is bounded by the book, not by the
   * market's history (an in-play market can see millions of offers), and a map that never shrinks was
   * measured to cost 2.7× the throughput. Offer ids are unique for a market's whole life because the
   * caller issues them (the bet row's key); the engine only refuses an id that is resting (MAT-14).
   */
  readonly liveOffers: Map<string, RestingOffer>;
}

export interface CreateMarketInput {
  marketId: string;
  runnerIds: readonly string[];
  inPlay?: boolean;
  status?: MarketStatus;
}

function emptySide(side: Side): SideBook {
  return {
    side,
    heads: new Array<RestingOffer | null>(LADDER_SIZE).fill(null),
    tails: new Array<RestingOffer | null>(LADDER_SIZE).fill(null),
    amountsPaise: new Float64Array(LADDER_SIZE),
    best: side === 'back' ? LADDER_SIZE : -1,
  };
}

export function createExchangeMarket(input: CreateMarketInput): ExchangeMarket {
  const runners = new Map<string, RunnerBook>();
  for (const runnerId of input.runnerIds) {
    if (runners.has(runnerId)) throw new Error(`duplicate runner id ${runnerId}`);
    runners.set(runnerId, {
      runnerId,
      backs: emptySide('back'),
      lays: emptySide('lay'),
      tradedPaise: 0,
      lastPriceHundredths: null,
    });
  }
  return {
    marketId: input.marketId,
    status: input.status ?? 'open',
    inPlay: input.inPlay ?? false,
    version: 0,
    lastSeq: 0,
    runnerIds: [...input.runnerIds],
    runners,
    liveOffers: new Map(),
  };
}

/** Appends an offer to the tail of its level (newest last: FIFO). */
export function appendOffer(book: SideBook, offer: RestingOffer): void {
  const level = offer.priceIndex;
  const tail = book.tails[level] ?? null;
  offer.prev = tail;
  offer.next = null;
  if (tail === null) book.heads[level] = offer;
  else tail.next = offer;
  book.tails[level] = offer;
  book.amountsPaise[level] = (book.amountsPaise[level] ?? 0) + offer.remainingPaise;
  if (book.side === 'back' ? level < book.best : level > book.best) book.best = level;
}

/**
 * Unlinks an offer from its level. The caller has already taken its remaining amount out of the
 * level total (a fill or a cancel did), so this only repairs links and the best-level pointer.
 */
export function unlinkOffer(book: SideBook, offer: RestingOffer): void {
  const level = offer.priceIndex;
  if (offer.prev === null) book.heads[level] = offer.next;
  else offer.prev.next = offer.next;
  if (offer.next === null) book.tails[level] = offer.prev;
  else offer.next.prev = offer.prev;
  offer.prev = null;
  offer.next = null;
  if (book.heads[level] === null && level === book.best) book.best = nextNonEmpty(book, level);
}

/** The next non-empty level past `from`, walking away from the best price; the empty marker if none. */
export function nextNonEmpty(book: SideBook, from: number): number {
  const heads = book.heads;
  if (book.side === 'back') {
    let level = from + 1;
    while (level < LADDER_SIZE && heads[level] === null) level++;
    return level;
  }
  let level = from - 1;
  while (level >= 0 && heads[level] === null) level--;
  return level;
}

export interface DepthLevel {
  priceHundredths: number;
  /** Sum of unmatched stake at this price, in the backer's stake (what Betfair shows). */
  amountPaise: number;
}

export interface RunnerDepth {
  runnerId: string;
  /** Resting lays, best (highest) price first: a backer can take these. */
  availableToBackPaise: DepthLevel[];
  /** Resting backs, best (lowest) price first: a layer can take these. */
  availableToLayPaise: DepthLevel[];
}

function readSide(book: SideBook, levels: number): DepthLevel[] {
  const out: DepthLevel[] = [];
  let level = book.best;
  while (out.length < levels && level >= 0 && level < LADDER_SIZE) {
    out.push({ priceHundredths: indexToPrice(level) as number, amountPaise: book.amountsPaise[level] as number });
    level = nextNonEmpty(book, level);
  }
  return out;
}

/** Best `levels` prices (default three) on each side of a runner, with the amounts available. */
export function readDepth(market: ExchangeMarket, runnerId: string, levels = 3): RunnerDepth | null {
  const runner = market.runners.get(runnerId);
  if (runner === undefined) return null;
  return {
    runnerId,
    availableToBackPaise: readSide(runner.lays, levels),
    availableToLayPaise: readSide(runner.backs, levels),
  };
}

/** A runner's traded volume and last traded price (MAT-16). */
export interface RunnerTraded {
  runnerId: string;
  tradedPaise: number;
  lastPriceHundredths: number | null;
}

export function readTraded(market: ExchangeMarket, runnerId: string): RunnerTraded | null {
  const runner = market.runners.get(runnerId);
  return runner === undefined
    ? null
    : { runnerId, tradedPaise: runner.tradedPaise, lastPriceHundredths: runner.lastPriceHundredths };
}

/** Depth for every runner, in the market's runner order. */
export function readMarketDepth(market: ExchangeMarket, levels = 3): RunnerDepth[] {
  return market.runnerIds.map((runnerId) => readDepth(market, runnerId, levels) as RunnerDepth);
}

/** A resting offer as plain data (no queue links): what snapshots and read models carry. */
export interface OfferView {
  offerId: string;
  ownerId: string;
  runnerId: string;
  side: Side;
  priceHundredths: number;
  stakePaise: number;
  remainingPaise: number;
  persistence: Persistence;
  placedSeq: number;
}

function view(offer: RestingOffer): OfferView {
  return {
    offerId: offer.offerId,
    ownerId: offer.ownerId,
    runnerId: offer.runnerId,
    side: offer.side,
    priceHundredths: offer.priceHundredths,
    stakePaise: offer.stakePaise,
    remainingPaise: offer.remainingPaise,
    persistence: offer.persistence,
    placedSeq: offer.placedSeq,
  };
}

/**
 * Every resting offer in a fixed order: runner order, backs then lays, ladder index ascending, then
 * queue order. The order depends only on the book, never on Map insertion history, so lapses and
 * snapshots come out the same after a replay or a restore.
 */
export function forEachRestingOffer(
  market: ExchangeMarket,
  visit: (offer: RestingOffer, book: SideBook) => void,
): void {
  for (const runnerId of market.runnerIds) {
    const runner = market.runners.get(runnerId) as RunnerBook;
    for (const book of [runner.backs, runner.lays]) {
      for (let level = 0; level < LADDER_SIZE; level++) {
        let offer = book.heads[level] ?? null;
        while (offer !== null) {
          const next: RestingOffer | null = offer.next;
          visit(offer, book);
          offer = next;
        }
      }
    }
  }
}

export function listRestingOffers(market: ExchangeMarket, ownerId?: string): OfferView[] {
  const out: OfferView[] = [];
  forEachRestingOffer(market, (offer) => {
    if (ownerId === undefined || offer.ownerId === ownerId) out.push(view(offer));
  });
  return out;
}

export function getRestingOffer(market: ExchangeMarket, offerId: string): OfferView | null {
  const offer = market.liveOffers.get(offerId);
  return offer === undefined ? null : view(offer);
}

/** JSON-safe copy of the whole market state. restoreMarket(snapshotMarket(m)) behaves exactly like m. */
export interface MarketSnapshot {
  marketId: string;
  status: MarketStatus;
  inPlay: boolean;
  version: number;
  lastSeq: number;
  runnerIds: string[];
  /** In forEachRestingOffer order, which is also each queue's priority order. */
  offers: OfferView[];
  /** Runners that traded, in runner order (absent in snapshots written before MAT-16: nothing traded then). */
  traded?: RunnerTraded[];
}

export function snapshotMarket(market: ExchangeMarket): MarketSnapshot {
  return {
    marketId: market.marketId,
    status: market.status,
    inPlay: market.inPlay,
    version: market.version,
    lastSeq: market.lastSeq,
    runnerIds: [...market.runnerIds],
    offers: listRestingOffers(market),
    traded: market.runnerIds.flatMap((runnerId) => {
      const traded = readTraded(market, runnerId) as RunnerTraded;
      return traded.lastPriceHundredths === null ? [] : [traded];
    }),
  };
}

export function restoreMarket(snapshot: MarketSnapshot): ExchangeMarket {
  const market = createExchangeMarket({
    marketId: snapshot.marketId,
    runnerIds: snapshot.runnerIds,
    inPlay: snapshot.inPlay,
    status: snapshot.status,
  });
  market.version = snapshot.version;
  market.lastSeq = snapshot.lastSeq;
  for (const traded of snapshot.traded ?? []) {
    const runner = market.runners.get(traded.runnerId);
    if (runner === undefined) throw new Error(`corrupt market snapshot at runner ${traded.runnerId}`);
    runner.tradedPaise = traded.tradedPaise;
    runner.lastPriceHundredths = traded.lastPriceHundredths;
  }
  for (const data of snapshot.offers) {
    const runner = market.runners.get(data.runnerId);
    const priceIndex = priceToIndex(data.priceHundredths);
    // A snapshot we did not write, or one edited by hand: refuse it rather than run a corrupt book.
    if (runner === undefined || priceIndex < 0 || !(data.remainingPaise > 0) || market.liveOffers.has(data.offerId)) {
      throw new Error(`corrupt market snapshot at offer ${data.offerId}`);
    }
    const offer: RestingOffer = { ...data, priceIndex, prev: null, next: null };
    appendOffer(data.side === 'back' ? runner.backs : runner.lays, offer);
    market.liveOffers.set(offer.offerId, offer);
  }
  return market;
}
