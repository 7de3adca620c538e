import type { EventDetail, Market, Runner, Sport } from '@khel/contract';
import type { BookBet, MarketBook } from '../api/get-market-book';

export const IDS = {
  cricket: '30000000-0000-4000-8000-000000000001',
  ipl: '30000000-0000-4000-8000-000000000002',
  football: '30000000-0000-4000-8000-000000000003',
  event: '30000000-0000-4000-8000-000000000010',
  bookmaker: '30000000-0000-4000-8000-000000000020',
  fancy: '30000000-0000-4000-8000-000000000021',
  exchange: '30000000-0000-4000-8000-000000000022',
  india: '30000000-0000-4000-8000-000000000031',
  australia: '30000000-0000-4000-8000-000000000032',
  player: '00000000-0000-4000-8000-000000000002',
} as const;

const slug = (id: string, name: string, slugName: string) => ({ _id: id, name, slugName });
export const CRICKET = slug(IDS.cricket, 'Cricket', 'cricket');
export const IPL = slug(IDS.ipl, 'Indian Premier League', 'indian-premier-league');

export function sports(): Sport[] {
  return [
    { ...CRICKET, eventCount: 2, liveCount: 1, leagues: [{ ...IPL, eventCount: 2, liveCount: 1 }] },
    { ...slug(IDS.football, 'Football', 'football'), eventCount: 0, liveCount: 0, leagues: [] },
  ];
}

export function runner(id: string, name: string, overrides: Partial<Runner> = {}): Runner {
  return {
    _id: id,
    name,
    back: [],
    lay: [],
    backRate: null,
    layRate: null,
    winner: null,
    tradedVolume: null,
    lastPriceTraded: null,
    ...overrides,
  };
}

export function market(overrides: Partial<Market> = {}): Market {
  return {
    _id: IDS.bookmaker,
    eventId: IDS.event,
    name: 'Bookmaker',
    marketType: 'BOOKMAKER',
    status: 'open',
    inPlay: false,
    suspendReason: null,
    version: 1,
    betDelaySeconds: 0,
    minStake: 100,
    maxStake: 50000,
    maxProfit: 200000,
    runners: [
      runner(IDS.india, 'India', { backRate: 45, layRate: 47 }),
      runner(IDS.australia, 'Australia', { backRate: 180, layRate: 190 }),
    ],
    fancy: null,
    result: null,
    ...overrides,
  };
}

export function fancyMarket(overrides: Partial<Market> = {}): Market {
  return market({
    _id: IDS.fancy,
    name: '6 over runs IND',
    marketType: 'FANCY',
    runners: [],
    fancy: { noLine: 61, noRate: 100, yesLine: 63, yesRate: 100 },
    ...overrides,
  });
}

export function exchangeMarket(overrides: Partial<Market> = {}): Market {
  return market({
    _id: IDS.exchange,
    name: 'Match Odds',
    marketType: 'EXCHANGE',
    runners: [
      runner(IDS.india, 'India', { back: [{ price: 1.8, size: 1200 }], lay: [{ price: 1.82, size: 900 }] }),
      runner(IDS.australia, 'Australia', { back: [{ price: 2.2, size: 500 }], lay: [{ price: 2.24, size: 300 }] }),
    ],
    ...overrides,
  });
}

export function eventDetail(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    _id: IDS.event,
    name: 'India v Australia',
    slugName: 'india-v-australia',
    sport: CRICKET,
    league: IPL,
    startTime: '2026-11-21T14:00:00.000Z',
    status: 'upcoming',
    inPlay: false,
    score: null,
    mainMarket: null,
    marketCount: 3,
    markets: [market(), fancyMarket(), exchangeMarket()],
    streamUrl: null,
    ...overrides,
  };
}

export const EVENT_PATH = '/sports/cricket/indian-premier-league/india-v-australia';

export function bet(overrides: Partial<BookBet> = {}): BookBet {
  return {
    _id: '30000000-0000-4000-8000-000000000040',
    marketId: IDS.bookmaker,
    marketName: 'Bookmaker',
    selection: 'India',
    selectionId: IDS.india,
    selectionType: 'back',
    odds: 45,
    oddsSize: null,
    matchedOdds: 45,
    stake: 100,
    matchedStake: 100,
    unmatchedStake: 0,
    marketType: 'BOOKMAKER',
    status: 'matched',
    lapseReason: null,
    profitLoss: null,
    delayUntil: null,
    wallet: 'main',
    createdAt: '2026-11-21T14:05:00.000Z',
    sportId: CRICKET,
    leagueId: IPL,
    eventId: slug(IDS.event, 'India v Australia', 'india-v-australia'),
    event: 'India v Australia',
    cashOut: false,
    player: { _id: IDS.player, name: 'Ravi Kumar', mobile_no: '919876543210' },
    ...overrides,
  };
}

export function book(overrides: Partial<MarketBook> = {}): MarketBook {
  return {
    market: market(),
    bets: [bet()],
    houseExposure: [
      { outcome: 'India', profitLoss: -45 },
      { outcome: 'Australia', profitLoss: 100 },
    ],
    ...overrides,
  };
}
