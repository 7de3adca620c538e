/**
 * The exchange state machine (LMAX style): applyCommand(market, command) mutates the market and
 * returns the events it caused. Same commands in the same order → same events, byte for byte; ids,
 * times and sequence numbers all come in on the commands.
 */
import {
  appendOffer,
  createExchangeMarket,
  forEachRestingOffer,
  unlinkOffer,
  type CreateMarketInput,
  type ExchangeMarket,
  type MarketStatus,
  type Persistence,
  type RestingOffer,
  type RunnerBook,
  type Side,
  type SideBook,
} from './book.js';
import { LADDER_SIZE, priceToIndex } from '@khel/money';
import { isValidStakePaise, type LapseReason, type RejectReason } from './reason-codes.js';

interface CommandBase {
  /** Strictly increasing per market; the engine's only notion of order and time priority. */
  seq: number;
  /** Wall-clock time stamped by the caller, echoed on the events; never read by the rules. */
  timeMs: number;
}

export interface PlaceCommand extends CommandBase {
  type: 'place';
  offerId: string;
  ownerId: string;
  runnerId: string;
  side: Side;
  priceHundredths: number;
  /** The backer's stake for a back offer; for a lay offer the backer's stake it accepts (liability = (odds − 1) × stake). */
  stakePaise: number;
  persistence: Persistence;
  /** Set by a delayed in-play bet: refuse if the market changed status since the delay started. */
  expectedVersion?: number;
}

export interface CancelCommand extends CommandBase {
  type: 'cancel';
  offerId: string;
  ownerId: string;
  /** Cancel only this much of the unmatched remainder; absent (or ≥ the remainder) cancels all of it. */
  reducePaise?: number;
}

/**
 * Moves an offer's unmatched remainder to a new price as one command (Betfair's replaceOrders,
 * MAT-15): the remainder is cancelled and a new offer `newOfferId` placed at the new price, behind
 * everything resting there; what the old offer matched stays with it.
 */
export interface ReplaceCommand extends CommandBase {
  type: 'replace';
  offerId: string;
  ownerId: string;
  newOfferId: string;
  priceHundredths: number;
  /** The new offer's stake; absent: the old offer's unmatched remainder. */
  stakePaise?: number;
}

export interface MarketCommand extends CommandBase {
  type: 'suspend' | 'resume' | 'turnInPlay' | 'close';
}

export type ExchangeCommand = PlaceCommand | CancelCommand | ReplaceCommand | MarketCommand;
export type CommandType = ExchangeCommand['type'];

interface EventBase {
  seq: number;
  timeMs: number;
}

export interface AcceptedEvent extends EventBase {
  type: 'accepted';
  offerId: string;
  ownerId: string;
  runnerId: string;
  side: Side;
  priceHundredths: number;
  stakePaise: number;
  persistence: Persistence;
}

export interface RejectedEvent extends EventBase {
  type: 'rejected';
  command: CommandType;
  /** The offer the command named, null for market commands. */
  offerId: string | null;
  reason: RejectReason;
}

export interface FilledEvent extends EventBase {
  type: 'filled';
  runnerId: string;
  /** The resting (maker) offer's price: fills happen at the price that was waiting. */
  priceHundredths: number;
  /** Matched backer's stake; the layer's liability for it is (price − 1) × stakePaise. */
  stakePaise: number;
  backOfferId: string;
  layOfferId: string;
  backOwnerId: string;
  layOwnerId: string;
  takerSide: Side;
  /** Unmatched remainders after this fill: 0 means that offer is fully matched. */
  backRemainingPaise: number;
  layRemainingPaise: number;
}

export interface CancelledEvent extends EventBase {
  type: 'cancelled';
  offerId: string;
  ownerId: string;
  runnerId: string;
  cancelledPaise: number;
  remainingPaise: number;
}

export interface LapsedEvent extends EventBase {
  type: 'lapsed';
  offerId: string;
  ownerId: string;
  runnerId: string;
  lapsedPaise: number;
  reason: LapseReason;
}

export interface MarketStatusEvent extends EventBase {
  type: 'marketStatus';
  status: MarketStatus;
  inPlay: boolean;
  version: number;
}

export type ExchangeEvent =
  | AcceptedEvent
  | RejectedEvent
  | FilledEvent
  | CancelledEvent
  | LapsedEvent
  | MarketStatusEvent;

/** Applies one command. Returns its events in the order they happened. */
export function applyCommand(market: ExchangeMarket, command: ExchangeCommand): ExchangeEvent[] {
  const events: ExchangeEvent[] = [];
  if (!(command.seq > market.lastSeq)) {
    // A replayed or reordered command: refusing it (rather than asserting) lets the server retry
    // a command stream idempotently. lastSeq does not move.
    events.push(reject(command, 'STALE_SEQUENCE'));
    return events;
  }
  market.lastSeq = command.seq;
  switch (command.type) {
    case 'place':
      place(market, command, events);
      break;
    case 'cancel':
      cancel(market, command, events);
      break;
    case 'replace':
      replace(market, command, events);
      break;
    case 'suspend':
    case 'resume':
    case 'turnInPlay':
    case 'close':
      changeStatus(market, command, events);
      break;
  }
  return events;
}

/** Builds a market and feeds it every command: the replay a server runs after a restart. */
export function replayMarket(
  input: CreateMarketInput,
  commands: Iterable<ExchangeCommand>,
): { market: ExchangeMarket; events: ExchangeEvent[] } {
  const market = createExchangeMarket(input);
  const events: ExchangeEvent[] = [];
  for (const command of commands) {
    for (const event of applyCommand(market, command)) events.push(event);
  }
  return { market, events };
}

function reject(command: ExchangeCommand, reason: RejectReason): RejectedEvent {
  const offerId =
    command.type === 'place' || command.type === 'cancel' || command.type === 'replace' ? command.offerId : null;
  return { type: 'rejected', seq: command.seq, timeMs: command.timeMs, command: command.type, offerId, reason };
}

function placeRejection(market: ExchangeMarket, command: PlaceCommand, priceIndex: number): RejectReason | null {
  if (market.status === 'closed') return 'MARKET_CLOSED';
  if (market.status === 'suspended') return 'MARKET_SUSPENDED';
  if (command.expectedVersion !== undefined && command.expectedVersion !== market.version)
    return 'MARKET_VERSION_CHANGED';
  if (!market.runners.has(command.runnerId)) return 'UNKNOWN_RUNNER';
  if (market.liveOffers.has(command.offerId)) return 'DUPLICATE_OFFER_ID';
  if (priceIndex < 0) return 'PRICE_NOT_ON_LADDER';
  if (!isValidStakePaise(command.stakePaise)) return 'INVALID_STAKE';
  return null;
}

function place(market: ExchangeMarket, command: PlaceCommand, events: ExchangeEvent[]): void {
  const priceIndex = priceToIndex(command.priceHundredths);
  const reason = placeRejection(market, command, priceIndex);
  if (reason !== null) {
    events.push(reject(command, reason));
    return;
  }
  const runner = market.runners.get(command.runnerId) as RunnerBook;
  events.push({
    type: 'accepted',
    seq: command.seq,
    timeMs: command.timeMs,
    offerId: command.offerId,
    ownerId: command.ownerId,
    runnerId: command.runnerId,
    side: command.side,
    priceHundredths: command.priceHundredths,
    stakePaise: command.stakePaise,
    persistence: command.persistence,
  });
  const remainingPaise =
    command.side === 'back'
      ? matchBack(market, runner.lays, command, priceIndex, events)
      : matchLay(market, runner.backs, command, priceIndex, events);
  if (remainingPaise === 0) return;
  const offer: RestingOffer = {
    offerId: command.offerId,
    ownerId: command.ownerId,
    runnerId: command.runnerId,
    side: command.side,
    priceHundredths: command.priceHundredths,
    priceIndex,
    stakePaise: command.stakePaise,
    remainingPaise,
    persistence: command.persistence,
    placedSeq: command.seq,
    prev: null,
    next: null,
  };
  appendOffer(command.side === 'back' ? runner.backs : runner.lays, offer);
  market.liveOffers.set(offer.offerId, offer);
}

/**
 * An incoming back at index `limit` takes resting lays at that price or higher, highest first, oldest
 * first within a price. Own offers are stepped over and keep their place (MAT-6).
 */
function matchBack(
  market: ExchangeMarket,
  lays: SideBook,
  command: PlaceCommand,
  limit: number,
  events: ExchangeEvent[],
): number {
  let remaining = command.stakePaise;
  let level = lays.best;
  while (remaining > 0 && level >= limit) {
    remaining = takeLevel(market, lays, level, command, remaining, events);
    // takeLevel may have emptied this level and moved lays.best; walk on from where we were.
    level--;
    while (level >= limit && lays.heads[level] === null) level--;
  }
  return remaining;
}

/** Mirror of matchBack: an incoming lay takes resting backs at its price or lower, lowest first. */
function matchLay(
  market: ExchangeMarket,
  backs: SideBook,
  command: PlaceCommand,
  limit: number,
  events: ExchangeEvent[],
): number {
  let remaining = command.stakePaise;
  let level = backs.best;
  while (remaining > 0 && level <= limit && level < LADDER_SIZE) {
    remaining = takeLevel(market, backs, level, command, remaining, events);
    level++;
    while (level <= limit && backs.heads[level] === null) level++;
  }
  return remaining;
}

/** Fills the taker against one level's queue, oldest first, and returns what is left of the taker. */
function takeLevel(
  market: ExchangeMarket,
  book: SideBook,
  level: number,
  taker: PlaceCommand,
  remainingPaise: number,
  events: ExchangeEvent[],
): number {
  let remaining = remainingPaise;
  let maker = book.heads[level] ?? null;
  while (maker !== null && remaining > 0) {
    const next: RestingOffer | null = maker.next;
    if (maker.ownerId !== taker.ownerId) {
      const fillPaise = remaining < maker.remainingPaise ? remaining : maker.remainingPaise;
      remaining -= fillPaise;
      maker.remainingPaise -= fillPaise;
      book.amountsPaise[level] = (book.amountsPaise[level] as number) - fillPaise;
      const takerIsBack = taker.side === 'back';
      // MAT-16: the runner's traded volume and last traded price follow every fill.
      const runner = market.runners.get(taker.runnerId) as RunnerBook;
      runner.tradedPaise += fillPaise;
      runner.lastPriceHundredths = maker.priceHundredths;
      events.push({
        type: 'filled',
        seq: taker.seq,
        timeMs: taker.timeMs,
        runnerId: taker.runnerId,
        priceHundredths: maker.priceHundredths,
        stakePaise: fillPaise,
        backOfferId: takerIsBack ? taker.offerId : maker.offerId,
        layOfferId: takerIsBack ? maker.offerId : taker.offerId,
        backOwnerId: takerIsBack ? taker.ownerId : maker.ownerId,
        layOwnerId: takerIsBack ? maker.ownerId : taker.ownerId,
        takerSide: taker.side,
        backRemainingPaise: takerIsBack ? remaining : maker.remainingPaise,
        layRemainingPaise: takerIsBack ? maker.remainingPaise : remaining,
      });
      if (maker.remainingPaise === 0) {
        unlinkOffer(book, maker);
        market.liveOffers.delete(maker.offerId);
      }
    }
    maker = next;
  }
  return remaining;
}

function cancelRejection(
  market: ExchangeMarket,
  command: CancelCommand,
  offer: RestingOffer | undefined,
): RejectReason | null {
  if (market.status === 'closed') return 'MARKET_CLOSED';
  if (market.status === 'suspended') return 'MARKET_SUSPENDED';
  // Never placed, or already fully matched, cancelled or lapsed: either way nothing is left to cancel.
  if (offer === undefined) return 'OFFER_NOT_OPEN';
  if (offer.ownerId !== command.ownerId) return 'NOT_OFFER_OWNER';
  if (command.reducePaise !== undefined && !(Number.isSafeInteger(command.reducePaise) && command.reducePaise > 0)) {
    return 'INVALID_REDUCTION';
  }
  return null;
}

function cancel(market: ExchangeMarket, command: CancelCommand, events: ExchangeEvent[]): void {
  const offer = market.liveOffers.get(command.offerId);
  const reason = cancelRejection(market, command, offer);
  if (reason !== null || offer === undefined) {
    events.push(reject(command, reason ?? 'OFFER_NOT_OPEN'));
    return;
  }
  const runner = market.runners.get(offer.runnerId) as RunnerBook;
  const book = offer.side === 'back' ? runner.backs : runner.lays;
  const cancelledPaise = Math.min(command.reducePaise ?? offer.remainingPaise, offer.remainingPaise);
  offer.remainingPaise -= cancelledPaise;
  offer.stakePaise -= cancelledPaise;
  book.amountsPaise[offer.priceIndex] = (book.amountsPaise[offer.priceIndex] as number) - cancelledPaise;
  // A partial cancel keeps the offer's place in the queue, as a size reduction does on Betfair (MAT-7).
  if (offer.remainingPaise === 0) {
    unlinkOffer(book, offer);
    market.liveOffers.delete(offer.offerId);
  }
  events.push({
    type: 'cancelled',
    seq: command.seq,
    timeMs: command.timeMs,
    offerId: offer.offerId,
    ownerId: offer.ownerId,
    runnerId: offer.runnerId,
    cancelledPaise,
    remainingPaise: offer.remainingPaise,
  });
}

/**
 * MAT-15: everything is checked before anything moves, so a refused replace leaves the old offer
 * where it was. Order: the market, the old offer (open, owned), the new id, the price, the stake.
 */
function replaceRejection(
  market: ExchangeMarket,
  command: ReplaceCommand,
  offer: RestingOffer | undefined,
): RejectReason | null {
  if (market.status === 'closed') return 'MARKET_CLOSED';
  if (market.status === 'suspended') return 'MARKET_SUSPENDED';
  if (offer === undefined) return 'OFFER_NOT_OPEN';
  if (offer.ownerId !== command.ownerId) return 'NOT_OFFER_OWNER';
  if (market.liveOffers.has(command.newOfferId)) return 'DUPLICATE_OFFER_ID';
  if (priceToIndex(command.priceHundredths) < 0) return 'PRICE_NOT_ON_LADDER';
  if (command.stakePaise !== undefined && !isValidStakePaise(command.stakePaise)) return 'INVALID_STAKE';
  return null;
}

function replace(market: ExchangeMarket, command: ReplaceCommand, events: ExchangeEvent[]): void {
  const offer = market.liveOffers.get(command.offerId);
  const reason = replaceRejection(market, command, offer);
  if (reason !== null || offer === undefined) {
    events.push(reject(command, reason ?? 'OFFER_NOT_OPEN'));
    return;
  }
  const { runnerId, side, persistence, ownerId } = offer;
  const stakePaise = command.stakePaise ?? offer.remainingPaise;
  cancel(market, { type: 'cancel', seq: command.seq, timeMs: command.timeMs, offerId: offer.offerId, ownerId }, events);
  place(
    market,
    {
      type: 'place',
      seq: command.seq,
      timeMs: command.timeMs,
      offerId: command.newOfferId,
      ownerId,
      runnerId,
      side,
      priceHundredths: command.priceHundredths,
      stakePaise,
      persistence,
    },
    events,
  );
}

function statusRejection(market: ExchangeMarket, command: MarketCommand): RejectReason | null {
  if (market.status === 'closed') return 'MARKET_CLOSED';
  switch (command.type) {
    case 'suspend':
      return market.status === 'suspended' ? 'MARKET_SUSPENDED' : null;
    case 'resume':
      return market.status === 'suspended' ? null : 'MARKET_NOT_SUSPENDED';
    case 'turnInPlay':
      return market.inPlay ? 'MARKET_ALREADY_IN_PLAY' : null;
    case 'close':
      return null;
  }
}

function changeStatus(market: ExchangeMarket, command: MarketCommand, events: ExchangeEvent[]): void {
  const reason = statusRejection(market, command);
  if (reason !== null) {
    events.push(reject(command, reason));
    return;
  }
  switch (command.type) {
    case 'suspend':
      market.status = 'suspended';
      lapseOffers(market, command, 'MARKET_SUSPENDED', events);
      break;
    case 'resume':
      market.status = 'open';
      break;
    case 'turnInPlay':
      market.inPlay = true;
      lapseOffers(market, command, 'MARKET_TURNED_IN_PLAY', events);
      break;
    case 'close':
      market.status = 'closed';
      lapseOffers(market, command, 'MARKET_CLOSED', events);
      break;
  }
  market.version++;
  events.push({
    type: 'marketStatus',
    seq: command.seq,
    timeMs: command.timeMs,
    status: market.status,
    inPlay: market.inPlay,
    version: market.version,
  });
}

/** Takes unmatched offers off the book: 'lapse' offers always, 'keep' offers too when the market closes. */
function lapseOffers(
  market: ExchangeMarket,
  command: MarketCommand,
  reason: LapseReason,
  events: ExchangeEvent[],
): void {
  const everything = reason === 'MARKET_CLOSED';
  forEachRestingOffer(market, (offer, book) => {
    if (!everything && offer.persistence === 'keep') return;
    const lapsedPaise = offer.remainingPaise;
    book.amountsPaise[offer.priceIndex] = (book.amountsPaise[offer.priceIndex] as number) - lapsedPaise;
    offer.remainingPaise = 0;
    unlinkOffer(book, offer);
    market.liveOffers.delete(offer.offerId);
    events.push({
      type: 'lapsed',
      seq: command.seq,
      timeMs: command.timeMs,
      offerId: offer.offerId,
      ownerId: offer.ownerId,
      runnerId: offer.runnerId,
      lapsedPaise,
      reason,
    });
  });
}
