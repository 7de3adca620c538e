import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { FakeWebSocket } from '../../../testing/fake-socket';
import { ok, stubFetch, type StubHandler, type StubResponse } from '../../../testing/fetch-stub';
import { renderApp, setViewport, signIn } from '../../../testing/render-app';
import { BM_ID, EVENT_PATH, EX_ID, betRow, eventDetail } from '../../../testing/sports-fixtures';
import { resetLiveMarkets } from '../hooks/live-markets';

const routes = (extra: Record<string, StubResponse | StubHandler> = {}) => ({
  'GET /app-settings': ok(SETTINGS),
  'GET /advertisement': ok([]),
  'GET /getUserData': ok(makeProfile()),
  'GET /event': ok(eventDetail()),
  'GET /event-positions': ok([]),
  'GET /pinned-markets': ok([]),
  ...extra,
});

async function openEvent(extra: Record<string, StubResponse | StubHandler> = {}, desktop = true) {
  resetLiveMarkets();
  setViewport(desktop);
  signIn(makeProfile());
  const stub = stubFetch(routes(extra));
  renderApp(EVENT_PATH);
  await screen.findByTestId('event-name');
  return stub;
}

function openSocket(): FakeWebSocket {
  const socket = FakeWebSocket.latest();
  if (!socket) throw new Error('no socket');
  act(() => socket.open());
  return socket;
}

const OTHER_EVENT = { _id: 'other-event', name: 'England v India', slugName: 'england-v-india' };

describe('one bet per tap (issue 13)', () => {
  it('sends one request for a double tap, with one Idempotency-Key', async () => {
    const { callsTo } = await openEvent({
      'POST /place-bet': ok(
        betRow({ marketId: BM_ID, marketType: 'BOOKMAKER', odds: 45, matchedOdds: 45, stake: 500, matchedStake: 500 }),
      ),
    });
    await userEvent.click(within(screen.getByTestId('bookmaker-market')).getAllByTestId('bm-back')[0] as HTMLElement);
    const slip = screen.getByTestId('bet-slip');
    await userEvent.type(within(slip).getByTestId('slip-stake'), '500');
    // Two submits in the same tick, before React can re-render the button as busy.
    act(() => {
      fireEvent.submit(slip);
      fireEvent.submit(slip);
    });
    // Accepted: the slip closes and a toast says what was matched (issue 31).
    expect((await screen.findByTestId('toast')).textContent).toContain('Bet matched: ₹500.00 at 45');
    expect(screen.queryByTestId('bet-slip')).toBeNull();
    expect(callsTo('POST', '/place-bet')).toHaveLength(1);
  }, 20_000);

  it('keeps the slip open after an accepted bet when the player asks, with the stake cleared', async () => {
    const { callsTo } = await openEvent({
      'POST /place-bet': ok(
        betRow({ marketId: BM_ID, marketType: 'BOOKMAKER', odds: 45, matchedOdds: 45, stake: 500, matchedStake: 500 }),
      ),
    });
    await userEvent.click(within(screen.getByTestId('bookmaker-market')).getAllByTestId('bm-back')[0] as HTMLElement);
    const slip = screen.getByTestId('bet-slip');
    await userEvent.click(within(slip).getByTestId('slip-keep-open'));
    expect(window.localStorage.getItem('keepSlipOpen')).toBe('true');
    await userEvent.type(within(slip).getByTestId('slip-stake'), '500');
    await userEvent.click(within(slip).getByTestId('place-bet'));
    expect((await within(slip).findByTestId('slip-result')).textContent).toBe('Bet matched: ₹500.00 at 45');
    expect(callsTo('POST', '/place-bet')).toHaveLength(1);
    // The stake is cleared after the answer: a further tap needs a new stake (and gets a new key).
    expect((within(slip).getByTestId('slip-stake') as HTMLInputElement).value).toBe('');
    expect((within(slip).getByTestId('place-bet') as HTMLButtonElement).disabled).toBe(true);
  }); // the file's first render pays for the cold start

  it('closes the in-play slip with a toast when its bet is accepted after the delay', async () => {
    const pending = betRow({
      status: 'pending',
      delayUntil: new Date(Date.now() + 3000).toISOString(),
      matchedStake: 0,
      unmatchedStake: 1000,
    });
    await openEvent({ 'POST /place-bet': ok(pending), 'GET /bet-sport-byMarket': ok([pending]) });
    const socket = openSocket();
    await userEvent.click(within(screen.getByTestId('exchange-market')).getAllByTestId('best-back')[0] as HTMLElement);
    const slip = screen.getByTestId('bet-slip');
    await userEvent.type(within(slip).getByTestId('slip-stake'), '1000');
    await userEvent.click(within(slip).getByTestId('place-bet'));
    await within(slip).findByTestId('slip-pending');
    act(() =>
      socket.receive({
        type: 'bet',
        bet: { ...pending, status: 'matched', matchedStake: 1000, unmatchedStake: 0, delayUntil: null },
      }),
    );
    expect(screen.queryByTestId('bet-slip')).toBeNull();
    expect((await screen.findByTestId('toast')).textContent).toContain('Bet matched: ₹1,000.00 at 1.8');
  });

  it('clears the in-play slip kept open when its bet is accepted after the delay, and says so', async () => {
    const pending = betRow({
      status: 'pending',
      delayUntil: new Date(Date.now() + 3000).toISOString(),
      matchedStake: 0,
      unmatchedStake: 1000,
    });
    await openEvent({ 'POST /place-bet': ok(pending), 'GET /bet-sport-byMarket': ok([pending]) });
    const socket = openSocket();
    await userEvent.click(within(screen.getByTestId('exchange-market')).getAllByTestId('best-back')[0] as HTMLElement);
    const slip = screen.getByTestId('bet-slip');
    await userEvent.click(within(slip).getByTestId('slip-keep-open'));
    await userEvent.type(within(slip).getByTestId('slip-stake'), '1000');
    await userEvent.click(within(slip).getByTestId('place-bet'));
    await within(slip).findByTestId('slip-pending');
    expect((within(slip).getByTestId('slip-stake') as HTMLInputElement).value).toBe('1000');
    act(() =>
      socket.receive({
        type: 'bet',
        bet: { ...pending, status: 'matched', matchedStake: 1000, unmatchedStake: 0, delayUntil: null },
      }),
    );
    expect(within(slip).getByTestId('slip-resolved').textContent).toBe(
      'Accepted after the in-play delay: the slip is cleared.',
    );
    expect(within(slip).getByTestId('slip-result').textContent).toBe('Bet matched: ₹1,000.00 at 1.8');
    expect((within(slip).getByTestId('slip-stake') as HTMLInputElement).value).toBe('');
    expect(within(slip).queryByTestId('slip-pending')).toBeNull();
  });

  it('clears the in-play slip when its bet is refused after the delay, with the reason', async () => {
    const pending = betRow({
      status: 'pending',
      delayUntil: new Date(Date.now() + 3000).toISOString(),
      matchedStake: 0,
      unmatchedStake: 1000,
    });
    await openEvent({ 'POST /place-bet': ok(pending), 'GET /bet-sport-byMarket': ok([pending]) });
    const socket = openSocket();
    await userEvent.click(within(screen.getByTestId('exchange-market')).getAllByTestId('best-back')[0] as HTMLElement);
    const slip = screen.getByTestId('bet-slip');
    await userEvent.type(within(slip).getByTestId('slip-stake'), '1000');
    await userEvent.click(within(slip).getByTestId('place-bet'));
    await within(slip).findByTestId('slip-pending');
    act(() =>
      socket.receive({
        type: 'bet',
        bet: { ...pending, status: 'lapsed', lapseReason: 'PRICE_MOVED', unmatchedStake: 0 },
      }),
    );
    expect(within(slip).getByTestId('slip-resolved').textContent).toBe(
      'Refused after the in-play delay: the slip is cleared.',
    );
    expect(within(slip).getByTestId('slip-result').textContent).toBe(
      'Bet lapsed: The price moved during the bet delay',
    );
    expect((within(slip).getByTestId('slip-stake') as HTMLInputElement).value).toBe('');
  });
});

describe("the player's own stake buttons (issue 31)", () => {
  it('shows the saved eight, edits them in the slip and saves them on the server; a bad amount is refused', async () => {
    const mine = [50, 150, 300, 750, 1500, 2500, 7500, 25000];
    const { callsTo } = await openEvent({
      'GET /stake-buttons': ok({ values: [100, 200, 300, 400, 500, 600, 700, 800] }),
      'PUT /stake-buttons': ({ body }) => ok(body as { values: number[] }, 'Stake buttons saved'),
    });
    await userEvent.click(within(screen.getByTestId('exchange-market')).getAllByTestId('best-back')[0] as HTMLElement);
    const slip = screen.getByTestId('bet-slip');
    const chips = () => within(within(slip).getByRole('group', { name: 'Stake chips' })).getAllByRole('button');
    await waitFor(() => expect(chips()[7]?.textContent).toBe('800'));
    await userEvent.click(chips()[2] as HTMLElement);
    expect((within(slip).getByTestId('slip-stake') as HTMLInputElement).value).toBe('300');

    await userEvent.click(within(slip).getByTestId('stake-chips-edit'));
    const editor = within(slip).getByTestId('stake-chips-editor');
    const fields = within(editor).getAllByRole('textbox');
    expect(fields).toHaveLength(8);
    await userEvent.clear(fields[0] as HTMLElement);
    await userEvent.type(fields[0] as HTMLElement, '10.5');
    await userEvent.click(within(editor).getByTestId('stake-chips-save'));
    expect(within(editor).getByTestId('stake-chips-error').textContent).toBe(
      'Each stake button needs a whole amount from ₹1 to ₹1,00,00,000.',
    );
    expect(callsTo('PUT', '/stake-buttons')).toHaveLength(0);
    for (const [index, value] of mine.entries()) {
      await userEvent.clear(fields[index] as HTMLElement);
      await userEvent.type(fields[index] as HTMLElement, String(value));
    }
    await userEvent.click(within(editor).getByTestId('stake-chips-save'));
    await waitFor(() => expect(within(slip).queryByTestId('stake-chips-editor')).toBeNull());
    expect(callsTo('PUT', '/stake-buttons')[0]?.body).toEqual({ values: mine });
    expect(chips().map((chip) => chip.textContent)).toEqual([
      '50',
      '150',
      '300',
      '750',
      '1,500',
      '2,500',
      '7,500',
      '25,000',
      'Edit stakes',
    ]);
    // Saving the buttons placed no bet.
    expect(callsTo('POST', '/place-bet')).toHaveLength(0);
  });
});

describe('one-click betting (issue 31)', () => {
  it('is off by default; on, a tap places the chosen stake at once with no slip, one key per tap', async () => {
    const { callsTo } = await openEvent({
      'POST /place-bet': ok(
        betRow({ marketId: BM_ID, marketType: 'BOOKMAKER', odds: 45, matchedOdds: 45, stake: 500, matchedStake: 500 }),
      ),
    });
    const control = screen.getByTestId('one-click');
    expect((within(control).getByTestId('one-click-toggle') as HTMLInputElement).checked).toBe(false);
    await userEvent.click(within(control).getByTestId('one-click-toggle'));
    await userEvent.selectOptions(within(control).getByTestId('one-click-stake'), '1000');
    expect(within(control).getByRole('status').textContent).toBe('A tap on a price places ₹1,000 at once.');
    expect(JSON.parse(window.localStorage.getItem('oneClick') ?? 'null')).toEqual({ on: true, stake: 1000 });

    const cell = within(screen.getByTestId('bookmaker-market')).getAllByTestId('bm-back')[0] as HTMLElement;
    await userEvent.click(cell);
    expect(screen.queryByTestId('bet-slip')).toBeNull();
    expect((await screen.findByTestId('toast')).textContent).toContain('Bet matched: ₹500.00 at 45');
    const call = callsTo('POST', '/place-bet')[0];
    expect(call?.body).toEqual({
      marketId: BM_ID,
      selectionId: expect.any(String),
      selectionType: 'back',
      odds: 45,
      stake: 1000,
    });
    await userEvent.click(cell);
    await waitFor(() => expect(callsTo('POST', '/place-bet')).toHaveLength(2));
    const [first, second] = callsTo('POST', '/place-bet');
    expect(first?.headers.get('idempotency-key')).not.toBe(second?.headers.get('idempotency-key'));

    // Off again: a tap opens the slip.
    await userEvent.click(within(control).getByTestId('one-click-toggle'));
    await userEvent.click(cell);
    expect(screen.getByTestId('bet-slip')).toBeTruthy();
  });
});

describe('odds-change preference in the slip (issue 13)', () => {
  it('shows the saved preference for a bookmaker bet and changes it on the server; an exchange slip has none', async () => {
    const { callsTo } = await openEvent({
      'GET /odds-preference': ok({ mode: 'better', ticks: null }),
      'PUT /odds-preference': ({ body }) =>
        ok(
          { mode: (body as { mode: string }).mode, ticks: (body as { ticks?: number }).ticks ?? null },
          'Odds preference saved',
        ),
    });
    await userEvent.click(within(screen.getByTestId('exchange-market')).getAllByTestId('best-back')[0] as HTMLElement);
    expect(within(screen.getByTestId('bet-slip')).queryByTestId('odds-preference')).toBeNull();
    await userEvent.click(within(screen.getByTestId('bookmaker-market')).getAllByTestId('bm-back')[0] as HTMLElement);
    const slip = screen.getByTestId('bet-slip');
    const mode = (await within(slip).findByLabelText('When bookmaker or fancy odds change')) as HTMLSelectElement;
    await waitFor(() => expect(mode.value).toBe('better'));
    await userEvent.selectOptions(mode, 'ticks');
    await waitFor(() => expect(callsTo('PUT', '/odds-preference')[0]?.body).toEqual({ mode: 'ticks', ticks: 1 }));
    await userEvent.selectOptions(within(slip).getByLabelText('Ticks'), '3');
    await waitFor(() => expect(callsTo('PUT', '/odds-preference')[1]?.body).toEqual({ mode: 'ticks', ticks: 3 }));
    expect((await within(slip).findByText('Saved: Accept any change within 3 ticks')).getAttribute('role')).toBe(
      'status',
    );
  });
});

describe("the event page's bets (issue 13)", () => {
  const unmatched = betRow({
    _id: '00000000-0000-4000-8000-0000000000c1',
    status: 'unmatched',
    odds: 2.5,
    stake: 300,
    matchedStake: 0,
    unmatchedStake: 300,
  });
  const partly = betRow({
    _id: '00000000-0000-4000-8000-0000000000c2',
    selectionType: 'lay',
    odds: 1.9,
    stake: 400,
    matchedStake: 100,
    unmatchedStake: 300,
    status: 'unmatched',
  });
  const matched = betRow({
    _id: '00000000-0000-4000-8000-0000000000c3',
    marketId: BM_ID,
    marketName: 'Bookmaker',
    marketType: 'BOOKMAKER',
    odds: 45,
    stake: 500,
  });
  const elsewhere = betRow({
    _id: '00000000-0000-4000-8000-0000000000c4',
    eventId: OTHER_EVENT,
    event: OTHER_EVENT.name,
  });

  it('lists matched and unmatched bets of this event only, and cancels one or all on a market', async () => {
    let open = [unmatched, partly, matched, elsewhere];
    const { callsTo } = await openEvent({
      'GET /my-bets': () => ok(open),
      'POST /cancel-bet': ({ body }) => {
        open = open.filter((bet) => bet._id !== (body as { betId: string }).betId);
        return ok({ ...unmatched, status: 'cancelled' }, 'Bet cancelled');
      },
      'POST /cancel-market-bets': () => {
        open = open.filter((bet) => bet.marketId !== EX_ID || bet.matchedStake > 0);
        return ok([], '1 bet cancelled');
      },
    });
    const list = await screen.findByTestId('event-bets');
    await waitFor(() => expect(within(list).getAllByTestId('event-bet')).toHaveLength(3));
    expect(
      within(list)
        .getAllByTestId('event-bet')
        .map((row) => row.getAttribute('data-status')),
    ).toEqual(['unmatched', 'unmatched', 'matched']);
    expect(within(list).getAllByTestId('event-bet')[1]?.textContent).toContain('₹100.00 matched, ₹300.00 unmatched');
    expect(within(list).getAllByRole('button', { name: /^Cancel (Back|Lay)/ })).toHaveLength(2); // the matched bookmaker bet has none

    await userEvent.click(within(list).getByRole('button', { name: 'Cancel Back India @ 2.5' }));
    await waitFor(() => expect(within(list).getAllByTestId('event-bet')).toHaveLength(2));
    expect(callsTo('POST', '/cancel-bet')[0]?.body).toEqual({ betId: unmatched._id });

    open = [unmatched, partly, matched];
    await act(async () => {
      FakeWebSocket.latest()?.open();
      FakeWebSocket.latest()?.receive({ type: 'bet', bet: unmatched });
    });
    await waitFor(() => expect(within(list).getAllByTestId('event-bet')).toHaveLength(3)); // live: refreshed on the socket's bet message
    await userEvent.click(within(list).getByRole('button', { name: 'Cancel all unmatched bets on Match Odds' }));
    await waitFor(() => expect(callsTo('POST', '/cancel-market-bets')[0]?.body).toEqual({ marketId: EX_ID }));
    await waitFor(() =>
      expect(
        within(list)
          .getAllByTestId('event-bet')
          .map((row) => row.getAttribute('data-status')),
      ).toEqual(['unmatched', 'matched']),
    );
  });

  it('says when the player has no bets on the event', async () => {
    await openEvent({ 'GET /my-bets': ok([elsewhere]) });
    expect((await screen.findByTestId('event-bets-empty')).textContent).toBe('No bets on this event yet.');
  });
});

describe('balances that move themselves (issue 13)', () => {
  it('moves the header balance and says what happened in a toast', async () => {
    await openEvent({}, false);
    const socket = openSocket();
    act(() =>
      socket.receive({
        type: 'balance',
        balance: 11000,
        exposure: 0,
        bonus: 0,
        bonusExposure: 0,
        changes: [{ kind: 'deposit', amountPaise: 1000_00, wallet: 'main' }],
      }),
    );
    expect(screen.getByTestId('balance-amount').textContent).toBe('₹11,000.00');
    const toast = await screen.findByText('Deposit of ₹1,000.00 approved');
    expect(toast.closest('[data-testid="toast"]')?.getAttribute('data-type')).toBe('success');
  });

  it('moves the balance without a toast for a change the player made (exposure of a bet)', async () => {
    await openEvent();
    const socket = openSocket();
    act(() => socket.receive({ type: 'balance', balance: 10000, exposure: -500, bonus: 0, bonusExposure: 0 }));
    expect(screen.getByTestId('exposure-amount').textContent).toBe('Exp -₹500.00');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });
});

describe('odds-change preference in the account menu (issue 13)', () => {
  it('shows the saved preference and saves a change', async () => {
    const { callsTo } = await openEvent({
      'GET /odds-preference': ok({ mode: 'ticks', ticks: 2 }),
      'PUT /odds-preference': ({ body }) =>
        ok({ mode: (body as { mode: string }).mode, ticks: null }, 'Odds preference saved'),
    });
    await userEvent.click(screen.getByTestId('profile-menu-button'));
    const menu = await screen.findByTestId('profile-menu');
    // The control loads when the menu first opens (ADR 0024: zod stays off the first load).
    const mode = (await within(menu).findByLabelText('When bookmaker or fancy odds change')) as HTMLSelectElement;
    await waitFor(() => expect(mode.value).toBe('ticks'));
    expect((within(menu).getByLabelText('Ticks') as HTMLSelectElement).value).toBe('2');
    await userEvent.selectOptions(mode, 'exact');
    await waitFor(() => expect(callsTo('PUT', '/odds-preference')[0]?.body).toEqual({ mode: 'exact' }));
    expect(await within(menu).findByText('Saved: Exact odds only')).toBeTruthy();
  });
});
