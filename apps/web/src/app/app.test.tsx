import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@khel/contract';
import { SETTINGS, makeProfile } from '../testing/fixtures';
import { business, ok, stubFetch, transport, type StubHandler, type StubResponse } from '../testing/fetch-stub';
import { renderApp, setViewport, signIn } from '../testing/render-app';

const base = (extra: Record<string, StubResponse | StubHandler> = {}) => ({
  'GET /app-settings': ok(SETTINGS),
  'GET /advertisement': ok([]),
  ...extra,
});

describe('startup and route guard (spec §4)', () => {
  it('sends a visitor from a protected page to /login', async () => {
    stubFetch(base());
    const app = renderApp('/slots');
    await screen.findByRole('heading', { name: 'Login' });
    expect(app.location().pathname).toBe('/login');
  });

  it.each(['/register', '/forgot-password'])('lets a visitor open %s', async (path) => {
    stubFetch(base());
    const app = renderApp(path);
    await screen.findByRole('heading', { name: path === '/register' ? 'Sign Up' : 'Forgot Password' });
    expect(app.location().pathname).toBe(path);
  });

  it.each([
    [{}, '/slots'],
    [{ allowSlots: false }, '/'],
    [{ allowSlots: false, allowHome: false }, '/live-casino'],
    [{ allowSlots: false, allowHome: false, allowLiveCasino: false }, '/no-access'],
  ])('with a token on /login, loads the profile %o and lands on %s', async (flags, landing) => {
    const user = makeProfile(flags);
    signIn(null);
    const { callsTo } = stubFetch(base({ 'GET /getUserData': ok(user) }));
    const app = renderApp('/login');
    await waitFor(() => expect(app.location().pathname).toBe(landing));
    expect(callsTo('GET', '/getUserData')[0]?.headers.get('Cache-Control')).toBe('no-cache');
    expect(JSON.parse(window.localStorage.getItem('userData') ?? '{}')).toMatchObject({ _id: user._id });
  });

  it('redirects a route that is not permitted to the landing page', async () => {
    const user = makeProfile({ allowSlots: false, allowStatements: false });
    signIn(user);
    stubFetch(base({ 'GET /getUserData': ok(user) }));
    const app = renderApp('/statements');
    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });

  it('shows /no-access to a user with no permission at all', async () => {
    const user = makeProfile({ allowSlots: false, allowHome: false, allowLiveCasino: false });
    signIn(user);
    stubFetch(base({ 'GET /getUserData': ok(user) }));
    const app = renderApp('/slots');
    await screen.findByTestId('no-access');
    expect(app.location().pathname).toBe('/no-access');
    // Balance display only when home, live casino or slots is allowed (spec §6).
    expect(screen.queryByTestId('header-balance')).toBeNull();
  });
});

describe('header (spec §2)', () => {
  it('shows the permitted navigation, the shortcuts and balance + exposure', async () => {
    const user = makeProfile({ allowLiveCasino: false, balance: 100000, exposure: -250.5 });
    signIn(user);
    stubFetch(base({ 'GET /getUserData': ok(user) }));
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'In-Play', 'Slots']);
    // In-Play (decision 0072) shares the live icon and opens the In-Play list.
    expect(within(nav).getByRole('link', { name: 'In-Play' }).getAttribute('href')).toBe('/sports/in-play');
    const bottom = screen.getByRole('navigation', { name: 'Bottom navigation' });
    expect(
      within(bottom)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'In-Play', 'Slots']);
    expect(within(bottom).getByRole('link', { name: 'In-Play' }).getAttribute('href')).toBe('/sports/in-play');
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/deposit');
    expect(screen.getByRole('link', { name: 'Withdrawal' }).getAttribute('href')).toBe('/withdrawal');
    expect(screen.getByRole('link', { name: 'Bonus' }).getAttribute('href')).toBe('/bonus');
    expect(screen.getByTestId('balance-amount').textContent).toBe('₹99,749.50');
    expect(screen.getByTestId('exposure-amount').textContent).toBe('Exp -₹250.50');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('hides the shortcuts, bonus wallet and referral bonus from a credit player', async () => {
    const user = makeProfile({ role: 6 });
    signIn(user);
    stubFetch(base({ 'GET /getUserData': ok(user) }));
    renderApp('/slots');
    await screen.findByRole('heading', { name: 'Slots' });
    expect(screen.queryByRole('link', { name: 'Deposit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Bonus' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByTestId('profile-menu');
    // The items show once the menu's lazy parts have loaded (all together, so nothing moves).
    expect(await within(menu).findByRole('link', { name: 'Account Statements' })).toBeTruthy();
    expect(within(menu).queryByRole('group', { name: 'Wallet' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Referral Bonus' })).toBeNull();
  });

  it('shows a Login link and no navigation to a visitor, and the play-money notice', async () => {
    stubFetch(base());
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await screen.findByTestId('play-money-bar');
    expect(screen.getByTestId('play-money-bar').textContent).toBe(MESSAGES.playMoneyNotice);
  });

  it('applies the brand colour, favicon and site name from app settings', async () => {
    stubFetch(base());
    renderApp('/login');
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--brand')).toBe('#22aa88'));
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/api/v1/media/favicon');
    expect(document.title).toBe('Khel Test');
  });

  it('profile menu: username with ID badge, items, My Bets empty state', async () => {
    const user = makeProfile();
    signIn(user);
    stubFetch(base({ 'GET /getUserData': ok(user) }));
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByTestId('profile-menu');
    expect(within(menu).getByText('ID')).toBeTruthy();
    await within(menu).findByRole('button', { name: 'My Bets' });
    expect(within(menu).getByTestId('menu-username').textContent).toBe('asha01');
    const labels = within(menu)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // The theme row is the phone's (CSS hides it on desktop, jsdom renders both).
    // Payment Accounts and Responsible Gambling are ours (README decisions), after the spec's items; then
    // the language switch (ADR 0030).
    expect(labels).toEqual([
      'My Bets',
      'Referral Bonus',
      'Account Statements',
      'Profit And Loss',
      'Payment Accounts',
      'Responsible Gambling',
      'Change Password',
      'Light theme',
      'Englishहिन्दी',
      'Logout',
    ]);
    await userEvent.click(within(menu).getByRole('button', { name: 'My Bets' }));
    const dialog = await screen.findByRole('dialog', { name: 'My Bets' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(await within(dialog).findByText(MESSAGES.noData)).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('My Bets groups bets by event with a link to the event page', async () => {
    const user = makeProfile();
    signIn(user);
    const bet = (id: string, event: string) => ({
      _id: id,
      selection: 'India',
      selectionType: 'back',
      odds: 1.8,
      stake: 500,
      marketType: 'exchange',
      createdAt: '2025-01-01T10:00:00Z',
      sportId: { slugName: 'cricket' },
      leagueId: { slugName: 'ipl' },
      eventId: { slugName: event },
      event: event.toUpperCase(),
    });
    stubFetch(
      base({
        'GET /getUserData': ok(user),
        'GET /my-bets': ok([bet('b1', 'ind-v-aus'), bet('b2', 'ind-v-aus'), bet('b3', 'eng-v-sa')]),
      }),
    );
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('button', { name: 'My Bets' }));
    const dialog = await screen.findByRole('dialog', { name: 'My Bets' });
    const toggle = await within(dialog).findByRole('button', { name: /IND-V-AUS/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog).getAllByRole('link', { name: 'View event' })[0]?.getAttribute('href')).toBe(
      '/event?sport=cricket&league=ipl&event=ind-v-aus',
    );
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('wallet switch (spec §4)', () => {
  it('calls the server, updates the local wallet and toasts Wallet Changed', async () => {
    setViewport(true);
    const user = makeProfile();
    signIn(user);
    let wallet: '1' | '2' = '1';
    const { callsTo } = stubFetch(
      base({
        'GET /getUserData': () => ok({ ...user, wallet }),
        'PUT /wallet': () => {
          wallet = '2';
          return ok({ ...user, wallet }, 'Wallet changed by server');
        },
      }),
    );
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('radio', { name: /Bonus Wallet/ }));
    await screen.findByText(MESSAGES.walletChanged);
    expect(callsTo('PUT', '/wallet')[0]?.body).toEqual({ selectedWallet: '2' });
    expect(JSON.parse(window.localStorage.getItem('userData') ?? '{}').wallet).toBe('2');
    expect(screen.getByTestId('balance-amount').textContent).toBe('₹400.00');
  });
});

describe('logout (spec §4)', () => {
  it.each([
    ['succeeds', ok(null, 'Logged out')],
    ['fails', transport(500, 'Something went wrong, please try again')],
  ])('when the call %s: clears the session, goes to /login and toasts Logged Out', async (_label, answer) => {
    setViewport(true);
    const user = makeProfile();
    signIn(user);
    const { callsTo } = stubFetch(base({ 'GET /getUserData': ok(user), 'POST /logout': answer }));
    const app = renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(callsTo('POST', '/logout')[0]?.body).toEqual({ user_id: 'user-1' });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('userData')).toBeNull();
    expect(await screen.findByText(MESSAGES.loggedOut)).toBeTruthy();
  });
});

describe('profile refresh and session expiry (spec §4)', () => {
  it('reloads the profile on window focus and when the tab becomes visible', async () => {
    const user = makeProfile();
    signIn(user);
    let balance = 100;
    const { callsTo } = stubFetch(base({ 'GET /getUserData': () => ok({ ...user, balance: balance, exposure: 0 }) }));
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('balance-amount').textContent).toBe('₹100.00'));
    balance = 250;
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(screen.getByTestId('balance-amount').textContent).toBe('₹250.00'));
    balance = 300;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(screen.getByTestId('balance-amount').textContent).toBe('₹300.00'));
    expect(callsTo('GET', '/getUserData').length).toBeGreaterThanOrEqual(3);
  });

  it('HTTP 401 on a refresh removes userData, keeps the token and goes to /login', async () => {
    const user = makeProfile();
    signIn(user);
    let revoked = false;
    stubFetch(
      base({
        'GET /getUserData': () => (revoked ? transport(401, 'Your session has ended, please log in again') : ok(user)),
      }),
    );
    const app = renderApp('/');
    await screen.findByTestId('balance-amount');
    revoked = true;
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(window.localStorage.getItem('userData')).toBeNull();
    expect(window.localStorage.getItem('token')).toBe('token-1');
    await screen.findByRole('heading', { name: 'Login' });
  });

  it('meta.code 401 in a body removes userData and token and goes to / (then /login)', async () => {
    const user = makeProfile();
    signIn(user);
    let expired = false;
    stubFetch(base({ 'GET /getUserData': () => (expired ? business(401, 'Session expired') : ok(user)) }));
    const app = renderApp('/slots');
    await screen.findByTestId('balance-amount');
    expired = true;
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(window.localStorage.getItem('userData')).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('theme (spec §3)', () => {
  it('is dark by default and the toggle is remembered in localStorage', async () => {
    stubFetch(base());
    const { loadTheme } = await import('../lib/theme');
    loadTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to light theme' }));
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    // A later page load reads it back.
    expect(loadTheme()).toBe('light');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(window.localStorage.getItem('theme')).toBe('dark');
  });
});

describe('referral prefill (spec §2)', () => {
  it('?referral_code= on any page opens Sign Up with the code filled in', async () => {
    stubFetch(base());
    const app = renderApp('/slots?referral_code=FRIEND42');
    const dialog = await screen.findByRole('dialog', { name: 'Sign Up' });
    expect((within(dialog).getByLabelText(/Referral Code/) as HTMLInputElement).value).toBe('FRIEND42');
    expect(app.location().pathname).toBe('/login');
  });

  it('fills the form of the /register page', async () => {
    stubFetch(base());
    renderApp('/register?referral_code=PAGE7');
    await screen.findByRole('heading', { name: 'Sign Up' });
    expect((screen.getByLabelText(/Referral Code/) as HTMLInputElement).value).toBe('PAGE7');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
