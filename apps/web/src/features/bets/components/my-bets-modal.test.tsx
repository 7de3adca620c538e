import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { ok, stubFetch, type StubHandler, type StubResponse } from '../../../testing/fetch-stub';
import { renderApp, setViewport, signIn } from '../../../testing/render-app';
import { betRow } from '../../../testing/sports-fixtures';
import { groupBetsByEvent } from '../api/get-my-bets';

const other = {
  eventId: { _id: 'e2', name: 'England v South Africa', slugName: 'eng-v-sa' },
  event: 'England v South Africa',
};

describe('groupBetsByEvent', () => {
  it('groups by event, newest group first, each with its event link', () => {
    const groups = groupBetsByEvent([
      betRow({ _id: 'a', createdAt: '2025-01-01T10:00:00Z' }),
      betRow({ _id: 'b', createdAt: '2025-01-02T10:00:00Z', ...other }),
      betRow({ _id: 'c', createdAt: '2025-01-01T11:00:00Z' }),
    ]);
    expect(groups.map((group) => [group.eventName, group.bets.map((bet) => bet._id), group.href])).toEqual([
      ['England v South Africa', ['b'], '/event?sport=cricket&league=t20-series&event=eng-v-sa'],
      ['India v Australia', ['a', 'c'], '/event?sport=cricket&league=t20-series&event=india-v-australia'],
    ]);
  });
});

async function openMyBets(routes: Record<string, StubResponse | StubHandler>) {
  setViewport(true);
  const user = makeProfile();
  signIn(user);
  const stub = stubFetch({
    'GET /app-settings': ok(SETTINGS),
    'GET /advertisement': ok([]),
    'GET /getUserData': ok(user),
    'GET /sports': ok([]),
    'GET /events': ok([]),
    ...routes,
  });
  renderApp('/');
  await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
  await userEvent.click(await screen.findByRole('button', { name: 'My Bets' }));
  return { ...stub, dialog: await screen.findByRole('dialog', { name: 'My Bets' }) };
}

describe('My Bets modal', () => {
  it('shows matched and unmatched bets per event, collapsible, and cancels the unmatched part', async () => {
    let cancelled = false;
    const unmatched = betRow({
      _id: '00000000-0000-4000-8000-0000000000b2',
      selectionType: 'lay',
      odds: 1.01,
      stake: 500,
      matchedStake: 0,
      unmatchedStake: 500,
      status: 'unmatched',
    });
    const { dialog, callsTo } = await openMyBets({
      'GET /my-bets': () =>
        ok(
          cancelled
            ? [betRow()]
            : [
                betRow(),
                unmatched,
                betRow({
                  _id: 'x',
                  ...other,
                  marketType: 'FANCY',
                  selection: '6 over runs ENG YES',
                  odds: 52,
                  oddsSize: 90,
                  selectionId: null,
                }),
              ],
        ),
      'POST /cancel-bet': () => {
        cancelled = true;
        return ok({ ...unmatched, status: 'cancelled', unmatchedStake: 0 }, 'Bet cancelled');
      },
    });
    const groups = await within(dialog).findAllByTestId('bet-group');
    expect(groups).toHaveLength(2);
    const india = groups.find((group) => group.textContent?.includes('India v Australia')) as HTMLElement;
    expect(within(india).getByRole('heading', { name: 'Unmatched' })).toBeTruthy();
    expect(within(india).getByRole('heading', { name: 'Matched' })).toBeTruthy();
    expect(
      within(india)
        .getAllByTestId('bet-status')
        .map((badge) => badge.textContent),
    ).toEqual(['Unmatched', 'Matched']);
    expect(within(india).getByTestId('bet-unmatched').textContent).toBe('₹500.00');
    const england = groups.find((group) => group.textContent?.includes('England')) as HTMLElement;
    expect(within(england).getByText('YES')).toBeTruthy();

    const toggle = within(india).getByRole('button', { name: /India v Australia/ });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(india).queryAllByTestId('bet-row')).toHaveLength(0);
    await userEvent.click(toggle);

    await userEvent.click(within(india).getByTestId('cancel-bet'));
    await waitFor(() => expect(callsTo('POST', '/cancel-bet')[0]?.body).toEqual({ betId: unmatched._id }));
    await waitFor(() => expect(within(dialog).queryByTestId('cancel-bet')).toBeNull());
    expect(await screen.findByText('Bet cancelled')).toBeTruthy();
  });

  it('edits an unmatched bet: odds by ladder ticks and a lower stake, with an Idempotency-Key (issue 31)', async () => {
    const unmatched = betRow({
      _id: '00000000-0000-4000-8000-0000000000b3',
      marketType: 'EXCHANGE',
      odds: 2,
      stake: 500,
      matchedStake: 0,
      unmatchedStake: 500,
      status: 'unmatched',
    });
    const { dialog, callsTo } = await openMyBets({
      'GET /my-bets': ok([unmatched]),
      'POST /edit-bet': ok({ ...unmatched, _id: '00000000-0000-4000-8000-0000000000b4', odds: 2.04 }, 'Bet edited'),
    });
    await userEvent.click(await within(dialog).findByTestId('edit-bet'));
    const form = await within(dialog).findByTestId('edit-bet-form');
    await userEvent.click(within(form).getByRole('button', { name: 'Higher odds' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Higher odds' }));
    expect(within(form).getByTestId('edit-bet-odds').textContent).toBe('2.04');
    const stake = within(form).getByTestId('edit-bet-stake');
    // More than what waits cannot be saved.
    await userEvent.clear(stake);
    await userEvent.type(stake, '600');
    expect((within(form).getByTestId('edit-bet-save') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(stake);
    await userEvent.type(stake, '250.5');
    await userEvent.click(within(form).getByTestId('edit-bet-save'));
    await waitFor(() =>
      expect(callsTo('POST', '/edit-bet')[0]?.body).toEqual({ betId: unmatched._id, odds: 2.04, stake: 250.5 }),
    );
    await waitFor(() => expect(within(dialog).queryByTestId('edit-bet-form')).toBeNull());
  });

  it('filters by sport, market type and India dates on the server (issue 31)', async () => {
    const asked: string[] = [];
    const { dialog } = await openMyBets({
      'GET /sports': ok([
        { _id: 's1', name: 'Cricket', slugName: 'cricket', leagues: [], liveCount: 0, eventCount: 1 },
        { _id: 's2', name: 'Kabaddi', slugName: 'kabaddi', leagues: [], liveCount: 0, eventCount: 1 },
      ]),
      'GET /my-bets': ({ search }) => {
        asked.push(search.toString());
        return ok(search.get('sport') === 'kabaddi' ? [] : [betRow()]);
      },
    });
    await within(dialog).findAllByTestId('bet-group');
    const filters = within(dialog).getByTestId('my-bets-filters');
    await waitFor(() => expect(within(filters).getAllByRole('option', { name: 'Kabaddi' })).toHaveLength(1));
    await userEvent.selectOptions(within(filters).getByTestId('my-bets-sport'), 'kabaddi');
    expect((await within(dialog).findByTestId('my-bets-empty')).textContent).toBeTruthy();
    await userEvent.selectOptions(within(filters).getByTestId('my-bets-market-type'), 'FANCY');
    fireEvent.change(within(filters).getByTestId('my-bets-from'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(filters).getByTestId('my-bets-to'), { target: { value: '2026-11-28' } });
    await waitFor(() =>
      expect(asked.at(-1)).toBe('status=open&sport=kabaddi&marketType=FANCY&start_date=2026-11-01&end_date=2026-11-28'),
    );
    expect(asked[0]).toBe('status=open');
  });

  it('shows settled results and why a bet lapsed', async () => {
    const { dialog } = await openMyBets({
      'GET /my-bets': (request) =>
        ok(
          request.search.get('status') === 'settled'
            ? [
                betRow({ status: 'settled', profitLoss: 800 }),
                betRow({ _id: 'l', status: 'lapsed', lapseReason: 'MARKET_SUSPENDED', matchedStake: 0 }),
              ]
            : [],
        ),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settled' }));
    expect((await within(dialog).findByTestId('bet-result')).textContent).toBe('₹800.00');
    expect(within(dialog).getByText('The market was suspended during the bet delay')).toBeTruthy();
  });
});
