import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Market } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { fail, ok, shellReads, stubApi } from '../../../testing/fake-api';
import type { MarketBook } from '../api/get-market-book';
import { EVENT_PATH, IDS, bet, book, eventDetail, exchangeMarket, fancyMarket, market } from '../testing/fixtures';

function stubMarket(initial: MarketBook) {
  let current = initial;
  const change = (patch: Partial<Market>, message: string) => {
    current = { ...current, market: { ...current.market, ...patch, version: current.market.version + 1 } };
    return ok(current.market, message);
  };
  const id = initial.market._id;
  const api = stubApi({
    ...shellReads(),
    'GET /event': () => ok(eventDetail()),
    [`GET /backoffice/markets/${id}/book`]: () => ok(current),
    [`PUT /backoffice/markets/${id}`]: (call) => change(call.body as Partial<Market>, 'Market updated'),
    [`PUT /backoffice/markets/${id}/bookmaker-rates`]: (call) => {
      const { runners } = call.body as {
        runners: { runnerId: string; backRate: number | null; layRate: number | null }[];
      };
      return change(
        {
          runners: current.market.runners.map((runner) => {
            const rate = runners.find((item) => item.runnerId === runner._id);
            return rate === undefined ? runner : { ...runner, backRate: rate.backRate, layRate: rate.layRate };
          }),
        },
        'Rates published',
      );
    },
    [`PUT /backoffice/markets/${id}/fancy-line`]: (call) =>
      change({ fancy: call.body as Market['fancy'] }, 'Line published'),
    [`POST /backoffice/markets/${id}/settle`]: (call) => {
      if (current.market.status === 'settled') return fail(409, 'The market is already settled', 'MARKET_FINAL');
      const body = call.body as { winnerId?: string; runs?: number };
      return change({ status: 'settled', result: String(body.winnerId ?? body.runs) }, 'Market settled: 1 bet paid');
    },
    [`POST /backoffice/markets/${id}/correct`]: (call) => {
      const body = call.body as { winnerId?: string; runs?: number };
      return change(
        { status: 'settled', result: String(body.winnerId ?? body.runs) },
        'Result corrected: 1 bet re-settled',
      );
    },
    [`POST /backoffice/markets/${id}/void`]: () => change({ status: 'voided' }, 'Market voided: 1 stake returned'),
    [`POST /backoffice/bets/${bet()._id}/void`]: () =>
      ok({ marketId: id, betIds: [bet()._id], status: 'declared' }, 'Void declared: a second operator must confirm'),
    'POST /backoffice/bets/void': () =>
      ok({ marketId: id, betIds: [bet()._id], status: 'declared' }, 'Void declared: a second operator must confirm'),
    [`GET /markets/${id}/rules`]: () =>
      ok({ marketId: id, name: current.market.name, rules: 'Matched bets settle on the official result.', own: false }),
  });
  return api;
}

const pathOf = (marketId: string) => `${EVENT_PATH}/markets/${marketId}`;

describe('sports desk: a market, its prices, result and book', () => {
  it('shows the book: every bet with its player, side, odds and stake, and the house exposure per outcome', async () => {
    stubMarket(
      book({
        bets: [
          bet(),
          bet({
            _id: 'b2',
            selection: 'Australia',
            selectionId: IDS.australia,
            selectionType: 'lay',
            odds: 190,
            stake: 500,
            matchedStake: 500,
            createdAt: '2026-11-21T14:06:00.000Z',
            player: { _id: 'p2', name: 'Asha Rao', mobile_no: '919812345678' },
          }),
        ],
      }),
    );
    renderApp(pathOf(IDS.bookmaker), { token: 't' });
    expect(await screen.findByRole('heading', { name: /Bookmaker/, level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'India v Australia' })).toBeTruthy();
    const bets = screen.getByRole('region', { name: 'Bets (2)' });
    const rows = within(bets).getAllByRole('row').slice(1) as HTMLElement[];
    // Newest first.
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Asha Rao' })
        .getAttribute('href'),
    ).toBe('/users/p2');
    expect(rows[0]?.textContent).toContain('Lay');
    expect(rows[0]?.textContent).toContain('₹500.00');
    expect(rows[1]?.textContent).toContain('+91 98765 43210');
    expect(rows[1]?.textContent).toContain('Back');
    expect(rows[1]?.textContent).toContain('45');
    expect(within(rows[1] as HTMLElement).getByText('Matched')).toBeTruthy();
    const exposure = screen.getByRole('region', { name: 'House exposure' });
    expect(within(exposure).getByRole('row', { name: /India\s*Worst case\s*₹-45.00|India.*-₹45.00/ })).toBeTruthy();
    expect(within(exposure).getByText('+₹100.00')).toBeTruthy();
  });

  it('moves a bookmaker rate with ±1 and publishes every runner', async () => {
    const api = stubMarket(book());
    renderApp(pathOf(IDS.bookmaker), { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Back rate of India +1' }));
    await user.click(screen.getByRole('button', { name: 'Lay rate of India +1' }));
    await user.click(screen.getByRole('button', { name: 'Lay rate of Australia −1' }));
    expect((screen.getByLabelText('Back rate of India') as HTMLInputElement).value).toBe('46');
    await user.clear(screen.getByLabelText('Back rate of Australia'));
    await user.click(screen.getByRole('button', { name: 'Publish rates' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/backoffice/markets/${IDS.bookmaker}/bookmaker-rates`)[0]?.body).toEqual({
        runners: [
          { runnerId: IDS.india, backRate: 46, layRate: 48 },
          { runnerId: IDS.australia, backRate: null, layRate: 189 },
        ],
      }),
    );
    expect(await screen.findByText('Rates published')).toBeTruthy();
    expect(await screen.findByText('46 / 48')).toBeTruthy();
  });

  it('refuses a rate that is not a whole number and warns when lay is below back', async () => {
    const api = stubMarket(book());
    renderApp(pathOf(IDS.bookmaker), { token: 't' });
    const user = userEvent.setup();
    const lay = await screen.findByLabelText('Lay rate of India');
    await user.clear(lay);
    await user.type(lay, '40');
    expect(screen.getByText(/The lay rate is below the back rate for India/)).toBeTruthy();
    await user.clear(lay);
    await user.type(lay, '4.5');
    await user.click(screen.getByRole('button', { name: 'Publish rates' }));
    expect(await screen.findByText('A whole number from 1 to 10000, or empty')).toBeTruthy();
    expect(api.callsTo('PUT', `/backoffice/markets/${IDS.bookmaker}/bookmaker-rates`)).toHaveLength(0);
  });

  it('publishes a fancy line only when YES is not below NO, and moves both lines by a run', async () => {
    const api = stubMarket(book({ market: fancyMarket(), bets: [], houseExposure: [] }));
    renderApp(pathOf(IDS.fancy), { token: 't' });
    const user = userEvent.setup();
    const yes = await screen.findByLabelText('YES line');
    await user.clear(yes);
    await user.type(yes, '60');
    await user.click(screen.getByRole('button', { name: 'Publish line' }));
    expect(await screen.findByText('The YES line must not be below the NO line')).toBeTruthy();
    expect(api.callsTo('PUT', `/backoffice/markets/${IDS.fancy}/fancy-line`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'YES line +1' }));
    await user.click(screen.getByRole('button', { name: 'YES line +1' }));
    await user.click(screen.getByRole('button', { name: 'Both lines +1 run' }));
    await user.click(screen.getByRole('button', { name: 'NO rate −1' }));
    await user.click(screen.getByRole('button', { name: 'Publish line' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/backoffice/markets/${IDS.fancy}/fancy-line`)[0]?.body).toEqual({
        noLine: 62,
        noRate: 99,
        yesLine: 63,
        yesRate: 100,
      }),
    );
    expect(await screen.findByText(/Live: NO 62 @ 99 · YES 63 @ 100/)).toBeTruthy();
  });

  it('declares the winner only once one is picked, saying what happens first', async () => {
    const api = stubMarket(book());
    renderApp(pathOf(IDS.bookmaker), { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Declare result' }));
    const dialog = await screen.findByRole('dialog', { name: 'Declare the result of Bookmaker' });
    expect(within(dialog).getByText('Pick the winner to see what happens to the bets.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Settle market' }));
    expect(await within(dialog).findByText('Choose the winner')).toBeTruthy();
    expect(api.callsTo('POST', `/backoffice/markets/${IDS.bookmaker}/settle`)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('India'));
    expect(within(dialog).getByText(/Back bets on India win rate\/100 × stake/)).toBeTruthy();
    expect(within(dialog).getByText(/1 matched bet \(₹100.00 staked\) settle at once/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Settle market' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/backoffice/markets/${IDS.bookmaker}/settle`)[0]?.body).toEqual({
        winnerId: IDS.india,
      }),
    );
    expect(await screen.findByText('Market settled: 1 bet paid')).toBeTruthy();
    expect(await screen.findByText('Settled', { selector: '.badge' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Correct result' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Declare result' })).toBeNull();
  });

  it('settles a fancy market on whole runs', async () => {
    const api = stubMarket(book({ market: fancyMarket(), bets: [], houseExposure: [] }));
    renderApp(pathOf(IDS.fancy), { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Declare result' }));
    const dialog = await screen.findByRole('dialog', { name: 'Declare the result of 6 over runs IND' });
    await user.click(within(dialog).getByRole('button', { name: 'Settle market' }));
    expect(await within(dialog).findByText('Enter the runs scored: a whole number from 0 to 2000')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Runs scored'), '62');
    expect(within(dialog).getByText('At the current line (NO 61 / YES 63): YES bets lose, NO bets lose.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Runs scored'));
    await user.type(within(dialog).getByLabelText('Runs scored'), '64');
    expect(within(dialog).getByText('At the current line (NO 61 / YES 63): YES bets win, NO bets lose.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Settle market' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/backoffice/markets/${IDS.fancy}/settle`)[0]?.body).toEqual({ runs: 64 }),
    );
    expect(await screen.findByText('64 runs')).toBeTruthy();
  });

  it('asks for a correction with a reason; a second operator confirms it', async () => {
    const api = stubMarket(
      book({
        market: exchangeMarket({
          status: 'settled',
          result: IDS.india,
          runners: exchangeMarket().runners.map((runner) => ({ ...runner, winner: runner._id === IDS.india })),
        }),
      }),
    );
    renderApp(pathOf(IDS.exchange), { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Correct result' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the result of Match Odds' });
    expect(within(dialog).getByText(/reverses that settlement with new journal entries/)).toBeTruthy();
    expect(within(dialog).getByText('A second operator must confirm before any money moves.')).toBeTruthy();
    await user.click(within(dialog).getByLabelText(/^India/));
    await user.click(within(dialog).getByRole('button', { name: 'Request correction' }));
    expect(await within(dialog).findByText('That is the result already declared: choose another')).toBeTruthy();
    await user.click(within(dialog).getByLabelText('Australia'));
    expect(within(dialog).getByText(/Commission is taken on each player's net winnings/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Request correction' }));
    expect(await within(dialog).findByText('Give a reason for the correction')).toBeTruthy();
    expect(api.callsTo('POST', `/backoffice/markets/${IDS.exchange}/correct`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason for the correction'), 'Scorer entered the wrong team');
    await user.click(within(dialog).getByRole('button', { name: 'Request correction' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/backoffice/markets/${IDS.exchange}/correct`)[0]?.body).toEqual({
        winnerId: IDS.australia,
        reason: 'Scorer entered the wrong team',
      }),
    );
    expect(await screen.findByText('Result corrected: 1 bet re-settled')).toBeTruthy();
  });

  it('voids a market only with a reason', async () => {
    const api = stubMarket(book());
    renderApp(pathOf(IDS.bookmaker), { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Void market' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void Bookmaker' });
    expect(within(dialog).getByText(/Every bet on the market is returned/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Void market' }));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    expect(api.callsTo('POST', `/backoffice/markets/${IDS.bookmaker}/void`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Match abandoned, rain');
    await user.click(within(dialog).getByRole('button', { name: 'Void market' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/backoffice/markets/${IDS.bookmaker}/void`)[0]?.body).toEqual({
        reason: 'Match abandoned, rain',
      }),
    );
    expect(await screen.findByText('Market voided: 1 stake returned')).toBeTruthy();
    expect(await screen.findByText('Voided', { selector: '.badge' })).toBeTruthy();
    // Final: no more price edits or results.
    expect((screen.getByRole('button', { name: 'Publish rates' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Void market' })).toBeNull();
  });

  it('closes betting after asking, and reopens it', async () => {
    const api = stubMarket(book());
    renderApp(pathOf(IDS.bookmaker), { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close betting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close betting on Bookmaker' });
    expect(within(dialog).getByText(/No new bets are taken/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close betting' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/backoffice/markets/${IDS.bookmaker}`)[0]?.body).toEqual({ status: 'closed' }),
    );
    expect(await screen.findByText('Closed', { selector: '.badge' })).toBeTruthy();
    // Closed: no suspend toggle, no in-play switch, no rate edits; a result or a reopen.
    expect(screen.queryByRole('button', { name: 'Suspend Bookmaker' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Publish rates' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Declare result' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reopen betting' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/backoffice/markets/${IDS.bookmaker}`)[1]?.body).toEqual({ status: 'open' }),
    );
    expect(await screen.findByRole('button', { name: 'Suspend Bookmaker' })).toBeTruthy();
  });

  it('suspends from the market page and keeps refreshing the book while it is open', async () => {
    const api = stubMarket(book({ market: market({ inPlay: true }) }));
    renderApp(pathOf(IDS.bookmaker), { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend Bookmaker' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/backoffice/markets/${IDS.bookmaker}`)[0]?.body).toEqual({ status: 'suspended' }),
    );
    expect(await screen.findByRole('button', { name: 'Resume Bookmaker' })).toBeTruthy();
    const before = api.callsTo('GET', `/backoffice/markets/${IDS.bookmaker}/book`).length;
    await waitFor(
      () => expect(api.callsTo('GET', `/backoffice/markets/${IDS.bookmaker}/book`).length).toBeGreaterThan(before),
      { timeout: 4_500 },
    );
  });
  it("writes a market's own rules, and an empty field gives it back its type's", async () => {
    const api = stubMarket(book());
    renderApp(pathOf(IDS.bookmaker), { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rules' }));
    const field = (await screen.findByLabelText('Rules players read')) as HTMLTextAreaElement;
    expect(await screen.findByText(/Empty shows its type's rules: Matched bets settle/)).toBeTruthy();
    expect(field.value).toBe('');
    await user.type(field, 'Settles on the winner after 20 overs each.');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/backoffice/markets/${IDS.bookmaker}`)[0]?.body).toEqual({
        rules: 'Settles on the winner after 20 overs each.',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Rules' }));
    await user.click(await screen.findByRole('button', { name: 'Save rules' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `/backoffice/markets/${IDS.bookmaker}`)[1]?.body).toEqual({ rules: null }),
    );
  });

  it("voids one bet from the book, and a player's bets in bulk, each with a reason (issue 28)", async () => {
    const api = stubMarket(book());
    const voids = () => api.calls.filter((call) => call.method === 'POST' && call.path.startsWith('/backoffice/bets/'));
    renderApp(pathOf(IDS.bookmaker), { token: 't' });
    await userEvent.click(await screen.findByRole('button', { name: `Void bet ${bet()._id}` }));
    const one = await screen.findByRole('dialog', { name: 'Void this bet' });
    await userEvent.click(within(one).getByRole('button', { name: 'Void bet' }));
    expect(await within(one).findByText('Give a reason')).toBeTruthy();
    expect(voids()).toEqual([]);
    await userEvent.type(within(one).getByLabelText('Reason'), 'Late bet');
    await userEvent.click(within(one).getByRole('button', { name: 'Void bet' }));
    await waitFor(() =>
      expect(voids()[0]).toMatchObject({ path: `/backoffice/bets/${bet()._id}/void`, body: { reason: 'Late bet' } }),
    );

    await userEvent.click(await screen.findByRole('button', { name: "Void a player's bets" }));
    const bulk = await screen.findByRole('dialog', { name: "Void a player's bets" });
    await userEvent.type(within(bulk).getByLabelText('Reason'), 'Ghost bets');
    await userEvent.click(within(bulk).getByRole('button', { name: 'Void 1 bet' }));
    await waitFor(() =>
      expect(voids()[1]).toMatchObject({
        path: '/backoffice/bets/void',
        body: { marketId: IDS.bookmaker, userId: IDS.player, reason: 'Ghost bets' },
      }),
    );
  });
});
