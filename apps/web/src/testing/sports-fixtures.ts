import type { BetRow, EventDetail, Market } from '@khel/contract';

export const EVENT_ID = '00000000-0000-4000-8000-0000000000e1';
export const EX_ID = '00000000-0000-4000-8000-000000000001';
export const BM_ID = '00000000-0000-4000-8000-000000000002';
export const FANCY_ID = '00000000-0000-4000-8000-000000000003';
export const RUNNER_A = '00000000-0000-4000-8000-00000000000a';
export const RUNNER_B = '00000000-0000-4000-8000-00000000000b';

const base = {
  eventId: EVENT_ID,
  inPlay: false,
  suspendReason: null,
  version: 1,
  betDelaySeconds: 0,
  minStake: 100,
  maxStake: 500000,
  maxProfit: 2500000,
  fancy: null,
  result: null,
};

export function exchangeMarket(overrides: Partial<Market> = {}): Market {
  return {
    ...base,
    _id: EX_ID,
    name: 'Match Odds',
    marketType: 'EXCHANGE',
    status: 'open',
    runners: [
      {
        _id: RUNNER_A,
        name: 'India',
        back: [
          { price: 1.8, size: 12000 },
          { price: 1.79, size: 500 },
        ],
        lay: [{ price: 1.82, size: 9000 }],
        backRate: null,
        layRate: null,
        winner: null,
        tradedVolume: 254300.5,
        lastPriceTraded: 1.81,
      },
      {
        _id: RUNNER_B,
        name: 'Australia',
        back: [{ price: 2.2, size: 800 }],
        lay: [{ price: 2.24, size: 150000 }],
        backRate: null,
        layRate: null,
        winner: null,
        tradedVolume: 0,
        lastPriceTraded: null,
      },
    ],
    ...overrides,
  };
}

export function bookmakerMarket(overrides: Partial<Market> = {}): Market {
  return {
    ...base,
    _id: BM_ID,
    name: 'Bookmaker',
    marketType: 'BOOKMAKER',
    status: 'open',
    runners: [
      {
        _id: RUNNER_A,
        name: 'India',
        back: [],
        lay: [],
        backRate: 45,
        layRate: 48,
        winner: null,
        tradedVolume: null,
        lastPriceTraded: null,
      },
      {
        _id: RUNNER_B,
        name: 'Australia',
        back: [],
        lay: [],
        backRate: 120,
        layRate: 125,
        winner: null,
        tradedVolume: null,
        lastPriceTraded: null,
      },
    ],
    ...overrides,
  };
}

export function fancyMarket(overrides: Partial<Market> = {}): Market {
  return {
    ...base,
    _id: FANCY_ID,
    name: '6 over runs IND',
    marketType: 'FANCY',
    status: 'open',
    runners: [],
    fancy: { noLine: 61, noRate: 100, yesLine: 63, yesRate: 90 },
    ...overrides,
  };
}

export function eventDetail(
  markets: Market[] = [exchangeMarket(), bookmakerMarket(), fancyMarket()],
  overrides: Partial<EventDetail> = {},
): EventDetail {
  return {
    _id: EVENT_ID,
    name: 'India v Australia',
    slugName: 'india-v-australia',
    sport: { _id: 's1', name: 'Cricket', slugName: 'cricket' },
    league: { _id: 'l1', name: 'T20 Series', slugName: 't20-series' },
    startTime: '2025-01-01T14:00:00Z',
    status: 'in_play',
    inPlay: true,
    score: {
      sport: 'cricket',
      home: 'IND 145/3 (16.2)',
      away: 'AUS yet to bat',
      status: 'IND batting',
      detail: [],
      updatedAt: '2025-01-01T15:00:00Z',
    },
    mainMarket: markets[0] ?? null,
    marketCount: markets.length,
    markets,
    streamUrl: null,
    ...overrides,
  };
}

export const EVENT_PATH = '/event?sport=cricket&league=t20-series&event=india-v-australia';

export function betRow(overrides: Partial<BetRow> = {}): BetRow {
  return {
    _id: '00000000-0000-4000-8000-0000000000b1',
    marketId: EX_ID,
    marketName: 'Match Odds',
    selection: 'India',
    selectionId: RUNNER_A,
    selectionType: 'back',
    odds: 1.8,
    oddsSize: null,
    matchedOdds: 1.8,
    stake: 1000,
    matchedStake: 1000,
    unmatchedStake: 0,
    marketType: 'EXCHANGE',
    status: 'matched',
    lapseReason: null,
    profitLoss: null,
    delayUntil: null,
    wallet: 'main',
    createdAt: '2025-01-01T15:00:00Z',
    sportId: { _id: 's1', name: 'Cricket', slugName: 'cricket' },
    leagueId: { _id: 'l1', name: 'T20 Series', slugName: 't20-series' },
    eventId: { _id: EVENT_ID, name: 'India v Australia', slugName: 'india-v-australia' },
    event: 'India v Australia',
    cashOut: false,
    ...overrides,
  };
}
