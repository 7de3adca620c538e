import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@khel/contract';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { business, ok, stubFetch, type StubHandler, type StubResponse } from '../../../testing/fetch-stub';
import { renderApp, signIn } from '../../../testing/render-app';
import { indiaToday } from '@khel/money';
import { SLOTS, TABLES, makeRound, setWidth } from '../testing/casino-fixtures';

const user = makeProfile({ balance: 10000, exposure: 0 });

function setup(path: string, extra: Record<string, StubResponse | StubHandler> = {}, profile = user) {
  signIn(profile);
  const stub = stubFetch({
    'GET /app-settings': ok(SETTINGS),
    'GET /advertisement': ok([]),
    'GET /getUserData': ok(profile),
    'GET /casino-games': ({ search }) => ok(search.get('slots') === 'true' ? SLOTS : TABLES),
    'GET /casino-bets-by-date': ok([]),
    'GET /casino/my-games': ok({ favourites: [], recent: [] }),
    'POST /play-game': ok({ url: '/house-casino/play/royal-bengal?token=slot-token' }),
    'GET /live-casino/dragon-tiger': ok({ url: '/house-casino/play/dragon-tiger?token=dt-token' }),
    'GET /live-casino-win/speed-roulette/acme': ok({ url: '/acme/roulette?token=win' }),
    'GET /live-casino-qtech/teen-patti': ok({ url: '/qtech/teen-patti?token=q' }),
    ...extra,
  });
  const app = renderApp(path);
  return { ...stub, app };
}

const cards = () => screen.queryAllByTestId('game-card').map((card) => card.getAttribute('data-game-code'));
const balance = () => screen.getByTestId('balance-amount').textContent;

function postBalance(balanceRupees: number, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'khel:casino-balance', balance: balanceRupees }, origin }),
    );
  });
}

describe('slots lobby', () => {
  it('shows the slots by category with the play-money notice, asking for slots only', async () => {
    setWidth(390);
    const { callsTo } = setup('/slots');
    await screen.findByRole('heading', { level: 1, name: 'Slots' });
    await waitFor(() => expect(cards()).toEqual(['royal-bengal', 'mumbai-nights', 'lucky-lotus']));
    expect(callsTo('GET', '/casino-games')[0]?.search.get('slots')).toBe('true');
    expect(screen.getByTestId('play-money-panel').textContent).toBe(MESSAGES.playMoneyNotice);
    expect(screen.getAllByTestId('game-group').map((group) => group.getAttribute('data-category'))).toEqual([
      'Video Slots',
      'Jackpots',
    ]);
    // Phones: two slides per carousel, images lazy and sized.
    expect(screen.getAllByTestId('game-carousel').map((carousel) => carousel.getAttribute('data-per-view'))).toEqual([
      '2',
      '2',
    ]);
    const image = screen.getAllByTestId('game-card')[2]?.querySelector('img');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['320', '200']);
    expect(screen.getByRole('button', { name: 'Play Royal Bengal by Khel Originals' })).toBeTruthy();
  });

  it('filters by search, provider and category, and says No Data Available when nothing matches', async () => {
    setWidth(1366);
    setup('/slots');
    await waitFor(() => expect(cards()).toHaveLength(3));
    const search = screen.getByLabelText('Search');
    await userEvent.type(search, 'mumbai');
    expect(cards()).toEqual(['mumbai-nights']);
    await userEvent.clear(search);
    await userEvent.selectOptions(screen.getByTestId('casino-provider'), 'acme');
    expect(cards()).toEqual(['mumbai-nights', 'lucky-lotus']);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('2 of 3 games');
    await userEvent.click(screen.getByRole('button', { name: /^Jackpots/ }));
    expect(screen.getByRole('button', { name: /^Jackpots/ }).getAttribute('aria-pressed')).toBe('true');
    expect(cards()).toEqual(['lucky-lotus']);
    await userEvent.type(search, 'tiger');
    expect(screen.getByTestId('casino-no-match').textContent).toContain(MESSAGES.noData);
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(cards()).toHaveLength(3);
  });

  it('launches a slot with POST /play-game { gameId } and shows it in a full-screen frame that closes', async () => {
    setWidth(390);
    const { callsTo, app } = setup('/slots');
    await userEvent.click(await screen.findByRole('button', { name: /^Play Royal Bengal/ }));
    const frame = await screen.findByTestId('game-frame');
    expect(app.location().search).toBe('?play=1');
    const iframe = await within(frame).findByTitle('Royal Bengal game');
    expect(iframe.getAttribute('src')).toBe('/house-casino/play/royal-bengal?token=slot-token');
    expect(callsTo('POST', '/play-game').map((call) => call.body)).toEqual([{ gameId: '1' }]);
    expect(frame.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close Royal Bengal' }));
    // On phones the frame covers the whole app, which leaves the tab order meanwhile.
    expect(document.querySelector('.app')?.hasAttribute('inert')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Close Royal Bengal' }));
    await waitFor(() => expect(screen.queryByTestId('game-frame')).toBeNull());
    expect(app.location().search).toBe('');
    expect(document.querySelector('.app')?.hasAttribute('inert')).toBe(false);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Play Royal Bengal/ })),
    );
    // Escape closes a game too.
    await userEvent.click(screen.getByRole('button', { name: /^Play Mumbai Nights/ }));
    await screen.findByTestId('game-frame');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('game-frame')).toBeNull());
    expect(callsTo('POST', '/play-game').map((call) => call.body)).toEqual([{ gameId: '1' }, { gameId: '4' }]);
  });

  it('opens the game named in the address, and drops an unknown one with a warning', async () => {
    setWidth(1366);
    const { app } = setup('/slots?play=royal-bengal');
    await screen.findByTitle('Royal Bengal game');
    // From 768 px the frame sits below the header and is not modal: the balance stays in sight.
    expect(screen.getByTestId('game-frame').getAttribute('aria-modal')).toBeNull();
    expect(document.getElementById('main')?.hasAttribute('inert')).toBe(true);
    expect(document.querySelector('.app')?.hasAttribute('inert')).toBe(false);
    expect(screen.getByTestId('header-balance')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close Royal Bengal' }));
    await waitFor(() => expect(app.location().search).toBe(''));
    await act(() => app.router.navigate('/slots?play=dragon-tiger'));
    await screen.findByText('This game is not available');
    await waitFor(() => expect(app.location().search).toBe(''));
    expect(screen.queryByTestId('game-frame')).toBeNull();
  });

  it('keeps the header balance in step with the game, ignoring messages from other origins', async () => {
    setWidth(1366);
    let serverBalance = 10000;
    const { callsTo } = setup('/slots?play=1', { 'GET /getUserData': () => ok({ ...user, balance: serverBalance }) });
    await screen.findByTitle('Royal Bengal game');
    await waitFor(() => expect(balance()).toBe('₹10,000.00'));
    postBalance(9990, 'https://evil.example');
    expect(balance()).toBe('₹10,000.00');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'other', balance: 1 }, origin: window.location.origin }),
      );
    });
    expect(balance()).toBe('₹10,000.00');
    const profileLoads = callsTo('GET', '/getUserData').length;
    postBalance(9990);
    expect(balance()).toBe('₹9,990.00');
    // When the game goes quiet the profile is confirmed from the server.
    serverBalance = 10030;
    await waitFor(() => expect(callsTo('GET', '/getUserData').length).toBeGreaterThan(profileLoads), { timeout: 3000 });
    await waitFor(() => expect(balance()).toBe('₹10,030.00'));
  });

  it('shows what the lobby says when there are no games, and a failed launch can be retried', async () => {
    setWidth(390);
    let attempts = 0;
    setup('/slots', {
      'GET /casino-games': ok([SLOTS[0]]),
      'POST /play-game': () =>
        ++attempts === 1
          ? business(403, 'You do not have access to slots')
          : ok({ url: '/house-casino/play/royal-bengal?token=t2' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: /^Play Royal Bengal/ }));
    await screen.findByTestId('launch-failed');
    expect(await screen.findByText('You do not have access to slots')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTitle('Royal Bengal game')).getAttribute('src')).toContain('token=t2');
  });

  it('empty lobby: No Data Available', async () => {
    setWidth(390);
    setup('/slots', { 'GET /casino-games': ok([]) });
    expect((await screen.findByTestId('casino-empty')).textContent).toContain(MESSAGES.noData);
  });
});

describe('live casino lobby', () => {
  it.each([
    ['Dragon Tiger', 'GET', '/live-casino/dragon-tiger', '/house-casino/play/dragon-tiger?token=dt-token'],
    ['Speed Roulette', 'GET', '/live-casino-win/speed-roulette/acme', '/acme/roulette?token=win'],
    ['Teen Patti', 'GET', '/live-casino-qtech/teen-patti', '/qtech/teen-patti?token=q'],
  ])('launches %s with %s %s', async (title, method, path, url) => {
    setWidth(800);
    const { callsTo } = setup('/live-casino');
    await screen.findByRole('heading', { level: 1, name: 'Live Casino' });
    expect((await screen.findByTestId('category-carousel')).getAttribute('data-per-view')).toBe('4');
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^Play ${title}`) }));
    expect((await screen.findByTitle(`${title} game`)).getAttribute('src')).toBe(url);
    expect(callsTo(method, path)).toHaveLength(1);
    expect(callsTo('POST', '/play-game')).toHaveLength(0);
    expect(callsTo('GET', '/casino-games')[0]?.search.get('slots')).toBe('false');
  });

  it('casino history: rounds of the day for a provider, live rounds only, No Data Available otherwise', async () => {
    setWidth(390);
    const today = indiaToday();
    const { callsTo } = setup('/live-casino', {
      'GET /casino-bets-by-date': ({ search }) =>
        ok(
          search.get('date') === today
            ? [
                makeRound(),
                makeRound({
                  _id: 'r2',
                  roundId: 'spin-1',
                  title: 'Royal Bengal',
                  description: 'Slots / Khel Originals / 21/11/2026',
                }),
                makeRound({
                  _id: 'r3',
                  roundId: 'andar-bahar:3',
                  title: 'Andar Bahar',
                  status: 'open',
                  payout: 0,
                  profitLoss: 0,
                  createdAt: '2026-11-21T11:00:00.000Z',
                }),
              ]
            : [],
        ),
    });
    const history = await screen.findByTestId('casino-history');
    await waitFor(() => expect(within(history).getAllByTestId('casino-round')).toHaveLength(2));
    const rounds = within(history).getAllByTestId('casino-round');
    // Newest first; the slot round belongs to the slots page.
    expect(rounds.map((round) => round.getAttribute('data-round-id'))).toEqual(['andar-bahar:3', 'dragon-tiger:12']);
    expect(within(rounds[1] as HTMLElement).getByTestId('casino-round-description').textContent).toBe(
      'Live Casino / Khel Originals / 21/11/2026',
    );
    expect(within(rounds[1] as HTMLElement).getByTestId('casino-round-pl').textContent).toBe('+₹100.00');
    expect(within(rounds[0] as HTMLElement).getByText('Open')).toBeTruthy();
    expect(callsTo('GET', '/casino-bets-by-date')[0]?.search.get('date')).toBe(today);
    expect(callsTo('GET', '/casino-bets-by-date')[0]?.search.has('provider')).toBe(false);

    await userEvent.selectOptions(within(history).getByTestId('history-provider'), 'acme');
    await waitFor(() => expect(callsTo('GET', '/casino-bets-by-date').at(-1)?.search.get('provider')).toBe('acme'));
    fireEvent.change(within(history).getByTestId('history-date'), { target: { value: '2026-01-05' } });
    await waitFor(() => expect(callsTo('GET', '/casino-bets-by-date').at(-1)?.search.get('date')).toBe('2026-01-05'));
    expect((await within(history).findByTestId('history-empty')).textContent).toBe(MESSAGES.noData);
  });

  it('a player without allowLiveCasino is sent to the landing page', async () => {
    setWidth(390);
    const { app, callsTo } = setup('/live-casino?play=2', {}, makeProfile({ allowLiveCasino: false }));
    await waitFor(() => expect(app.location().pathname).toBe('/slots'));
    expect(callsTo('GET', '/live-casino/dragon-tiger')).toHaveLength(0);
  });
});

describe('favourites, recently played and categories as icons (issue 15)', () => {
  it('stars a game into Favourites on the server, lists Recently played, folds the filters and shows a chosen category as a grid', async () => {
    setWidth(390);
    let favourites: typeof SLOTS = [];
    const { callsTo } = setup('/slots', {
      'GET /casino/my-games': () => ok({ favourites, recent: [SLOTS[2]] }),
      'PUT /casino/favourites/4': () => {
        favourites = [SLOTS[1] as (typeof SLOTS)[number]];
        return ok({ favourites, recent: [SLOTS[2]] });
      },
    });
    await waitFor(() => expect(screen.getByTestId('my-games-recent')).toBeTruthy());
    expect(
      within(screen.getByTestId('my-games-recent'))
        .getAllByTestId('game-card')
        .map((card) => card.getAttribute('data-game-code')),
    ).toEqual([SLOTS[2]?.game_code]);
    expect(screen.queryByTestId('my-games-favourites')).toBeNull();
    // Search and provider are folded away until asked for.
    expect(screen.getByTestId('casino-filters').hasAttribute('open')).toBe(false);
    // Categories carry a drawn icon.
    expect(screen.getAllByTestId('category-tile')[0]?.querySelector('svg.category-icon')).toBeTruthy();

    await userEvent.click(screen.getAllByRole('button', { name: 'Add Mumbai Nights to favourites' })[0] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('my-games-favourites')).toBeTruthy());
    expect(callsTo('PUT', '/casino/favourites/4')).toHaveLength(1);
    expect(
      screen.getAllByRole('button', { name: 'Remove Mumbai Nights from favourites' })[0]?.getAttribute('aria-pressed'),
    ).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: /^Jackpots/ }));
    expect(
      within(screen.getByTestId('game-grid'))
        .getAllByTestId('game-card')
        .map((card) => card.getAttribute('data-game-code')),
    ).toEqual([SLOTS[2]?.game_code]);
  });
});
