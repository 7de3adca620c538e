import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountFigures, AccountMoney } from '@khel/contract';
import { renderApp } from '../../testing/render-app';
import { SETTINGS, backofficeUser, fail, ok, profile, stubApi } from '../../testing/fake-api';

const AGENT_ID = '00000000-0000-4000-8000-000000000030';
const PLAYER_ID = '00000000-0000-4000-8000-000000000031';
const STALE = 'Enter a fresh code from your authenticator app to confirm this';

const figures = (overrides: Partial<AccountFigures>): AccountFigures => ({
  _id: PLAYER_ID,
  name: 'Credit Player',
  username: 'credit',
  role: 6,
  kind: 'credit',
  creditRef: 2000,
  balance: 500,
  exposure: 0,
  available: 500,
  refPnl: -1500,
  ...overrides,
});

/** Like the server: the settlement is refused STEP_UP_REQUIRED until /step-up has accepted a code. */
function stub() {
  let steppedUp = false;
  const money: AccountMoney = { account: figures({}), own: 500, downline: [], downlineTotal: 0 };
  return stubApi({
    'GET /app-settings': () => ok(SETTINGS),
    'GET /getUserData': () => ok(profile({ _id: AGENT_ID, name: 'Credit Agent', role: 5 })),
    'GET /backoffice/users/:id': () =>
      ok(backofficeUser({ _id: PLAYER_ID, name: 'Credit Player', role: 6, uplineId: AGENT_ID })),
    'GET /backoffice/users/:id/money': () => ok(money),
    [`GET /backoffice/users/${AGENT_ID}/money`]: () =>
      ok({
        account: figures({ _id: AGENT_ID, name: 'Credit Agent', role: 5, creditRef: 10_000, refPnl: 0 }),
        own: 2000,
        downline: [],
        downlineTotal: 1,
      }),
    'POST /backoffice/step-up': (call) => {
      if ((call.body as { code: string }).code !== '123456')
        return fail(400, 'That code is not right, please try again', 'SECOND_FACTOR_INVALID');
      steppedUp = true;
      return ok({ until: '2026-11-28T20:05:00.000Z' }, 'Code accepted, you can continue for 5 minutes');
    },
    'POST /backoffice/users/:id/settlement': () =>
      steppedUp ? ok(money, 'Settlement recorded') : fail(403, STALE, 'STEP_UP_REQUIRED'),
  });
}

async function settle(user: ReturnType<typeof userEvent.setup>) {
  const panel = await screen.findByRole('region', { name: 'Credit and chips' });
  await within(panel).findByRole('row', { name: /This account/ });
  await user.selectOptions(within(panel).getByLabelText('Action'), 'settle');
  await user.type(within(panel).getByLabelText('Amount (₹)'), '1000');
  await user.click(within(panel).getByRole('button', { name: 'Record settlement' }));
  const confirm = await screen.findByRole('dialog', { name: 'Confirm the settlement' });
  await user.click(within(confirm).getByRole('button', { name: 'Record settlement' }));
}

describe('step-up for money (decision 0049)', () => {
  it('asks for a fresh code when the server demands it, then sends the same move again once', async () => {
    const api = stub();
    renderApp(`/users/${PLAYER_ID}`, { token: 't' });
    const user = userEvent.setup();
    await settle(user);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your authenticator' });
    const path = `/backoffice/users/${PLAYER_ID}/settlement`;
    expect(api.callsTo('POST', path)).toHaveLength(1);
    // A malformed code never travels; a wrong one is the server's message and the dialog stays.
    await user.type(within(dialog).getByLabelText('Authenticator code'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/step-up')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Authenticator code'));
    await user.type(within(dialog).getByLabelText('Authenticator code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('That code is not right, please try again')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Authenticator code'));
    await user.type(within(dialog).getByLabelText('Authenticator code'), '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST', path)).toHaveLength(2));
    expect(api.callsTo('POST', '/backoffice/step-up').at(-1)?.body).toEqual({ code: '123456' });
    // The retry is the same move: same body, same Idempotency-Key.
    const [first, second] = api.callsTo('POST', path);
    expect(second?.body).toEqual(first?.body);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm with your authenticator' })).toBeNull());
  });

  it('a cancel leaves the move refused with the server message', async () => {
    const api = stub();
    renderApp(`/users/${PLAYER_ID}`, { token: 't' });
    const user = userEvent.setup();
    await settle(user);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your authenticator' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((await screen.findAllByText(STALE)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog', { name: 'Confirm with your authenticator' })).toBeNull();
    expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/settlement`)).toHaveLength(1);
    expect(api.callsTo('POST', '/backoffice/step-up')).toHaveLength(0);
  });
});
