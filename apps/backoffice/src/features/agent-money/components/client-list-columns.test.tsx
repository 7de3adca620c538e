import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountFigures, AgentRates, ExposureReport, MarketLock } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, backofficeUser, ok, profile, stubApi } from '../../../testing/fake-api';

const ME = '00000000-0000-4000-8000-000000000040';
const SUB = '00000000-0000-4000-8000-000000000041';
const PLAYER = '00000000-0000-4000-8000-000000000042';

const figures = (id: string, exposure: number): AccountFigures => ({
  _id: id,
  name: id === SUB ? 'Sub Agent' : 'Punter',
  username: id === SUB ? 'sub' : 'punter',
  role: id === SUB ? 3 : 4,
  kind: 'cash',
  creditRef: null,
  balance: 1000,
  exposure,
  available: 1000 + exposure,
  refPnl: null,
});
const rates = (inForce: number, next: number): AgentRates => ({
  userId: SUB,
  partnership: next,
  commission: 0,
  sessionCommission: 0,
  uplinePartnership: 90,
  uplineCommission: 2,
  uplineSessionCommission: 1,
  setBy: ME,
  updatedAt: null,
  inForce: { partnership: inForce, commission: 0, sessionCommission: 0 },
  effectiveFrom: '2026-11-30',
});
const report: ExposureReport = {
  asOf: '2026-11-29T03:00:00.000Z',
  markets: [
    {
      marketId: '00000000-0000-4000-8000-000000000050',
      market: 'Match Odds',
      marketType: 'EXCHANGE',
      status: 'open',
      event: 'India v Australia',
      sport: 'Cricket',
      players: 1,
      liability: -250,
      worstCase: 400,
      runners: [],
    },
  ],
  totalLiability: -250,
  creditUtilisation: null,
};

describe("the client list's partnership % and exposure drill-down (decision 0065)", () => {
  it('shows an agent row its rate in force this week, a player —, and opens the markets of an exposure', async () => {
    const api = stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ _id: ME, name: 'Cash Agent', role: 3 })),
      'GET /backoffice/landing': () =>
        ok({ kind: 'cash', own: 0, exposure: 0, today: { date: '', pnl: 0 }, week: { from: '', to: '', pnl: 0 } }),
      'GET /backoffice/users/:id/tree-path': () =>
        ok({ path: [{ _id: ME, name: 'Cash Agent', username: 'agent', role: 3 }] }),
      'GET /backoffice/users': () =>
        ok({
          items: [
            backofficeUser({ _id: SUB, name: 'Sub Agent', username: 'sub', role: 3, uplineId: ME }),
            backofficeUser({ _id: PLAYER, name: 'Punter', username: 'punter', role: 4, uplineId: ME }),
          ],
          total: 2,
        }),
      [`GET /backoffice/users/${SUB}/money`]: () =>
        ok({ account: figures(SUB, 0), own: 0, downline: [], downlineTotal: 0 }),
      [`GET /backoffice/users/${PLAYER}/money`]: () =>
        ok({ account: figures(PLAYER, -250), own: 0, downline: [], downlineTotal: 0 }),
      [`GET /backoffice/users/${SUB}/partnership`]: () => ok(rates(30, 45)),
      [`GET /backoffice/users/${PLAYER}/exposure`]: () => ok(report),
    });
    renderApp('/downline', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Downline' });
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row('Sub Agent')).getByText('30%')).toBeTruthy());
    expect(within(row('Punter')).queryByText(/%$/)).toBeNull();
    expect(api.callsTo('GET', `/backoffice/users/${PLAYER}/partnership`)).toHaveLength(0);
    // A zero exposure is no link; a held one opens the markets holding it.
    expect(screen.queryByRole('link', { name: 'Markets holding the exposure of Sub Agent' })).toBeNull();
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Markets holding the exposure of Punter' }));
    expect(await screen.findByText('Match Odds')).toBeTruthy();
    expect(api.callsTo('GET', `/backoffice/users/${PLAYER}/exposure`)).toHaveLength(1);
    expect(api.callsTo('GET', '/backoffice/reports/exposure')).toHaveLength(0);
  });

  const SECOND = '00000000-0000-4000-8000-000000000043';
  /** The downline of ME: a sub-agent, a player and a second sub-agent, each with its own money. */
  function clientList(locks: MarketLock[] = []) {
    const money = (account: AccountFigures) => () => ok({ account, own: 0, downline: [], downlineTotal: 0 });
    return stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ _id: ME, name: 'Cash Agent', role: 3 })),
      'GET /backoffice/landing': () =>
        ok({ kind: 'cash', own: 0, exposure: 0, today: { date: '', pnl: 0 }, week: { from: '', to: '', pnl: 0 } }),
      'GET /backoffice/users/:id/tree-path': () =>
        ok({ path: [{ _id: ME, name: 'Cash Agent', username: 'agent', role: 3 }] }),
      'GET /backoffice/users': () =>
        ok({
          items: [
            backofficeUser({ _id: SUB, name: 'Sub Agent', username: 'sub', role: 3, uplineId: ME }),
            backofficeUser({ _id: PLAYER, name: 'Punter', username: 'punter', role: 4, uplineId: ME }),
            backofficeUser({ _id: SECOND, name: 'Second, Agent', username: 'second', role: 3, uplineId: ME }),
          ],
          total: 3,
        }),
      // Amounts whose paise a float would blur: 0.1 + 0.2 is not 0.3, 1234567.89 is not 123456789 / 100 × 1.
      [`GET /backoffice/users/${SUB}/money`]: money({
        ...figures(SUB, -0.3),
        balance: 1234567.89,
        available: 1234567.59,
      }),
      [`GET /backoffice/users/${PLAYER}/money`]: money({ ...figures(PLAYER, -250.05), available: 749.95 }),
      [`GET /backoffice/users/${SECOND}/money`]: money({
        ...figures(SECOND, 0),
        name: 'Second, Agent',
        kind: 'credit',
        creditRef: 5000,
        balance: 4999.99,
        available: 4999.99,
        refPnl: -0.01,
      }),
      [`GET /backoffice/users/${SUB}/partnership`]: () => ok(rates(30, 45)),
      [`GET /backoffice/users/${SECOND}/partnership`]: () => ok(rates(12.5, 12.5)),
      'GET /backoffice/market-locks': () => ok({ locks }),
    });
  }

  afterEach(() => vi.restoreAllMocks());

  it("downloads the list's CSV with partnership % and the money columns as the table shows them, to the paisa", async () => {
    const api = clientList();
    let csv = '';
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const reader = new FileReader();
      reader.onload = () => {
        csv = String(reader.result);
      };
      reader.readAsText(blob as Blob);
      return 'blob:downline';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderApp('/downline', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Downline' });
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row('Sub Agent')).getByText('₹12,34,567.89')).toBeTruthy());
    await waitFor(() => expect(within(row('Second, Agent')).getByText('12.5%')).toBeTruthy());
    const perRow = () => api.calls.filter((call) => /\/(money|partnership)$/.test(call.path)).length;
    const asked = perRow();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(csv).not.toBe(''));
    const [header, ...lines] = csv.split('\r\n');
    const columns = (header ?? '').split(',');
    expect(columns).toEqual([
      'Name',
      'Username',
      'Role',
      'Credit Ref',
      'Balance',
      'Exposure',
      'Available',
      'Ref P&L',
      'Partnership %',
      'Status',
      'Created',
      'Last sign-in',
    ]);
    const money = (line: string | undefined) => (line ?? '').split(',').slice(3, 9);
    expect(money(lines[0])).toEqual(['', '1234567.89', '-0.30', '1234567.59', '', '30']);
    expect(money(lines[1])).toEqual(['', '1000.00', '-250.05', '749.95', '', '']);
    // A comma in a name is quoted, so the row keeps its columns.
    expect(lines[2]?.startsWith('"Second, Agent",second,')).toBe(true);
    expect(lines[2]?.replace('"Second, Agent"', 'Second Agent').split(',').slice(3, 9)).toEqual([
      '5000.00',
      '4999.99',
      '0.00',
      '4999.99',
      '-0.01',
      '12.5',
    ]);
    expect(lines.at(-1)).toBe('');
    // The file is made from the figures the table already read: no request per row again.
    expect(perRow()).toBe(asked);
  });

  it("reads every row's lock toggles in one request for the page, and shows each row its own", async () => {
    const api = clientList([
      { userId: SUB, marketType: 'FANCY', lockedBy: 'you' },
      { userId: SECOND, marketType: 'BOOKMAKER', lockedBy: 'above' },
    ]);
    renderApp('/downline', { token: 't' });
    const sub = await screen.findByRole('group', { name: 'Market locks of Sub Agent' });
    const second = await screen.findByRole('group', { name: 'Market locks of Second, Agent' });
    const punter = await screen.findByRole('group', { name: 'Market locks of Punter' });
    await waitFor(() =>
      expect(within(sub).getByRole('button', { name: 'Lock Fancy for Sub Agent' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(within(second).getByRole('button', { name: 'Bookmaker locked above for Second, Agent' })).toBeTruthy();
    expect(
      within(second).getByRole('button', { name: 'Lock Fancy for Second, Agent' }).getAttribute('aria-pressed'),
    ).toBe('false');
    for (const label of ['Match odds', 'Bookmaker', 'Fancy'])
      expect(
        within(punter)
          .getByRole('button', { name: `Lock ${label} for Punter` })
          .getAttribute('aria-pressed'),
      ).toBe('false');
    const reads = api.callsTo('GET', '/backoffice/market-locks');
    expect(reads).toHaveLength(1);
    expect(reads[0]?.query.get('userIds')?.split(',')).toEqual([SUB, PLAYER, SECOND]);
  });
});
