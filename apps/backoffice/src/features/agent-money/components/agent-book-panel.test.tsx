import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentBookStatement } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, ok, profile, shellReads, stubApi } from '../../../testing/fake-api';

const AGENT = '00000000-0000-4000-8000-0000000000a1';
const PLAYER = '00000000-0000-4000-8000-0000000000b2';

const statement: AgentBookStatement = {
  agent: { _id: AGENT, name: 'Asha Agent', role: 3 },
  book: 'chips',
  startDate: '2026-10-30',
  endDate: '2026-11-28',
  openingBalance: 1_000,
  closingBalance: 5_500,
  lines: [
    {
      _id: '1',
      createdAt: '2026-11-27T20:00:00.000Z',
      indiaDate: '2026-11-28',
      kind: 'agent_chips',
      description: 'Chips from the house',
      counterparty: null,
      amount: 5_000,
      balance: 6_000,
    },
    {
      _id: '2',
      createdAt: '2026-11-28T06:30:00.000Z',
      indiaDate: '2026-11-28',
      kind: 'deposit',
      description: 'Deposit of Ravi, Kumar approved',
      counterparty: { _id: PLAYER, name: 'Ravi, Kumar' },
      amount: -500,
      balance: 5_500,
    },
  ],
  settlements: null,
};

afterEach(() => vi.restoreAllMocks());

describe("an agent's own statement (decision 0054)", () => {
  it('shows every move with its running balance, and downloads the same rows as CSV', async () => {
    const api = stubApi({
      ...shellReads({ _id: AGENT, name: 'Asha Agent', role: 3 }),
      [`GET /backoffice/users/${AGENT}/book`]: () => ok(statement),
    });
    let csv = '';
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const reader = new FileReader();
      reader.onload = () => {
        csv = String(reader.result);
      };
      reader.readAsText(blob as Blob);
      return 'blob:statement';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderApp('/my-statement', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Statement lines' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'My statement' }),
    ).toBeTruthy();
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Chips from the house.*\+₹5,000\.00.*₹6,000\.00/),
      expect.stringMatching(/Deposit of Ravi, Kumar approved.*-₹500\.00.*₹5,500\.00/),
    ]);
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: '(open)' })
        .getAttribute('href'),
    ).toBe(`/users/${PLAYER}`);
    expect(screen.getByTestId('book-opening').textContent).toBe('₹1,000.00');
    expect(screen.getByTestId('book-closing').textContent).toBe('₹5,500.00');
    // The range asked for is the last 30 India days, inclusive.
    const asked = api.callsTo('GET', `/backoffice/users/${AGENT}/book`)[0];
    expect(asked?.query.get('start_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(asked?.query.get('end_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(csv).not.toBe(''));
    expect(csv.split('\r\n')).toEqual([
      'Date (India),Time,Description,Account,In (₹),Out (₹),Balance (₹)',
      '2026-11-28,2026-11-27T20:00:00.000Z,Chips from the house,House,5000.00,,6000.00',
      '2026-11-28,2026-11-28T06:30:00.000Z,"Deposit of Ravi, Kumar approved","Ravi, Kumar",,500.00,5500.00',
      '',
    ]);
  });

  it("shows a credit agent's settlements with its players beside its credit", async () => {
    stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ _id: AGENT, name: 'Chandra Credit', role: 5 })),
      [`GET /backoffice/users/${AGENT}/book`]: () =>
        ok({
          ...statement,
          book: 'credit',
          lines: [],
          settlements: {
            openingBalance: 200,
            closingBalance: 1_200,
            lines: [
              {
                _id: '9',
                createdAt: '2026-11-28T06:30:00.000Z',
                indiaDate: '2026-11-28',
                kind: 'credit_settlement',
                description: 'Settlement: cash received from Ravi',
                counterparty: { _id: PLAYER, name: 'Ravi' },
                amount: 1_000,
                balance: 1_200,
              },
            ],
          },
        }),
    });
    renderApp('/my-statement', { token: 't' });
    const settlements = await screen.findByRole('table', { name: 'Settlement lines' });
    expect(within(settlements).getAllByRole('row')[1]?.textContent).toMatch(
      /Settlement: cash received from Ravi.*\+₹1,000\.00.*₹1,200\.00/,
    );
    expect(screen.getByTestId('settlements-closing').textContent).toBe('₹1,200.00');
    expect(screen.getByText('No moves in these dates')).toBeTruthy();
  });
});
