import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHIP_VALUES } from '@khel/contract';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { FakeWebSocket } from '../../../testing/fake-socket';
import { business, ok, stubFetch, type StubHandler, type StubResponse } from '../../../testing/fetch-stub';
import { renderApp, setViewport, signIn } from '../../../testing/render-app';
import {
  BM_ID,
  EVENT_ID,
  EVENT_PATH,
  EX_ID,
  FANCY_ID,
  RUNNER_A,
  betRow,
  bookmakerMarket,
  eventDetail,
  exchangeMarket,
  fancyMarket,
} from '../../../testing/sports-fixtures';
import { resetLiveMarkets } from '../hooks/live-markets';

const routes = (extra: Record<string, StubResponse | StubHandler> = {}) => ({
  'GET /app-settings': ok(SETTINGS),
  'GET /advertisement': ok([]),
  'GET /getUserData': ok(makeProfile()),
  'GET /event': ok(eventDetail()),
  'GET /event-positions': ok([]),
  ...extra,
});

async function openEvent(extra: Record<string, StubResponse | StubHandler> = {}, desktop = true) {
  resetLiveMarkets();
  setViewport(desktop);
  signIn(makeProfile());
  const stub = stubFetch(routes(extra));
  const app = renderApp(EVENT_PATH);
  // The event route is loaded on demand: its first import in a run may take more than the default second on a busy machine.
  await screen.findByTestId('event-name');
  return { ...stub, app };
}

function openSocket(): FakeWebSocket {
  const socket = FakeWebSocket.latest();
  if (!socket) throw new Error('no socket');
  act(() => socket.open());
  return socket;
}

describe('event page', () => {
  it('asks for the event by its slugs and renders back/lay ladders, bookmaker rates and fancy lines', async () => {
    const { callsTo } = await openEvent();
    const search = callsTo('GET', '/event')[0]?.search;
    expect(search?.get('sport')).toBe('cricket');
    expect(search?.get('league')).toBe('t20-series');
    expect(search?.get('event')).toBe('india-v-australia');
    const exchange = screen.getByTestId('exchange-market');
    const india = within(exchange).getAllByTestId('runner')[0] as HTMLElement;
    expect(within(india).getByTestId('best-back').textContent).toBe('1.812k');
    expect(within(india).getByTestId('best-lay').textContent).toBe('1.829k');
    expect(within(india).getByRole('button', { name: 'Back India 1.79, 500' })).toBeTruthy();
    expect(
      within(screen.getAllByTestId('exchange-market')[0] as HTMLElement).getByRole('button', {
        name: 'Lay Australia 2.24, 1.5L',
      }),
    ).toBeTruthy();
    const bookmaker = screen.getByTestId('bookmaker-market');
    expect(
      within(bookmaker)
        .getAllByTestId('bm-back')
        .map((cell) => cell.textContent),
    ).toEqual(['45', '120']);
    const fancy = screen.getByTestId('fancy-market');
    expect(within(fancy).getByTestId('fancy-no').textContent).toBe('61100');
    expect(within(fancy).getByTestId('fancy-yes').textContent).toBe('6390');
  }, 15_000); // the first test of the file also waits for the event route's first import on a busy machine

  it('shows suspended and ball-running markets with an overlay and disabled prices', async () => {
    await openEvent({
      'GET /event': ok(
        eventDetail([
          exchangeMarket({ status: 'suspended', suspendReason: null }),
          bookmakerMarket(),
          fancyMarket({ status: 'suspended', suspendReason: 'BALL_RUNNING' }),
        ]),
      ),
    });
    const exchange = screen.getByTestId('exchange-market');
    expect(within(exchange).getAllByTestId('market-overlay')[0]?.textContent).toBe('Suspended');
    expect(
      within(exchange)
        .getAllByTestId('best-back')
        .every((cell) => (cell as HTMLButtonElement).disabled),
    ).toBe(true);
    const fancy = screen.getByTestId('fancy-market');
    expect(within(fancy).getByTestId('market-overlay').textContent).toBe('Ball running');
    expect((within(fancy).getByTestId('fancy-yes') as HTMLButtonElement).disabled).toBe(true);
    expect(within(screen.getByTestId('bookmaker-market')).queryByTestId('market-overlay')).toBeNull();
  });

  it('follows the socket: subscribes to the markets and event, then applies price, suspension and score updates', async () => {
    await openEvent();
    const socket = openSocket();
    expect(socket.sent).toContainEqual({ type: 'auth', token: 'token-1' });
    const subscribe = socket.sent.find((message) => (message as { type: string }).type === 'subscribe') as {
      marketIds: string[];
      eventIds: string[];
    };
    expect([...subscribe.marketIds].sort()).toEqual([EX_ID, BM_ID, FANCY_ID].sort());
    expect(subscribe.eventIds).toEqual([EVENT_ID]);

    const moved = exchangeMarket({ version: 2 });
    moved.runners[0] = { ...moved.runners[0]!, back: [{ price: 1.85, size: 3000 }] };
    act(() => socket.receive({ type: 'market', market: moved }));
    const best = within(screen.getByTestId('exchange-market')).getAllByTestId('best-back')[0] as HTMLElement;
    expect(best.textContent).toBe('1.853k');
    expect(best.className).toContain('price--flash-up');

    // An older version never takes a price back in time.
    act(() => socket.receive({ type: 'market', market: exchangeMarket({ version: 1 }) }));
    expect(best.textContent).toBe('1.853k');

    act(() =>
      socket.receive({
        type: 'market',
        market: fancyMarket({ version: 2, status: 'suspended', suspendReason: 'BALL_RUNNING' }),
      }),
    );
    expect(within(screen.getByTestId('fancy-market')).getByTestId('market-overlay').textContent).toBe('Ball running');

    act(() =>
      socket.receive({
        type: 'score',
        eventId: EVENT_ID,
        score: {
          sport: 'cricket',
          home: 'IND 151/3 (17.0)',
          away: 'AUS yet to bat',
          status: 'IND batting',
          detail: [],
          updatedAt: '2025-01-01T15:05:00Z',
        },
      }),
    );
    expect(screen.getByTestId('score').textContent).toContain('IND 151/3 (17.0)');
    expect(screen.getByTestId('live-indicator').textContent).toBe('Live');
  });

  it('has Score and Tv toggles; Tv says so when there is no stream and shows the stream when there is one', async () => {
    await openEvent();
    await userEvent.click(screen.getByRole('button', { name: 'Tv' }));
    expect(screen.getByTestId('tv-empty').textContent).toBe('No live stream for this event.');
    await userEvent.click(screen.getByRole('button', { name: 'Score' }));
    expect(screen.getByTestId('score').textContent).toContain('IND 145/3 (16.2)');
  });

  it('plays the stream in the Tv view', async () => {
    await openEvent({ 'GET /event': ok(eventDetail(undefined, { streamUrl: 'https://stream.example/live/ind-aus' })) });
    await userEvent.click(screen.getByRole('button', { name: 'Tv' }));
    expect(screen.getByTestId('tv-stream').getAttribute('src')).toBe('https://stream.example/live/ind-aus');
  });
});

describe('bet slip', () => {
  it('offers the default chips, steps odds by ladder ticks and previews profit with @khel/money', async () => {
    await openEvent();
    await userEvent.click(within(screen.getByTestId('exchange-market')).getAllByTestId('best-back')[0] as HTMLElement);
    const slip = screen.getByTestId('bet-slip');
    const chips = within(within(slip).getByRole('group', { name: 'Stake chips' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      ...DEFAULT_CHIP_VALUES.map((value) => new Intl.NumberFormat('en-IN').format(value)),
      'Edit stakes',
    ]);
    await userEvent.click(within(slip).getByRole('button', { name: '1,000' }));
    expect((within(slip).getByTestId('slip-stake') as HTMLInputElement).value).toBe('1000');
    expect(within(slip).getByTestId('slip-profit').textContent).toBe('₹800.00');
    expect(within(slip).getByTestId('slip-liability').textContent).toBe('-₹1,000.00');
    await userEvent.click(within(slip).getByRole('button', { name: 'Higher odds' }));
    await userEvent.click(within(slip).getByRole('button', { name: 'Higher odds' }));
    expect((within(slip).getByTestId('slip-odds') as HTMLInputElement).value).toBe('1.82');
    expect(within(slip).getByTestId('slip-profit').textContent).toBe('₹820.00');
  });

  it('lays with a liability and places the bet with an Idempotency-Key; a matched answer closes the slip with a toast', async () => {
    const { callsTo } = await openEvent({
      'POST /place-bet': ok(
        betRow({ selectionType: 'lay', odds: 2.24, matchedOdds: 2.24, stake: 500, matchedStake: 500 }),
      ),
    });
    await userEvent.click(within(screen.getByTestId('exchange-market')).getAllByTestId('best-lay')[1] as HTMLElement);
    const slip = screen.getByTestId('bet-slip');
    await userEvent.type(within(slip).getByTestId('slip-stake'), '500');
    expect(within(slip).getByTestId('slip-profit').textContent).toBe('₹500.00');
    expect(within(slip).getByTestId('slip-liability').textContent).toBe('-₹620.00');
    await userEvent.click(within(slip).getByTestId('place-bet'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Bet matched: ₹500.00 at 2.24');
    expect(screen.queryByTestId('bet-slip')).toBeNull();
    const call = callsTo('POST', '/place-bet')[0];
    expect(call?.body).toEqual({
      marketId: EX_ID,
      selectionId: expect.any(String),
      selectionType: 'lay',
      odds: 2.24,
      stake: 500,
    });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['ODDS_CHANGED', 409, 'Odds changed', 'Odds changed'],
    ['MARKET_SUSPENDED', 409, 'Market suspended', 'Market suspended'],
    ['BELOW_MIN_STAKE', 400, 'Minimum stake is ₹100.00', 'Minimum stake is ₹100.00'],
    ['WALLET_INSUFFICIENT_FUNDS', 422, 'Insufficient balance', 'Insufficient balance'],
  ])('answers %s clearly in the slip and reuses the key on a retry', async (error, code, message, shown) => {
    const { callsTo } = await openEvent({ 'POST /place-bet': business(code, message, { error }) });
    await userEvent.click(within(screen.getByTestId('bookmaker-market')).getAllByTestId('bm-back')[0] as HTMLElement);
    const slip = screen.getByTestId('bet-slip');
    expect(within(slip).getByTestId('slip-odds').textContent).toBe('rate 45');
    await userEvent.type(within(slip).getByTestId('slip-stake'), '50');
    expect(within(slip).getByTestId('slip-profit').textContent).toBe('₹22.50');
    await userEvent.click(within(slip).getByTestId('place-bet'));
    expect((await within(slip).findByTestId('slip-error')).textContent).toContain(shown);
    await userEvent.click(within(slip).getByTestId('place-bet'));
    await waitFor(() => expect(callsTo('POST', '/place-bet')).toHaveLength(2));
    const [first, second] = callsTo('POST', '/place-bet');
    expect(first?.body).toEqual({ marketId: BM_ID, selectionId: RUNNER_A, selectionType: 'back', odds: 45, stake: 50 });
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('refuses a stake with a third decimal with a message, and sends nothing (issue 31)', async () => {
    const { callsTo } = await openEvent();
    await userEvent.click(within(screen.getByTestId('bookmaker-market')).getAllByTestId('bm-back')[0] as HTMLElement);
    const slip = screen.getByTestId('bet-slip');
    await userEvent.type(within(slip).getByTestId('slip-stake'), '200.555');
    expect(within(slip).getByTestId('slip-stake-error').textContent).toBe('Enter a stake with at most two decimals');
    await userEvent.click(within(slip).getByTestId('place-bet'));
    expect(callsTo('POST', '/place-bet')).toHaveLength(0);
    await userEvent.type(within(slip).getByTestId('slip-stake'), '{Backspace}');
    expect(within(slip).queryByTestId('slip-stake-error')).toBeNull();
  });

  it('keeps the tapped rate when the house moves it, offers the new one, and blocks a suspended market', async () => {
    await openEvent();
    const socket = openSocket();
    await userEvent.click(within(screen.getByTestId('fancy-market')).getByTestId('fancy-yes'));
    const slip = screen.getByTestId('bet-slip');
    expect(within(slip).getByTestId('slip-odds').textContent).toBe('63 runs @ 90');
    await userEvent.type(within(slip).getByTestId('slip-stake'), '200');
    expect(within(slip).getByTestId('slip-profit').textContent).toBe('₹180.00');
    act(() =>
      socket.receive({
        type: 'market',
        market: fancyMarket({ version: 2, fancy: { noLine: 62, noRate: 100, yesLine: 64, yesRate: 85 } }),
      }),
    );
    expect(within(slip).getByTestId('slip-moved').textContent).toContain('64 runs @ 85');
    expect(within(slip).getByTestId('slip-odds').textContent).toBe('63 runs @ 90');
    await userEvent.click(within(slip).getByRole('button', { name: 'Use it' }));
    expect(within(slip).getByTestId('slip-odds').textContent).toBe('64 runs @ 85');
    expect(within(slip).getByTestId('slip-profit').textContent).toBe('₹170.00');
    act(() =>
      socket.receive({
        type: 'market',
        market: fancyMarket({
          version: 3,
          status: 'suspended',
          suspendReason: 'BALL_RUNNING',
          fancy: { noLine: 62, noRate: 100, yesLine: 64, yesRate: 85 },
        }),
      }),
    );
    expect(within(slip).getByTestId('slip-blocked').textContent).toContain('Ball running');
    expect((within(slip).getByTestId('place-bet') as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts down a bet delay from the server and shows the final state from the socket', async () => {
    // The clock stands still (timers run), so the countdown reads the server's 5 s whatever the machine's load.
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    const delayUntil = new Date(Date.now() + 5000).toISOString();
    const pending = betRow({ status: 'pending', delayUntil, matchedStake: 0, unmatchedStake: 1000 });
    await openEvent({ 'POST /place-bet': ok(pending), 'GET /bet-sport-byMarket': ok([pending]) });
    const socket = openSocket();
    await userEvent.click(within(screen.getByTestId('exchange-market')).getAllByTestId('best-back')[0] as HTMLElement);
    const slip = screen.getByTestId('bet-slip');
    await userEvent.type(within(slip).getByTestId('slip-stake'), '1000');
    await userEvent.click(within(slip).getByTestId('place-bet'));
    const countdown = await within(slip).findByTestId('slip-pending');
    expect(countdown.textContent).toMatch(/^Bet delay: 5s…/);
    act(() =>
      socket.receive({
        type: 'bet',
        bet: { ...pending, status: 'lapsed', lapseReason: 'PRICE_MOVED', unmatchedStake: 0 },
      }),
    );
    expect(within(slip).getByTestId('slip-result').textContent).toBe(
      'Bet lapsed: The price moved during the bet delay',
    );
  });

  it('opens as a bottom sheet on phones', async () => {
    await openEvent({}, false);
    expect(screen.queryByRole('dialog', { name: 'Bet slip' })).toBeNull();
    await userEvent.click(within(screen.getByTestId('exchange-market')).getAllByTestId('best-back')[0] as HTMLElement);
    const sheet = screen.getByRole('dialog', { name: 'Bet slip' });
    expect(within(sheet).getByTestId('slip-selection').textContent).toBe('India');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close bet slip' }));
    expect(screen.queryByRole('dialog', { name: 'Bet slip' })).toBeNull();
  });
});

describe('header balance over the socket', () => {
  it('reads the balance again once the socket is signed in: money moved before the subscription is not missed', async () => {
    let balance = 10_000;
    const { callsTo } = await openEvent({ 'GET /getUserData': () => ok(makeProfile({ balance, exposure: 0 })) });
    const socket = openSocket();
    await waitFor(() => expect(screen.getByTestId('balance-amount').textContent).toBe('₹10,000.00'));
    const reads = callsTo('GET', '/getUserData').length;
    // A deposit approved after the first read and before the server followed this player: never pushed.
    balance = 12_500;
    act(() => socket.receive({ type: 'authenticated', userId: 'player-1' }));
    await waitFor(() => expect(screen.getByTestId('balance-amount').textContent).toBe('₹12,500.00'));
    expect(callsTo('GET', '/getUserData').length).toBe(reads + 1);
  });
  it('moves balance and exposure on a balance message', async () => {
    await openEvent();
    const socket = openSocket();
    act(() => socket.receive({ type: 'balance', balance: 9000, exposure: -1000, bonus: 500, bonusExposure: 0 }));
    expect(screen.getByTestId('balance-amount').textContent).toBe('₹8,000.00');
    expect(screen.getByTestId('exposure-amount').textContent).toBe('Exp -₹1,000.00');
  });
  it("opens a market's Rules: read from the server only when opened, with a retry when it fails", async () => {
    const rules = 'You back or lay against other players at the odds you choose.';
    let fail = true;
    const { callsTo } = await openEvent({
      [`GET /markets/${EX_ID}/rules`]: () =>
        fail ? business(503, 'Please try again') : ok({ marketId: EX_ID, name: 'Match Odds', rules }),
      [`GET /markets/${FANCY_ID}/rules`]: ok({ marketId: FANCY_ID, name: 'x', rules: 'Settles on the 6 over total.' }),
    });
    expect(callsTo('GET', `/markets/${EX_ID}/rules`)).toHaveLength(0);
    const exchange = screen.getByTestId('exchange-market');
    await userEvent.click(within(exchange).getByTestId('market-rules-open'));
    const dialog = await screen.findByTestId('market-rules');
    await within(dialog).findByText('Could not load the rules.');
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect((await within(dialog).findByTestId('market-rules-text')).textContent).toBe(rules);
    expect(within(dialog).getByRole('heading').textContent).toBe('Rules: Match Odds');
    // Each fancy line has its own.
    await userEvent.keyboard('{Escape}');
    const fancyRow = screen.getAllByTestId('fancy-market')[0] as HTMLElement;
    await userEvent.click(within(fancyRow).getByTestId('market-rules-open'));
    expect((await screen.findByTestId('market-rules-text')).textContent).toBe('Settles on the 6 over total.');
    expect(callsTo('GET', `/markets/${FANCY_ID}/rules`)).toHaveLength(1);
  });
});

describe('the three-deep ladder on a phone (issue 31)', () => {
  it('opens on a tap on the runner with every level, the last traded price and the volume', async () => {
    await openEvent({}, false);
    const market = (await screen.findAllByTestId('exchange-market'))[0] as HTMLElement;
    expect(within(market).queryByTestId('runner-ladder')).toBeNull();
    await userEvent.click(within(market).getByRole('button', { name: 'Show the ladder of India' }));
    const ladder = await within(market).findByTestId('runner-ladder');
    expect(within(ladder).getByTestId('runner-ltp').textContent).toBe('1.81');
    expect(within(ladder).getByTestId('runner-volume').textContent).toBe('₹2,54,300.50');
    // Three levels a side, backs worst … best then lays best … worst, price then amount: the fixture's
    // two backs (1.79 for ₹500, 1.80 for ₹12k) and one lay (1.82 for ₹9k); empty levels say so.
    expect(
      within(ladder)
        .getAllByRole('button')
        .map((cell) => cell.textContent),
    ).toEqual(['–', '1.79500', '1.812k', '1.829k', '–', '–']);
    await userEvent.click(within(market).getByRole('button', { name: 'Show the ladder of India' }));
    expect(within(market).queryByTestId('runner-ladder')).toBeNull();
  });
});
