import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@khel/contract';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { ok, stubFetch } from '../../../testing/fetch-stub';
import { renderApp, setViewport, signIn } from '../../../testing/render-app';
import { indiaToday } from '@khel/money';
import { lastDays, weeklyPeriods } from '../../../lib/dates';

const statement = {
  openingBalance: 0,
  closingBalance: 9850,
  lines: [
    {
      _id: '1',
      createdAt: '2026-11-21T10:00:00Z',
      kind: 'play_chips_grant',
      description: 'Welcome play chips',
      amount: 10000,
      credit: 10000,
      debit: 0,
      balance: 10000,
    },
    {
      _id: '2',
      createdAt: '2026-11-21T11:00:00Z',
      kind: 'withdrawal_hold',
      description: 'Withdrawal to me@okaxis (on hold)',
      amount: -150,
      credit: 0,
      debit: 150,
      balance: 9850,
    },
  ],
};

function setup(flags = {}) {
  const user = makeProfile(flags);
  signIn(user);
  setViewport(true);
  return stubFetch({
    'GET /app-settings': ok(SETTINGS),
    'GET /getUserData': ok(user),
    'GET /account-statement': ok(statement),
    'GET /transaction': ok({ openingBalance: 0, closingBalance: 0, lines: [] }),
    'GET /result-transaction': ok({ openingBalance: 0, closingBalance: 0, lines: [] }),
    'GET /profit-loss': ok({
      rows: [
        {
          key: 'a',
          group: 'sport',
          sport: 'Cricket',
          event: 'India v Australia',
          market: 'Match Odds',
          provider: null,
          profitLoss: 450.5,
          commission: 9.19,
          count: 3,
        },
        {
          key: 'b',
          group: 'casino',
          sport: null,
          event: null,
          market: null,
          provider: 'Khel Originals',
          profitLoss: -200,
          commission: 0,
          count: 12,
        },
      ],
      total: 250.5,
    }),
  });
}

describe('/statements (spec §2, §7)', () => {
  it('shows every line with its running balance for the last 7 days of the main wallet', async () => {
    const { callsTo } = setup();
    renderApp('/statements');
    expect(await screen.findByTestId('play-money-panel')).toBeTruthy();
    const lines = await screen.findAllByTestId('statement-line');
    expect(
      lines.map((line) => [
        within(line).getByTestId('line-amount').textContent,
        within(line).getByTestId('line-balance').textContent,
      ]),
    ).toEqual([
      ['+₹10,000.00', '₹10,000.00'],
      ['-₹150.00', '₹9,850.00'],
    ]);
    expect(screen.getByTestId('closing-balance').textContent).toBe('₹9,850.00');
    const range = lastDays(7, indiaToday());
    const call = callsTo('GET', '/account-statement')[0];
    expect([call?.search.get('start_date'), call?.search.get('end_date'), call?.search.get('isChecked')]).toEqual([
      range.start,
      range.end,
      'false',
    ]);
  });

  it('switches tabs, the wallet (isChecked) and the week', async () => {
    const { callsTo } = setup();
    renderApp('/statements');
    await screen.findAllByTestId('statement-line');
    await userEvent.click(screen.getByRole('tab', { name: 'Transactions' }));
    expect(await screen.findByText(MESSAGES.noData)).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Results' }));
    await waitFor(() => expect(callsTo('GET', '/result-transaction')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Bonus wallet' }));
    await waitFor(() => expect(callsTo('GET', '/result-transaction').at(-1)?.search.get('isChecked')).toBe('true'));

    const period = screen.getByLabelText('Period') as HTMLSelectElement;
    const weeks = weeklyPeriods(8, indiaToday());
    expect([...period.options].map((option) => option.textContent)).toEqual([
      'Last 7 days',
      ...weeks.map((week) => week.label),
    ]);
    const previous = weeks[1]!;
    await userEvent.selectOptions(period, previous.weekStartDate);
    await waitFor(() => {
      const last = callsTo('GET', '/result-transaction').at(-1);
      expect([last?.search.get('start_date'), last?.search.get('end_date')]).toEqual([
        previous.weekStartDate,
        previous.weekEndDate,
      ]);
    });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(previous.weekStartDate);
  });

  it('offers no bonus wallet to a credit player', async () => {
    setup({ role: 6 });
    renderApp('/statements');
    await screen.findAllByTestId('statement-line');
    expect(screen.queryByRole('button', { name: 'Bonus wallet' })).toBeNull();
  });
});

describe('/profit-loss', () => {
  it('lists sports by event and market and casino by provider, with totals', async () => {
    setup();
    renderApp('/profit-loss');
    const sports = await screen.findByTestId('pl-sports');
    expect(within(sports).getByText('India v Australia')).toBeTruthy();
    expect(within(sports).getByText('Cricket · Match Odds')).toBeTruthy();
    expect(within(sports).getByText('Commission ₹9.19')).toBeTruthy();
    expect(within(screen.getByTestId('pl-casino')).getByText('Khel Originals')).toBeTruthy();
    expect(screen.getByTestId('pl-total').textContent).toBe('₹250.50');
  });
});
