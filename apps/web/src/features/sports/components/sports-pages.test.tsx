import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EventResults, PinnedMarket } from '@khel/contract';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { ok, stubFetch, type StubHandler, type StubResponse } from '../../../testing/fetch-stub';
import { renderApp, setViewport, signIn } from '../../../testing/render-app';
import { EVENT_ID, EVENT_PATH, EX_ID, betRow, eventDetail, exchangeMarket } from '../../../testing/sports-fixtures';
import { resetLiveMarkets } from '../hooks/live-markets';

// The /sports pages load on demand, through Home's chunk: a first import on a busy machine takes a while.
const LOAD = { timeout: 20_000 };

function open(path: string, extra: Record<string, StubResponse | StubHandler>, desktop = true) {
  resetLiveMarkets();
  setViewport(desktop);
  const user = makeProfile();
  signIn(user);
  const stub = stubFetch({
    'GET /app-settings': ok(SETTINGS),
    'GET /advertisement': ok([]),
    'GET /getUserData': ok(user),
    'GET /event-positions': ok([]),
    ...extra,
  });
  renderApp(path);
  return stub;
}

const event = eventDetail([exchangeMarket()]);
const pin = (): PinnedMarket => {
  const { _id, name, slugName, sport, league, startTime, status, inPlay } = event;
  return {
    market: exchangeMarket(),
    event: { _id, name, slugName, sport, league, startTime, status, inPlay },
    pinnedAt: '2025-01-01T15:00:00Z',
  };
};

describe('the /sports pages (issue 31)', () => {
  it('In-Play lists the events in play by sport with live best prices; a tap opens the slip', async () => {
    const { callsTo } = open('/sports/in-play', { 'GET /events': ok([event]) });
    const list = await screen.findByTestId('in-play-list', {}, LOAD);
    expect(callsTo('GET', '/events')[0]?.search.get('inPlay')).toBe('true');
    const cricket = within(list).getByRole('region', { name: 'Cricket' });
    await userEvent.click(within(cricket).getByRole('button', { name: 'Back India 1.8, 12k' }));
    expect(within(screen.getByTestId('bet-slip')).getByTestId('slip-selection').textContent).toBe('India');
  }, 40_000);

  it('the sports menu opens sport, then competition, then links to the event', async () => {
    const { callsTo } = open('/sports', {
      'GET /sports': ok([
        {
          ...event.sport,
          eventCount: 1,
          liveCount: 1,
          leagues: [{ ...event.league, eventCount: 1, liveCount: 1 }],
        },
      ]),
      'GET /events': ok([event]),
    });
    await userEvent.click(await screen.findByRole('button', { name: /Cricket/ }, LOAD));
    await userEvent.click(screen.getByRole('button', { name: /T20 Series/ }));
    const link = await screen.findByTestId('menu-event');
    expect(link.getAttribute('href')).toBe(EVENT_PATH);
    const search = callsTo('GET', '/events').at(-1)?.search;
    expect([search?.get('sport'), search?.get('league')]).toEqual(['cricket', 't20-series']);
  }, 40_000);

  it('pins a market from its header, and Multi Markets shows it with live prices and the slip', async () => {
    let pins: PinnedMarket[] = [];
    const { callsTo } = open(EVENT_PATH, {
      'GET /event': ok(event),
      'GET /pinned-markets': () => ok(pins),
      'POST /pinned-markets': () => {
        pins = [pin()];
        return ok(pins, 'Market pinned');
      },
    });
    const button = await screen.findByRole('button', { name: 'Pin Match Odds to Multi Markets' }, LOAD);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(callsTo('POST', '/pinned-markets')[0]?.body).toEqual({ marketId: EX_ID });
    expect(button.getAttribute('aria-label')).toBe('Unpin Match Odds');

    cleanup();
    open('/sports/multi-markets', { 'GET /pinned-markets': ok([pin()]) });
    const page = await screen.findByTestId('multi-markets', {}, LOAD);
    const group = within(page).getByRole('region', { name: 'India v Australia' });
    await userEvent.click(within(group).getAllByTestId('best-back')[0] as HTMLElement);
    expect(within(screen.getByTestId('bet-slip')).getByTestId('slip-selection').textContent).toBe('India');
  }, 40_000);

  it("Results shows each market's winner, run total or void for the chosen day", async () => {
    const results: EventResults[] = [
      {
        event: {
          _id: EVENT_ID,
          name: 'India v Australia',
          slugName: 'india-v-australia',
          sport: event.sport,
          league: event.league,
          startTime: event.startTime,
        },
        markets: [
          {
            _id: 'm1',
            name: 'Match Odds',
            marketType: 'EXCHANGE',
            status: 'settled',
            winner: 'India',
            runs: null,
            voidReason: null,
            settledAt: '2025-01-01T18:00:00Z',
          },
          {
            _id: 'm2',
            name: '10 over runs',
            marketType: 'FANCY',
            status: 'settled',
            winner: null,
            runs: 74,
            voidReason: null,
            settledAt: '2025-01-01T18:00:00Z',
          },
          {
            _id: 'm3',
            name: 'Tied Match',
            marketType: 'EXCHANGE',
            status: 'voided',
            winner: null,
            runs: null,
            voidReason: 'Rain',
            settledAt: '2025-01-01T18:00:00Z',
          },
        ],
      },
    ];
    const { callsTo } = open('/sports/results', { 'GET /results': ok(results) });
    const rows = await screen.findAllByTestId('result-market', {}, LOAD);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Match OddsIndia',
      '10 over runs74 runs',
      'Tied MatchVoid: Rain',
    ]);
    const date = screen.getByTestId('results-date') as HTMLInputElement;
    expect(callsTo('GET', '/results')[0]?.search.get('date')).toBe(date.value);
  }, 40_000);

  it("the event page keeps the player's settled bets, with what they won or lost", async () => {
    const { callsTo } = open(EVENT_PATH, {
      'GET /event': ok(event),
      'GET /my-bets': ({ search }) =>
        ok(
          search.get('status') === 'settled'
            ? [betRow({ _id: 'b2', status: 'settled', profitLoss: 800 })]
            : [betRow({ _id: 'b1', status: 'matched' })],
        ),
    });
    const bets = await screen.findAllByTestId('event-bet', {}, LOAD);
    await waitFor(() => expect(screen.getAllByTestId('event-bet')).toHaveLength(2));
    expect(bets[0]?.getAttribute('data-status')).toBe('matched');
    const settled = screen.getAllByTestId('event-bet')[1] as HTMLElement;
    expect(settled.getAttribute('data-status')).toBe('settled');
    expect(settled.textContent).toContain('Won ₹800');
    expect(callsTo('GET', '/my-bets').map((call) => call.search.get('eventId'))).toEqual([EVENT_ID, EVENT_ID]);
  }, 40_000);
});
