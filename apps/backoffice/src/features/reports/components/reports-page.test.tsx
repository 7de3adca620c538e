import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExposureReport, PartyPnl, PnlReport, ReportBet, ReportBetPage } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { fail, ok, shellReads, stubApi } from '../../../testing/fake-api';
import { toCsv } from './report-table';

const EXPOSURE: ExposureReport = {
  asOf: '2026-11-24T10:00:00.000Z',
  totalLiability: -1200,
  creditUtilisation: null,
  markets: [
    {
      marketId: 'm1',
      market: 'Match Odds',
      marketType: 'EXCHANGE',
      status: 'open',
      event: 'Mumbai v Chennai',
      sport: 'Cricket',
      players: 3,
      liability: -1200,
      worstCase: -900,
      runners: [
        { runnerId: 'r1', name: 'Mumbai', playersIfWins: -400, worst: false },
        { runnerId: 'r2', name: 'Chennai', playersIfWins: 900, worst: true },
      ],
    },
  ],
};
const PNL: PnlReport = {
  from: '2026-11-01',
  to: '2026-11-24',
  rows: [{ key: 's1', label: 'Cricket', context: '', bets: 12, players: 4, turnover: 5000, housePnl: 750.5 }],
  total: { bets: 12, players: 4, turnover: 5000, housePnl: 750.5 },
};
const NO_BETS: ReportBetPage = { items: [], total: 0, page: 1, pageSize: 25 };

function stubReports(overrides: Record<string, Parameters<typeof stubApi>[0][string]> = {}) {
  return stubApi({
    ...shellReads({ role: 1 }),
    'GET /backoffice/reports/exposure': () => ok(EXPOSURE),
    'GET /backoffice/reports/sports-pnl': () => ok(PNL),
    'GET /backoffice/reports/casino-pnl': () =>
      ok({ ...PNL, rows: [], total: { bets: 0, players: 0, turnover: 0, housePnl: 0 } }),
    'GET /backoffice/reports/bets': () => ok(NO_BETS),
    ...overrides,
  });
}

describe('reports', () => {
  it('CSV: a header line, then one line per row, quoting commas, quotes and line breaks', () => {
    const csv = toCsv(
      [
        { header: 'Name', cell: () => null, csv: (row: { name: string; amount: number }) => row.name },
        { header: 'Shown only', cell: () => null },
        { header: 'Amount', cell: () => null, csv: (row: { name: string; amount: number }) => row.amount },
      ],
      [
        { name: 'Mumbai, "MI"', amount: -12.5 },
        { name: 'Line\nbreak', amount: 3 },
      ],
    );
    expect(csv).toBe('Name,Amount\r\n"Mumbai, ""MI""",-12.5\r\n"Line\nbreak",3\r\n');
  });

  it('the risk view marks the worst outcome and keeps a place for credit utilisation', async () => {
    stubReports();
    renderApp('/risk', { token: 't' });
    const card = await screen.findByRole('article', { name: 'Match Odds' });
    const chennai = within(card).getByRole('row', { name: /Chennai/ });
    expect(within(chennai).getByText('Worst outcome')).toBeTruthy();
    expect(within(card).getByRole('row', { name: /Mumbai/ }).textContent).not.toContain('Worst outcome');
    expect(
      within(chennai)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['₹900.00', '-₹900.00']);
    expect(screen.getByText('No credit lines yet')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Bets on this market' }).getAttribute('href')).toBe(
      '/reports?tab=bets&marketId=m1',
    );
  });

  it('the risk view shows credit given vs used per credit account, most used first', async () => {
    const row = (id: string, name: string, role: number, given: number, exposure: number, losses: number) => ({
      _id: id,
      name,
      username: name.toLowerCase(),
      role,
      uplineId: null,
      creditGiven: given,
      exposure,
      losses,
      used: exposure + losses,
      utilisation: given === 0 ? null : (exposure + losses) / given,
    });
    const credit = {
      creditGiven: 10_000,
      exposure: 400,
      losses: 1_600,
      used: 2_000,
      utilisation: 0.2,
      accounts: 2,
      rows: [row('c1', 'Credit Player', 6, 2_000, 400, 600), row('a1', 'Credit Agent', 5, 10_000, 400, 1_600)],
    };
    stubReports({ 'GET /backoffice/reports/exposure': () => ok({ ...EXPOSURE, creditUtilisation: credit }) });
    renderApp('/risk', { token: 't' });
    const panel = await screen.findByRole('region', { name: 'Credit utilisation' });
    expect(screen.queryByText('No credit lines yet')).toBeNull();
    expect(screen.getByText('Credit utilisation', { selector: 'dt' }).nextElementSibling?.textContent).toBe('20%');
    const table = within(panel).getByRole('table', { name: 'Credit given and used per account' });
    const player = within(table).getByRole('row', { name: /Credit Player/ });
    expect(
      within(player)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Credit PlayerCredit player', '₹2,000.00', '₹400.00', '₹600.00', '₹1,000.00', '50%']);
    expect(within(table).getByRole('link', { name: 'Credit Agent' }).getAttribute('href')).toBe('/users/a1');
    expect(within(panel).getByText(/₹2,000.00 used of ₹10,000.00 given \(20%\)/)).toBeTruthy();
  });

  it('the risk view says so when nobody holds a position', async () => {
    stubReports({ 'GET /backoffice/reports/exposure': () => ok({ ...EXPOSURE, markets: [], totalLiability: 0 }) });
    renderApp('/risk', { token: 't' });
    expect(await screen.findByText('No open positions right now')).toBeTruthy();
  });

  it('P&L asks for the grouping and dates chosen, and shows a total line', async () => {
    const api = stubReports();
    renderApp('/reports', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Sports P&L by sport' });
    expect(within(table).getByRole('row', { name: /Total/ }).textContent).toContain('₹750.50');
    await userEvent.selectOptions(screen.getByLabelText('Group by'), 'market');
    await userEvent.type(screen.getByLabelText('From (India date)'), '2026-11-01');
    await waitFor(() => {
      const last = api.calls.filter((call) => call.path === '/backoffice/reports/sports-pnl').at(-1);
      expect(last?.query.get('groupBy')).toBe('market');
      expect(last?.query.get('start_date')).toBe('2026-11-01');
    });
    await userEvent.selectOptions(screen.getByLabelText('Product'), 'casino');
    expect(await screen.findByText('No settled play in these dates')).toBeTruthy();
    expect(
      api.calls
        .filter((call) => call.path === '/backoffice/reports/casino-pnl')
        .at(-1)
        ?.query.get('groupBy'),
    ).toBe('game');
  });

  it('the bet list sends its filters on Search and shows the field the server refused', async () => {
    const api = stubReports({
      'GET /backoffice/reports/bets': (call) =>
        call.query.get('minStake') === '900'
          ? {
              ...fail(400, 'Please check the highlighted fields', 'VALIDATION_FAILED'),
              meta: {
                code: 400,
                message: 'Please check the highlighted fields',
                error: 'VALIDATION_FAILED',
                issues: [{ path: 'minStake', message: 'The smallest stake must not be above the largest' }],
              },
            }
          : ok(NO_BETS),
    });
    renderApp('/reports?tab=bets', { token: 't' });
    expect(await screen.findByText('No bets match these filters')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Player (username or mobile)'), 'ravi');
    await userEvent.type(screen.getByLabelText('Stake from (₹)'), '500');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'open');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = api.calls.filter((call) => call.path === '/backoffice/reports/bets').at(-1);
      expect(Object.fromEntries(last?.query ?? [])).toEqual({
        player: 'ravi',
        minStake: '500',
        status: 'open',
        page: '1',
        pageSize: '25',
      });
    });
    await userEvent.clear(screen.getByLabelText('Stake from (₹)'));
    await userEvent.type(screen.getByLabelText('Stake from (₹)'), '900');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The smallest stake must not be above the largest')).toBeTruthy();
  });

  it('party win/loss opens an agent one level down, links a client to its bets and totals the columns', async () => {
    const figures = {
      exchange: 98,
      bookmaker: 500,
      fancy: 200,
      sports: 798,
      casino: -50,
      casinoByProvider: { Evolution: -80, 'Khel Games': 30 },
      total: 748,
    };
    const top: PartyPnl = {
      from: '2026-11-01',
      to: '2026-11-24',
      parentId: null,
      rows: [{ userId: 'a1', username: 'agent_ravi', name: 'Ravi', role: 3, hasDownline: true, ...figures }],
      total: figures,
      casinoProviders: ['Evolution', 'Khel Games'],
    };
    const below: PartyPnl = {
      ...top,
      parentId: 'a1',
      rows: [{ userId: 'p1', username: 'client_asha', name: 'Asha', role: 4, hasDownline: false, ...figures }],
    };
    const api = stubReports({
      'GET /backoffice/reports/party-pnl': () => ok(top),
      'GET /backoffice/users/a1/party-pnl': () => ok(below),
      'GET /backoffice/users/p1/casino-rounds': () =>
        ok([
          {
            _id: 'r1',
            roundId: 'evo-77',
            provider: 'hub88',
            provider_name: 'Evolution',
            game_code: 'evo-lightning',
            title: 'Lightning Roulette',
            description: 'Live Casino / Evolution / 24/11/2026',
            wallet: 'main',
            status: 'credited',
            stake: 100,
            payout: 20,
            profitLoss: -80,
            createdAt: '2026-11-24T10:00:00.000Z',
            settledAt: '2026-11-24T10:01:00.000Z',
            userId: 'p1',
            username: 'client_asha',
            debits: 1,
            credits: 1,
            rollbacks: 0,
          },
        ]),
    });
    renderApp('/reports?tab=party', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Party win/loss' });
    expect(within(table).getByRole('row', { name: /^Total/ }).textContent).toContain('₹748.00');
    expect(within(table).getByRole('columnheader', { name: 'Casino: Evolution' })).toBeTruthy();
    // An agent's provider cell is a figure; a client's opens the rounds behind it.
    expect(screen.queryByRole('button', { name: 'Evolution rounds of agent_ravi' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open the downline of agent_ravi' }));
    expect((await screen.findByRole('link', { name: 'Bets of client_asha' })).getAttribute('href')).toBe('/users/p1');
    await userEvent.click(screen.getByRole('button', { name: 'Evolution rounds of client_asha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Evolution rounds of client_asha' });
    expect(await within(dialog).findByText('Lightning Roulette')).toBeTruthy();
    expect(api.calls.find((call) => call.path === '/backoffice/users/p1/casino-rounds')?.query.get('provider')).toBe(
      'Evolution',
    );
    await userEvent.keyboard('{Escape}');
    expect(api.calls.some((call) => call.path === '/backoffice/users/a1/party-pnl')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Top' }));
    expect(await screen.findByRole('button', { name: 'Open the downline of agent_ravi' })).toBeTruthy();
  });

  it('an operator voids a bet from the bet list with a reason, after a confirmation', async () => {
    const bet: ReportBet = {
      _id: 'b1',
      userId: 'p1',
      username: 'client_asha',
      placedAt: '2026-11-24T10:00:00.000Z',
      settledAt: null,
      sport: 'Cricket',
      event: 'Mumbai v Chennai',
      market: 'Match Odds',
      marketId: 'm1',
      marketType: 'BOOKMAKER',
      runner: 'Mumbai',
      side: 'back',
      odds: 50,
      matchedOdds: 50,
      lineRuns: null,
      stake: 1000,
      matched: 1000,
      status: 'matched',
      profitLoss: null,
    };
    const api = stubReports({
      'GET /backoffice/reports/bets': () => ok({ items: [bet], total: 1, page: 1, pageSize: 25 }),
      'POST /backoffice/bets/b1/void': () =>
        ok({ marketId: 'm1', betIds: ['b1'], status: 'declared' }, 'Void declared: a second operator must confirm'),
    });
    renderApp('/reports?tab=bets', { token: 't' });
    await userEvent.click(await screen.findByRole('button', { name: 'Void bet b1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void this bet' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void bet' }));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Late bet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void bet' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Late bet' }));
    expect(await screen.findByText('Void declared: a second operator must confirm')).toBeTruthy();
  });
});
