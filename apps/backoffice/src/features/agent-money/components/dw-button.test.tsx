import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountFigures, AccountMoney } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, backofficeUser, ok, profile, stubApi } from '../../../testing/fake-api';

const AGENT_ID = '00000000-0000-4000-8000-000000000030';
const PLAYER_ID = '00000000-0000-4000-8000-000000000031';

const figures = (overrides: Partial<AccountFigures>): AccountFigures => ({
  _id: PLAYER_ID,
  name: 'Cash Player',
  username: 'cash',
  role: 4,
  kind: 'cash',
  creditRef: null,
  balance: 500,
  exposure: 0,
  available: 500,
  refPnl: null,
  ...overrides,
});
const money = (account: AccountFigures, own: number): AccountMoney => ({
  account,
  own,
  downline: [],
  downlineTotal: 0,
});

describe('D/W from the client list (decision 0065)', () => {
  it('gives chips from a row through the account page’s form, after its confirmation step', async () => {
    const api = stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ _id: AGENT_ID, name: 'Cash Agent', role: 3 })),
      'GET /backoffice/landing': () =>
        ok({ kind: 'cash', own: 0, exposure: 0, today: { date: '', pnl: 0 }, week: { from: '', to: '', pnl: 0 } }),
      'GET /backoffice/users/:id/tree-path': () =>
        ok({ path: [{ _id: AGENT_ID, name: 'Cash Agent', username: 'agent', role: 3 }] }),
      'GET /backoffice/users': () =>
        ok({ items: [backofficeUser({ _id: PLAYER_ID, name: 'Cash Player', role: 4, uplineId: AGENT_ID })], total: 1 }),
      'GET /backoffice/users/:id/money': () => ok(money(figures({}), 500)),
      [`GET /backoffice/users/${AGENT_ID}/money`]: () =>
        ok(money(figures({ _id: AGENT_ID, name: 'Cash Agent', role: 3 }), 9_000)),
      'POST /backoffice/users/:id/chips': () => ok(money(figures({ balance: 1500 }), 1500), 'Chips given'),
    });
    renderApp('/downline', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'D/W Cash Player' }));
    const dialog = await screen.findByRole('dialog', { name: 'D/W: Cash Player' });
    await user.type(await within(dialog).findByLabelText('Amount (₹)'), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Give' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm: give chips' });
    expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/chips`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/chips`)).toHaveLength(1));
    expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/chips`)[0]?.body).toEqual({
      action: 'give',
      amount: 1000,
    });
  });
});
