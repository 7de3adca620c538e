/**
 * The Exchange Stream API's messages, field for field as Betfair publishes them (the Exchange Stream
 * API page and its ESASwaggerSchema.json): CRLF-delimited JSON over TLS, every message with an `op`.
 * Only the market stream is modelled (no order stream: we hold no Betfair account's orders).
 */

/** [price, size]: a price-point ladder's entry (atb, atl, trd, spb, spl); size 0 removes the price. */
export type PriceSize = [price: number, size: number];
/** [level, price, size]: a depth ladder's entry (batb, batl, bdatb, bdatl); size 0 removes the level. */
export type LevelPriceSize = [level: number, price: number, size: number];

export type MarketStatus = 'INACTIVE' | 'OPEN' | 'SUSPENDED' | 'CLOSED';
export type RunnerStatus = 'ACTIVE' | 'WINNER' | 'LOSER' | 'PLACED' | 'REMOVED_VACANT' | 'REMOVED' | 'HIDDEN';

export interface RunnerDefinition {
  id: number;
  hc?: number;
  status: RunnerStatus;
  sortPriority: number;
  name?: string;
  adjustmentFactor?: number;
  removalDate?: string;
  bsp?: number;
}

/** Sent in full, and only when it changed. */
export interface MarketDefinition {
  status: MarketStatus;
  inPlay: boolean;
  betDelay: number;
  version: number;
  complete?: boolean;
  bspMarket?: boolean;
  turnInPlayEnabled?: boolean;
  persistenceEnabled?: boolean;
  marketBaseRate?: number;
  eventId?: string;
  eventTypeId?: string;
  numberOfWinners?: number;
  numberOfActiveRunners?: number;
  bettingType?: string;
  marketType?: string;
  marketTime?: string;
  suspendTime?: string;
  openDate?: string;
  settledTime?: string;
  bspReconciled?: boolean;
  crossMatching?: boolean;
  runnersVoidable?: boolean;
  countryCode?: string;
  timezone?: string;
  venue?: string;
  name?: string;
  eventName?: string;
  regulators?: string[];
  discountAllowed?: boolean;
  runners: RunnerDefinition[];
  priceLadderDefinition?: { type: string };
  keyLineDefinition?: unknown;
  [field: string]: unknown;
}

/** RunnerChange (`rc`): values only when they changed; ladders as deltas. */
export interface RunnerChange {
  id: number;
  hc?: number;
  ltp?: number;
  tv?: number;
  spn?: number;
  spf?: number;
  atb?: PriceSize[];
  atl?: PriceSize[];
  trd?: PriceSize[];
  spb?: PriceSize[];
  spl?: PriceSize[];
  batb?: LevelPriceSize[];
  batl?: LevelPriceSize[];
  bdatb?: LevelPriceSize[];
  bdatl?: LevelPriceSize[];
}

/** MarketChange (`mc`). `img`: replace the market, it is not a delta. `con`: several changes combined. */
export interface MarketChange {
  id: string;
  img?: boolean;
  con?: boolean;
  tv?: number;
  marketDefinition?: MarketDefinition;
  rc?: RunnerChange[];
}

export type ChangeType = 'SUB_IMAGE' | 'RESUB_DELTA' | 'HEARTBEAT';
export type SegmentType = 'SEG_START' | 'SEG' | 'SEG_END';

/** MarketChangeMessage. `id` is the subscription request's id. */
export interface MarketChangeMessage {
  op: 'mcm';
  id?: number;
  pt: number;
  clk?: string;
  initialClk?: string;
  ct?: ChangeType;
  segmentType?: SegmentType;
  conflateMs?: number;
  heartbeatMs?: number;
  /** null when the stream is up to date, 503 when Betfair's downstream is late. */
  status?: number | null;
  mc?: MarketChange[];
}

export interface ConnectionMessage {
  op: 'connection';
  connectionId: string;
}

export type StatusErrorCode =
  | 'INVALID_INPUT'
  | 'TIMEOUT'
  | 'NO_APP_KEY'
  | 'INVALID_APP_KEY'
  | 'NO_SESSION'
  | 'INVALID_SESSION_INFORMATION'
  | 'NOT_AUTHORIZED'
  | 'MAX_CONNECTION_LIMIT_EXCEEDED'
  | 'TOO_MANY_REQUESTS'
  | 'SUBSCRIPTION_LIMIT_EXCEEDED'
  | 'INVALID_CLOCK'
  | 'UNEXPECTED_ERROR'
  | 'CONNECTION_FAILED';

export interface StatusMessage {
  op: 'status';
  id?: number;
  statusCode: 'SUCCESS' | 'FAILURE';
  connectionClosed?: boolean;
  errorCode?: StatusErrorCode;
  errorMessage?: string;
  connectionsAvailable?: number;
  connectionId?: string;
}

export type ResponseMessage = ConnectionMessage | StatusMessage | MarketChangeMessage;

export interface AuthenticationMessage {
  op: 'authentication';
  id: number;
  appKey: string;
  session: string;
}

export interface HeartbeatMessage {
  op: 'heartbeat';
  id: number;
}

/** MarketFilter: the rows. Every field optional; no marketIds means every market. */
export interface MarketFilter {
  marketIds?: string[];
  bspMarket?: boolean;
  bettingTypes?: string[];
  eventTypeIds?: string[];
  eventIds?: string[];
  turnInPlayEnabled?: boolean;
  marketTypes?: string[];
  venues?: string[];
  countryCodes?: string[];
  raceTypes?: string[];
}

export type MarketDataField =
  | 'EX_BEST_OFFERS_DISP'
  | 'EX_BEST_OFFERS'
  | 'EX_ALL_OFFERS'
  | 'EX_TRADED'
  | 'EX_TRADED_VOL'
  | 'EX_LTP'
  | 'EX_MARKET_DEF'
  | 'SP_TRADED'
  | 'SP_PROJECTED';

/** MarketDataFilter: the columns. `ladderLevels` 1–10 for the depth ladders. */
export interface MarketDataFilter {
  fields?: MarketDataField[];
  ladderLevels?: number;
}

export interface MarketSubscriptionMessage {
  op: 'marketSubscription';
  id: number;
  marketFilter?: MarketFilter;
  marketDataFilter?: MarketDataFilter;
  segmentationEnabled?: boolean;
  /** Forced conflation, ms. */
  conflateMs?: number;
  /** 500–5000 ms: the longest the server stays silent before a HEARTBEAT change message. */
  heartbeatMs?: number;
  /** The last ones received: a resubscription with them gets a RESUB_DELTA instead of an image. */
  initialClk?: string;
  clk?: string;
}

export type RequestMessage = AuthenticationMessage | HeartbeatMessage | MarketSubscriptionMessage;

/** Betfair's bounds on heartbeatMs. */
export const HEARTBEAT_MS_MIN = 500;
export const HEARTBEAT_MS_MAX = 5000;
