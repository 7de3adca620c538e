import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MarketPosition } from '@khel/contract';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { FakeWebSocket } from '../../../testing/fake-socket';
import { business, ok, stubFetch, type StubHandler, type StubResponse } from '../../../testing/fetch-stub';
import { renderApp, setViewport, signIn } from '../../../testing/render-app';
import {
  EVENT_PATH,
  EX_ID,
  FANCY_ID,
  RUNNER_A,
  eventDetail,
  exchangeMarket,
  fancyMarket,
} from '../../../testing/sports-fixtures';
import { resetLiveMarkets } from '../hooks/live-markets';

const runnerB = (eventDetail().markets[0]?.runners[1]?._id ?? '') as string;

const exchangePosition = (a: number, aIf: number, b: number, bIf: number): MarketPosition => ({
  marketId: EX_ID,
  marketType: 'EXCHANGE',
  wallet: 'main',
  runners: [
    { selectionId: RUNNER_A, profitLoss: a, ifUnmatchedFill: aIf },
    { selectionId: runnerB, profitLoss: b, ifUnmatchedFill: bIf },
  ],
  fancyBook: [],
});

const fancyPosition: MarketPosition = {
  marketId: FANCY_ID,
  marketType: 'FANCY',
  wallet: 'main',
  runners: [],
  fancyBook: [
    { fromRuns: 0, toRuns: 61, profitLoss: 100, worst: false },
    { fromRuns: 61, toRuns: 63, profitLoss: -200, worst: true },
    { fromRuns: 63, toRuns: null, profitLoss: 90, worst: false },
  ],
};

async function openEvent(extra: Record<string, StubResponse | StubHandler> = {}) {
  resetLiveMarkets();
  setViewport(true);
  signIn(makeProfile());
  const stub = stubFetch({
    'GET /app-settings': ok(SETTINGS),
    'GET /advertisement': ok([]),
    'GET /getUserData': ok(makeProfile()),
    'GET /event': ok(eventDetail()),
    'GET /event-positions': ok([exchangePosition(200, 300, -100, -400), fancyPosition]),
    ...extra,
  });
  renderApp(EVENT_PATH);
  await screen.findByTestId('event-name');
  return stub;
}

const runnerFigures = (index: number) =>
  within(within(screen.getByTestId('exchange-market')).getAllByTestId('runner')[index] as HTMLElement);

describe('trading on the event page', () => {
  it('shows each runner’s figure (green / red) with the if-unmatched-fill figure beside it, and follows the socket', async () => {
    await openEvent();
    await waitFor(() => expect(runnerFigures(0).getByTestId('position-matched').textContent).toBe('+₹200.00'));
    expect(runnerFigures(0).getByTestId('position-matched').className).toContain('position--up');
    expect(runnerFigures(0).getByTestId('position-if-filled').textContent).toBe('» +₹300.00');
    expect(runnerFigures(1).getByTestId('position-matched').className).toContain('position--down');

    const socket = FakeWebSocket.latest() as FakeWebSocket;
    act(() => socket.open());
    act(() => socket.receive({ type: 'positions', marketId: EX_ID, positions: [exchangePosition(100, 100, 0, 0)] }));
    await waitFor(() => expect(runnerFigures(0).getByTestId('position-matched').textContent).toBe('+₹100.00'));
    expect(runnerFigures(0).queryByTestId('position-if-filled')).toBeNull();
    expect(runnerFigures(1).getByTestId('position-matched').textContent).toBe('₹0.00');
  }, 15_000); // the first test of the file also waits for the event route's first import on a busy machine

  it('keeps a pushed position when a read that was out meanwhile answers with the figures from before', async () => {
    let reads = 0;
    let answerLate: (() => void) | undefined;
    await openEvent({
      'GET /event-positions': async () => {
        reads += 1;
        if (reads === 1) return ok([exchangePosition(200, 300, -100, -400)]);
        await new Promise<void>((resolve) => (answerLate = resolve));
        // Answered before the fill's commit: the exchange market as before; the fancy line is new.
        return ok([exchangePosition(200, 300, -100, -400), fancyPosition]);
      },
    });
    await waitFor(() => expect(runnerFigures(0).getByTestId('position-matched').textContent).toBe('+₹200.00'));
    const socket = FakeWebSocket.latest() as FakeWebSocket;
    act(() => socket.open());
    // Signed in: the positions are read again…
    act(() => socket.receive({ type: 'authenticated', userId: 'user-1' }));
    await waitFor(() => expect(answerLate).toBeDefined());
    // …the fill's push arrives first, then the read lands with the figures from before the fill.
    act(() => socket.receive({ type: 'positions', marketId: EX_ID, positions: [exchangePosition(100, 100, 0, 0)] }));
    await waitFor(() => expect(runnerFigures(0).getByTestId('position-matched').textContent).toBe('+₹100.00'));
    act(() => answerLate?.());
    // The read has landed (the fancy line's Book comes from it), and the pushed market kept its figures.
    await within(screen.getByTestId('fancy-market')).findByTestId('fancy-book-open');
    expect(runnerFigures(0).getByTestId('position-matched').textContent).toBe('+₹100.00');
  });

  it('cashes out at the quoted value with a share; a moved quote is answered with "Odds changed"', async () => {
    let answer: StubResponse = business(409, 'The prices moved: check the new cash-out value', {
      error: 'ODDS_CHANGED',
    });
    const { callsTo } = await openEvent({
      'GET /cash-out-quote': ({ search }) =>
        ok({
          marketId: EX_ID,
          marketType: 'EXCHANGE',
          wallet: 'main',
          percent: Number(search.get('percent')),
          available: true,
          reason: null,
          value: Number(search.get('percent')) / 2,
          legs: [],
        }),
      'POST /cash-out': () => answer,
    });
    const market = screen.getByTestId('exchange-market');
    await userEvent.click(await within(market).findByTestId('cash-out-open'));
    await userEvent.click(within(market).getByTestId('cash-out-share-50'));
    await waitFor(() => expect(within(market).getByTestId('cash-out-value').textContent).toBe('Cash out ₹25.00'));
    await userEvent.click(within(market).getByTestId('cash-out-confirm'));
    expect((await within(market).findByTestId('cash-out-error')).textContent).toBe('Odds changed: check the new value');
    const first = callsTo('POST', '/cash-out')[0];
    expect(first?.body).toEqual({ marketId: EX_ID, percent: 50, value: 25 });

    answer = ok({ marketId: EX_ID, value: 25, bets: [] }, 'Cashed out for ₹25.00');
    await userEvent.click(within(market).getByTestId('cash-out-confirm'));
    await waitFor(() => expect(within(market).queryByTestId('cash-out')).toBeNull());
    const calls = callsTo('POST', '/cash-out');
    // The same body is retried with the same Idempotency-Key.
    expect(calls[1]?.headers.get('idempotency-key')).toBe(calls[0]?.headers.get('idempotency-key'));
  });

  it('never offers one share’s value for another, nor an earlier opening’s value after a cash out', async () => {
    // The value of a share answers only when the test lets it: here, slower than the player's tap.
    const held = new Map<string, () => void>();
    const quotes: string[] = [];
    const { callsTo } = await openEvent({
      'GET /cash-out-quote': ({ search }) => {
        const percent = Number(search.get('percent'));
        quotes.push(String(percent));
        const answer = ok({
          marketId: EX_ID,
          marketType: 'EXCHANGE',
          wallet: 'main',
          percent,
          available: true,
          reason: null,
          value: percent / 2,
          legs: [],
        });
        if (percent === 100 && quotes.length === 1) return answer;
        return new Promise((resolve) => held.set(String(percent), () => resolve(answer)));
      },
      'POST /cash-out': ({ body }) => ok({ marketId: EX_ID, value: (body as { value: number }).value, bets: [] }),
    });
    const market = screen.getByTestId('exchange-market');
    await userEvent.click(await within(market).findByTestId('cash-out-open'));
    await waitFor(() => expect(within(market).getByTestId('cash-out-value').textContent).toBe('Cash out ₹50.00'));
    await userEvent.click(within(market).getByTestId('cash-out-share-50'));
    // All's ₹50.00 is not the value of half: nothing to confirm until half's own value arrives.
    await waitFor(() => expect(held.has('50')).toBe(true));
    expect(within(market).getByTestId('cash-out-value').textContent).toBe('Getting the value…');
    expect((within(market).getByTestId('cash-out-confirm') as HTMLButtonElement).disabled).toBe(true);
    act(() => held.get('50')?.());
    await waitFor(() => expect(within(market).getByTestId('cash-out-value').textContent).toBe('Cash out ₹25.00'));
    await userEvent.click(within(market).getByTestId('cash-out-confirm'));
    await waitFor(() => expect(within(market).queryByTestId('cash-out')).toBeNull());
    expect(callsTo('POST', '/cash-out')[0]?.body).toEqual({ marketId: EX_ID, percent: 50, value: 25 });

    // Opened again: the whole position, valued afresh (the earlier quotes are of the position before).
    held.clear();
    await userEvent.click(within(market).getByTestId('cash-out-open'));
    expect(within(market).getByTestId('cash-out-share-100').getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(held.has('100')).toBe(true));
    expect(within(market).getByTestId('cash-out-value').textContent).toBe('Getting the value…');
    expect((within(market).getByTestId('cash-out-confirm') as HTMLButtonElement).disabled).toBe(true);
    act(() => held.get('100')?.());
    await waitFor(() => expect(within(market).getByTestId('cash-out-value').textContent).toBe('Cash out ₹50.00'));
  });

  it('keeps Cash Out in place while a market is suspended, greyed with the reason, and on fancy rows too (issue 31)', async () => {
    await openEvent();
    const market = screen.getByTestId('exchange-market');
    const fancy = screen.getByTestId('fancy-market');
    const open = await within(market).findByTestId('cash-out-open');
    expect((open as HTMLButtonElement).disabled).toBe(false);
    // A fancy position is offered Cash Out from its row, not only from its Book.
    expect((within(fancy).getByTestId('cash-out-open') as HTMLButtonElement).disabled).toBe(false);

    const socket = FakeWebSocket.latest() as FakeWebSocket;
    act(() => socket.open());
    act(() => socket.receive({ type: 'market', market: exchangeMarket({ version: 2, status: 'suspended' }) }));
    act(() =>
      socket.receive({
        type: 'market',
        market: fancyMarket({ version: 2, status: 'suspended', suspendReason: 'BALL_RUNNING' }),
      }),
    );
    await waitFor(() => expect((within(market).getByTestId('cash-out-open') as HTMLButtonElement).disabled).toBe(true));
    expect(within(market).getByTestId('cash-out-reason').textContent).toBe('Suspended');
    const paused = within(fancy).getByTestId('cash-out-open') as HTMLButtonElement;
    expect(paused.disabled).toBe(true);
    expect(paused.getAttribute('aria-label')).toBe('Cash Out is paused: Ball running');

    // Reopened: the button is live again; settled, it goes.
    act(() => socket.receive({ type: 'market', market: exchangeMarket({ version: 3, status: 'open' }) }));
    await waitFor(() =>
      expect((within(market).getByTestId('cash-out-open') as HTMLButtonElement).disabled).toBe(false),
    );
    act(() => socket.receive({ type: 'market', market: exchangeMarket({ version: 4, status: 'closed' }) }));
    await waitFor(() => expect(within(market).queryByTestId('cash-out-open')).toBeNull());
  });

  it('opens the fancy Book: the run ladder with the worst case marked', async () => {
    await openEvent();
    const fancy = screen.getByTestId('fancy-market');
    await userEvent.click(await within(fancy).findByTestId('fancy-book-open'));
    const book = await screen.findByTestId('fancy-book');
    const rows = within(book).getAllByTestId('fancy-book-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '0–60₹100.00',
      '61–62-₹200.00Worst case',
      '63 and above₹90.00',
    ]);
    expect(rows[1]?.getAttribute('data-worst')).toBe('true');
  });

  it('previews each runner’s figure in the bet slip before the bet is placed', async () => {
    await openEvent();
    await waitFor(() => expect(runnerFigures(0).getByTestId('position-matched').textContent).toBe('+₹200.00'));
    // Back India at the best price (1.80, it matches at once) for ₹100: +80 on India, −100 elsewhere.
    await userEvent.click(runnerFigures(0).getAllByTestId('best-back')[0] as HTMLElement);
    const slip = screen.getByTestId('bet-slip');
    await userEvent.type(within(slip).getByTestId('slip-stake'), '100');
    const preview = within(slip)
      .getAllByTestId('slip-position')
      .map((row) => row.textContent);
    expect(preview).toEqual(['India+₹280.00', 'Australia-₹200.00']);
  });
});
