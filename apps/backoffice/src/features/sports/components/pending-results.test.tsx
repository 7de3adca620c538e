import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PendingResult } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { ok, profile, shellReads, stubApi } from '../../../testing/fake-api';
import { sports } from '../testing/fixtures';

const ME = profile()._id;
const OTHER = '00000000-0000-4000-8000-0000000000ff';

function pending(overrides: Partial<PendingResult>): PendingResult {
  return {
    _id: 'd1',
    kind: 'settle',
    marketId: '40000000-0000-4000-8000-000000000001',
    marketName: 'Match Odds',
    marketType: 'EXCHANGE',
    eventId: 'e1',
    eventName: 'India v Australia',
    result: 'India',
    winnerId: 'r1',
    runs: null,
    previousResult: null,
    reason: null,
    declaredBy: OTHER,
    declaredByName: 'Support Admin',
    declaredAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

function stubDesk(rows: PendingResult[], options: { role?: number; on?: boolean } = {}) {
  let on = options.on ?? false;
  return stubApi({
    ...shellReads({ role: options.role ?? 1 }),
    'GET /sports': () => ok(sports()),
    'GET /backoffice/events': () => ok([]),
    'GET /backoffice/results/pending': () => ok(rows),
    'GET /backoffice/sports-desk/settings': () => ok({ resultsNeedConfirmation: on }),
    'PUT /backoffice/sports-desk/settings': (call) => {
      on = (call.body as { resultsNeedConfirmation: boolean }).resultsNeedConfirmation;
      return ok({ resultsNeedConfirmation: on }, 'Settings saved');
    },
    'POST /backoffice/markets/:id/result/confirm': () => ok(null, 'Result confirmed'),
    'POST /backoffice/markets/:id/result/reject': () => ok(null, 'Result rejected'),
  });
}

describe('sports desk: results waiting for a second operator (issue 9)', () => {
  it("lets another operator confirm a declared result, and shows a correction's earlier result and reason", async () => {
    const correction = pending({
      _id: 'd2',
      kind: 'correct',
      marketId: '40000000-0000-4000-8000-000000000002',
      marketName: 'Bookmaker',
      result: 'Australia',
      previousResult: 'India',
      reason: 'Wrong team entered',
    });
    const api = stubDesk([pending({}), correction]);
    renderApp('/sports', { token: 't' });
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Results waiting for a second operator (2)' });
    expect(within(panel).getByText('Correction requested')).toBeTruthy();
    expect(within(panel).getByText('(was India)')).toBeTruthy();
    expect(within(panel).getByText('Wrong team entered')).toBeTruthy();
    await user.click(
      within(panel).getByRole('button', { name: 'Confirm the result of India v Australia / Match Odds' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the result of Match Odds' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm result' }));
    await waitFor(() =>
      expect(
        api.callsTo('POST', '/backoffice/markets/40000000-0000-4000-8000-000000000001/result/confirm'),
      ).toHaveLength(1),
    );
    expect(await screen.findByText('Result confirmed')).toBeTruthy();
  });

  it('rejects only with a reason', async () => {
    const api = stubDesk([pending({})]);
    renderApp('/sports', { token: 't' });
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: /^Results waiting for a second operator/ });
    await user.click(
      within(panel).getByRole('button', { name: 'Reject the result of India v Australia / Match Odds' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject the result of Match Odds' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject result' }));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'India lost');
    await user.click(within(dialog).getByRole('button', { name: 'Reject result' }));
    await waitFor(() =>
      expect(
        api.callsTo('POST', '/backoffice/markets/40000000-0000-4000-8000-000000000001/result/reject')[0]?.body,
      ).toEqual({ reason: 'India lost' }),
    );
  });

  it('never offers the declarer their own confirmation', async () => {
    stubDesk([pending({ declaredBy: ME })]);
    renderApp('/sports', { token: 't' });
    const panel = await screen.findByRole('region', { name: /^Results waiting for a second operator/ });
    expect(within(panel).getByText('You declared it; another operator must confirm or reject it.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /Confirm/ })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /Reject/ })).toBeNull();
  });

  it("is the director's switch; a support admin sees it but cannot change it", async () => {
    const api = stubDesk([]);
    const { unmount } = renderApp('/sports', { token: 't' });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Results need a second operator' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    await waitFor(() =>
      expect(api.callsTo('PUT', '/backoffice/sports-desk/settings')[0]?.body).toEqual({
        resultsNeedConfirmation: true,
      }),
    );
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Results need a second operator' }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
    unmount();

    stubDesk([], { role: 2, on: true });
    renderApp('/sports', { token: 't' });
    const locked = await screen.findByRole('switch', { name: 'Results need a second operator' });
    expect((locked as HTMLInputElement).disabled).toBe(true);
  });
});
