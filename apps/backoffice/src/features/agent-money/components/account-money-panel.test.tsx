import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountFigures, AccountMoney } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { HttpFailure, SETTINGS, backofficeUser, ok, profile, stubApi } from '../../../testing/fake-api';

const AGENT_ID = '00000000-0000-4000-8000-000000000020';
const PLAYER_ID = '00000000-0000-4000-8000-000000000021';

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

function stub(money: AccountMoney) {
  // Like the server: a settlement changes what the next read answers.
  let current = money;
  return stubApi({
    'GET /app-settings': () => ok(SETTINGS),
    'GET /getUserData': () => ok(profile({ _id: AGENT_ID, name: 'Credit Agent', role: 5 })),
    'GET /backoffice/users/:id': () =>
      ok(backofficeUser({ _id: PLAYER_ID, name: 'Credit Player', role: 6, uplineId: AGENT_ID })),
    'GET /backoffice/users/:id/money': () => ok(current),
    // The upline credit agent, whose free credit a give draws on.
    [`GET /backoffice/users/${AGENT_ID}/money`]: () =>
      ok({
        account: figures({ _id: AGENT_ID, name: 'Credit Agent', role: 5, creditRef: 10_000, refPnl: 0 }),
        own: 2000,
        downline: [],
        downlineTotal: 1,
      }),
    'POST /backoffice/users/:id/settlement': () => {
      current = { ...money, account: figures({ balance: 1500, available: 1500, refPnl: -500 }) };
      return ok(current, 'Settlement recorded');
    },
    'POST /backoffice/users/:id/credit': () => ok(money, 'Credit raised'),
  });
}

describe('credit and chips panel (PRODUCT.md §9)', () => {
  it("shows a credit player's five figures and records a settlement with the contract's checks", async () => {
    const api = stub({ account: figures({}), own: 500, downline: [], downlineTotal: 0 });
    renderApp(`/users/${PLAYER_ID}`, { token: 't' });
    const panel = await screen.findByRole('region', { name: 'Credit and chips' });
    const row = await within(panel).findByRole('row', { name: /This account/ });
    for (const text of ['₹2,000.00', '₹500.00', '-₹1,500.00'])
      expect(within(row).getAllByText(text).length).toBeGreaterThan(0);
    const user = userEvent.setup();
    await user.selectOptions(within(panel).getByLabelText('Action'), 'settle');
    await user.click(within(panel).getByRole('button', { name: 'Record settlement' }));
    expect(await within(panel).findByText('Enter an amount')).toBeTruthy();
    expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/settlement`)).toHaveLength(0);
    await user.type(within(panel).getByLabelText('Amount (₹)'), '1000');
    await user.click(within(panel).getByRole('button', { name: 'Record settlement' }));
    // The confirmation step: nothing travels before it.
    const confirm = await screen.findByRole('dialog', { name: 'Confirm the settlement' });
    expect(within(confirm).getByTestId('move-amount').textContent).toBe('₹1,000.00');
    expect(within(confirm).getByTestId('move-to').textContent).toContain('-₹500.00');
    expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/settlement`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Record settlement' }));
    await waitFor(() => expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/settlement`)).toHaveLength(1));
    expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/settlement`)[0]?.body).toEqual({ amount: 1000 });
    expect(await within(panel).findByText('-₹500.00')).toBeTruthy();
  });

  it('gives credit, never chips, to a credit account', async () => {
    const api = stub({
      account: figures({ refPnl: 0, balance: 2000, available: 2000 }),
      own: 2000,
      downline: [],
      downlineTotal: 0,
    });
    renderApp(`/users/${PLAYER_ID}`, { token: 't' });
    const panel = await screen.findByRole('region', { name: 'Credit and chips' });
    const user = userEvent.setup();
    await user.type(await within(panel).findByLabelText('Amount (₹)'), '250');
    await user.click(within(panel).getByRole('button', { name: 'Give' }));
    // Confirm: the amount, from the credit agent's free credit to the player's Credit Ref, both new figures.
    const confirm = await screen.findByRole('dialog', { name: 'Confirm: give credit' });
    expect(within(confirm).getByTestId('move-amount').textContent).toBe('₹250.00');
    expect(within(confirm).getByTestId('move-from').textContent).toMatch(
      /Credit Agent.*Free credit ₹2,000\.00 → ₹1,750\.00/,
    );
    expect(within(confirm).getByTestId('move-to').textContent).toMatch(
      /Credit Player.*Credit Ref ₹2,000\.00 → ₹2,250\.00/,
    );
    expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/credit`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/credit`)).toHaveLength(1));
    expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/credit`)[0]?.body).toEqual({
      action: 'give',
      amount: 250,
    });
    expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/chips`)).toHaveLength(0);
  });

  it('sends one Idempotency-Key per submission: a retry of the same request reuses it, the next request gets a new one', async () => {
    let credit = 0;
    const api = stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ _id: AGENT_ID, name: 'Credit Agent', role: 5 })),
      'GET /backoffice/users/:id': () =>
        ok(backofficeUser({ _id: PLAYER_ID, name: 'Credit Player', role: 6, uplineId: AGENT_ID })),
      'GET /backoffice/users/:id/money': () =>
        ok({ account: figures({ refPnl: 0 }), own: 2000, downline: [], downlineTotal: 0 }),
      // The first answer is lost on the way back (a dropped connection): the panel must send the same key again.
      'POST /backoffice/users/:id/credit': () => {
        credit += 1;
        if (credit === 1) return new HttpFailure(502, 'Bad gateway');
        return ok({ account: figures({ refPnl: 0 }), own: 2000, downline: [], downlineTotal: 0 }, 'Credit raised');
      },
    });
    renderApp(`/users/${PLAYER_ID}`, { token: 't' });
    const panel = await screen.findByRole('region', { name: 'Credit and chips' });
    const user = userEvent.setup();
    await user.type(await within(panel).findByLabelText('Amount (₹)'), '250');
    await user.click(within(panel).getByRole('button', { name: 'Give' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm: give credit' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/credit`)).toHaveLength(1));
    // The failure shows in the dialog, which stays open: confirming again is the retry.
    await waitFor(() =>
      expect(within(confirm).getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(false),
    );
    expect(within(confirm).getByRole('alert')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/credit`)).toHaveLength(2));
    const [first, retry] = api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/credit`);
    expect(first?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry?.idempotencyKey).toBe(first?.idempotencyKey);
    // Done: the same amount given again is a new submission with a new key.
    await waitFor(() => expect((within(panel).getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe(''));
    await user.type(within(panel).getByLabelText('Amount (₹)'), '250');
    await user.click(within(panel).getByRole('button', { name: 'Give' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm: give credit' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    await waitFor(() => expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/credit`)).toHaveLength(3));
    expect(api.callsTo('POST', `/backoffice/users/${PLAYER_ID}/credit`)[2]?.idempotencyKey).not.toBe(
      first?.idempotencyKey,
    );
  });

  it("waits for the upline's chips before confirming: a slow read never names the house as the source", async () => {
    // The agent's own chips are read on their own; this read answers only when the test lets it.
    let answer: () => void = () => undefined;
    const uplineRead = new Promise<void>((resolve) => {
      answer = resolve;
    });
    stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ _id: AGENT_ID, name: 'Cash Agent', role: 3 })),
      'GET /backoffice/users/:id': () =>
        ok(backofficeUser({ _id: PLAYER_ID, name: 'Cash Player', role: 4, uplineId: AGENT_ID })),
      'GET /backoffice/users/:id/money': () =>
        ok({
          account: figures({ name: 'Cash Player', role: 4, kind: 'cash', creditRef: null, refPnl: null }),
          own: 100,
          downline: [],
          downlineTotal: 0,
        }),
      [`GET /backoffice/users/${AGENT_ID}/money`]: async () => {
        await uplineRead;
        return ok({
          account: figures({ _id: AGENT_ID, name: 'Cash Agent', role: 3, kind: 'cash', creditRef: null, refPnl: null }),
          own: 5000,
          downline: [],
          downlineTotal: 1,
        });
      },
    });
    renderApp(`/users/${PLAYER_ID}`, { token: 't' });
    const panel = await screen.findByRole('region', { name: 'Credit and chips' });
    const user = userEvent.setup();
    await user.type(await within(panel).findByLabelText('Amount (₹)'), '250');
    await user.click(within(panel).getByRole('button', { name: 'Give' }));
    expect(await within(panel).findByText("Reading the upline's chips…")).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Confirm: give chips' })).toBeNull();
    expect(screen.queryByText('The house')).toBeNull();
    answer();
    const confirm = await screen.findByRole('dialog', { name: 'Confirm: give chips' });
    expect(within(confirm).getByTestId('move-from').textContent).toMatch(/Cash Agent.*Chips ₹5,000\.00 → ₹4,750\.00/);
    expect(within(confirm).getByTestId('move-to').textContent).toMatch(/Cash Player.*Balance ₹100\.00 → ₹350\.00/);
  });
});
