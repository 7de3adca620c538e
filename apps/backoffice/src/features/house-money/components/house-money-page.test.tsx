import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HouseMoneyDetail, HouseMoneyRequest } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, ok, profile, stubApi } from '../../../testing/fake-api';

const ME = '00000000-0000-4000-8000-000000000001';
const ASKER = '00000000-0000-4000-8000-000000000002';
const PLAYER = '00000000-0000-4000-8000-000000000003';
const REQUEST = '00000000-0000-4000-8000-000000000009';

const request: HouseMoneyRequest = {
  _id: REQUEST,
  kind: 'chips',
  action: 'give',
  amount: 60_000,
  note: null,
  status: 'pending',
  target: { _id: PLAYER, name: 'Ravi Kumar', username: 'ravi', role: 3 },
  requestedBy: ASKER,
  requestedByName: 'Asha Support',
  decidedBy: null,
  decidedByName: null,
  createdAt: '2026-11-28T06:30:00.000Z',
  decidedAt: null,
};
const detail: HouseMoneyDetail = {
  ...request,
  context: {
    indiaDate: '2026-11-28',
    totalOf: { by: ASKER, byName: 'Asha Support' },
    requesterTotalToday: 40_000,
    firstApproval: { by: ASKER, byName: 'Asha Support', at: request.createdAt },
    otherWaiting: [
      {
        kind: 'adjustment',
        _id: '00000000-0000-4000-8000-000000000010',
        amount: -7_000,
        requestedByName: 'Dev Director',
        createdAt: request.createdAt,
      },
    ],
  },
};

describe('house money approvals (issue 24)', () => {
  it('a second operator reviews the context before approving: the requester total, what else waits, the first approval', async () => {
    const api = stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ _id: ME, name: 'Second Operator', role: 2 })),
      'GET /backoffice/house-money': () => ok({ items: [request], total: 1 }),
      [`GET /backoffice/house-money/${REQUEST}`]: () => ok(detail),
      [`POST /backoffice/house-money/${REQUEST}/approve`]: () =>
        ok(
          { ...request, status: 'applied', decidedBy: ME, decidedByName: 'Second Operator' },
          'Approved: the money moved',
        ),
    });
    renderApp('/house-money', { token: 't' });
    const table = await screen.findByRole('table', { name: 'House money requests' });
    expect(within(table).getByText('Ravi Kumar')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Review Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review before approving' });
    expect((await within(dialog).findByTestId('review-amount')).textContent).toBe('₹60,000.00');
    expect(within(dialog).getByTestId('requester-total').textContent).toContain('₹40,000.00');
    expect(within(dialog).getByText("Asha Support's total for this account on 2026-11-28")).toBeTruthy();
    expect(within(dialog).getByTestId('first-approval').textContent).toContain('Asha Support');
    expect(within(dialog).getByTestId('other-waiting').textContent).toMatch(
      /Adjustment\s*-₹7,000\.00\s*by Dev Director/,
    );
    expect(api.callsTo('POST', `/backoffice/house-money/${REQUEST}/approve`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST', `/backoffice/house-money/${REQUEST}/approve`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Review before approving' })).toBeNull());
  });

  it('the requester sees its own request without Approve or Reject', async () => {
    stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ _id: ASKER, name: 'Asha Support', role: 2 })),
      'GET /backoffice/house-money': () => ok({ items: [request], total: 1 }),
      [`GET /backoffice/house-money/${REQUEST}`]: () => ok(detail),
    });
    renderApp('/house-money', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Review Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review before approving' });
    await within(dialog).findByTestId('review-amount');
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
