import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ExposureReport, RiskFancyBook } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { ok, shellReads, stubApi } from '../../../testing/fake-api';

const LINE = '00000000-0000-4000-8000-0000000000f1';
const EXPOSURE: ExposureReport = {
  asOf: '2026-11-24T10:00:00.000Z',
  totalLiability: -500,
  creditUtilisation: null,
  markets: [
    {
      marketId: LINE,
      market: '6 over runs',
      marketType: 'FANCY',
      status: 'open',
      event: 'Mumbai v Chennai',
      sport: 'Cricket',
      players: 2,
      liability: -500,
      worstCase: null,
      runners: [],
    },
  ],
};
const book = (subtree: number): RiskFancyBook => ({
  marketId: LINE,
  market: '6 over runs',
  event: 'Mumbai v Chennai',
  status: 'open',
  players: 2,
  bets: 3,
  rows: [
    { fromRuns: 0, toRuns: 61, subtree, share: 270, worst: false },
    { fromRuns: 61, toRuns: 63, subtree: 600, share: 330, worst: false },
    { fromRuns: 63, toRuns: null, subtree: -400, share: -270, worst: true },
  ],
  asOf: '2026-11-24T10:00:00.000Z',
});

/** The socket the risk view opens: what it sent, and a way to speak as the server. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  sent: unknown[] = [];
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {}
  hear(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

beforeEach(() => {
  FakeSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

/** The risk view's reads: one fancy line whose whole-subtree figure for 0–60 runs is `subtree()` now. */
function stubRisk(subtree: () => number) {
  return stubApi({
    ...shellReads({ role: 3 }),
    'GET /backoffice/reports/exposure': () => ok(EXPOSURE),
    'GET /backoffice/reports/fancy-book': () => ok(book(subtree())),
  });
}

describe('the fancy book in the risk view (decision 0064)', () => {
  it('shows each run band whole and at the caller’s share, and reads it again when the socket says the line moved', async () => {
    let subtree = 400;
    const api = stubRisk(() => subtree);
    renderApp('/risk', { token: 'agent-token' });
    const table = await screen.findByRole('table', { name: '6 over runs: fancy book' });
    const first = within(table).getByRole('row', { name: /0–60/ });
    expect(within(first).getByText('₹400.00')).toBeTruthy();
    expect(within(first).getByText('₹270.00')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /63 or more/ })).getByText('Worst outcome')).toBeTruthy();

    // The socket signs in with the session's token and follows the lines shown.
    await waitFor(() => expect(FakeSocket.opened).toHaveLength(1));
    const socket = FakeSocket.opened[0] as FakeSocket;
    expect(socket.url).toMatch(/\/ws\?token=agent-token$/);
    socket.hear({ type: 'authenticated', userId: 'me' });
    expect(socket.sent).toEqual([{ type: 'subscribe', riskMarketIds: [LINE] }]);
    const reads = api.callsTo('GET', '/backoffice/reports/fancy-book').length;
    subtree = 900;
    socket.hear({ type: 'risk', marketId: LINE });
    socket.hear({ type: 'risk', marketId: LINE });
    await waitFor(() => expect(within(table).getByText('₹900.00')).toBeTruthy(), { timeout: 3000 });
    // Two messages within the second: one read.
    expect(api.callsTo('GET', '/backoffice/reports/fancy-book').length).toBe(reads + 1);
  });

  it('reads every market once more after the socket subscribes: a bet before the subscription is not missed', async () => {
    let subtree = 400;
    const api = stubRisk(() => subtree);
    renderApp('/risk', { token: 'agent-token' });
    const table = await screen.findByRole('table', { name: '6 over runs: fancy book' });
    expect(within(table).getByText('₹400.00')).toBeTruthy();
    await waitFor(() => expect(FakeSocket.opened).toHaveLength(1));
    const socket = FakeSocket.opened[0] as FakeSocket;
    const exposureReads = api.callsTo('GET', '/backoffice/reports/exposure').length;
    // The bet lands after the first read and before the subscription: no risk message will ever say so.
    subtree = 900;
    socket.hear({ type: 'authenticated', userId: 'me' });
    await waitFor(() => expect(within(table).getByText('₹900.00')).toBeTruthy(), { timeout: 3000 });
    expect(api.callsTo('GET', '/backoffice/reports/exposure').length).toBe(exposureReads + 1);
  });
});
