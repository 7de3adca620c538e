import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@khel/contract';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { business, ok, stubFetch } from '../../../testing/fetch-stub';
import { SAVED_BANK, SAVED_UPI } from '../../../testing/money-fixtures';
import { renderApp, setViewport, signIn } from '../../../testing/render-app';
import { desktopToasts } from '../../../lib/toast';

const toasts = () => desktopToasts.get().map((toast) => `${toast.type}:${toast.message}`);

describe('/withdrawal', () => {
  it('validates, sends amount and account with an Idempotency-Key, clears and refreshes the balance', async () => {
    const user = makeProfile({ balance: 1000, exposure: -100 });
    signIn(user);
    setViewport(true);
    let insufficient = true;
    const { callsTo } = stubFetch({
      'GET /app-settings': ok(SETTINGS),
      'GET /getUserData': ok(user),
      'GET /account-details': ok([SAVED_UPI, SAVED_BANK]),
      'GET /withdrawal-request': ok([]),
      'POST /withdrawal-request': () =>
        insufficient
          ? business(422, 'Insufficient balance', { error: 'WALLET_INSUFFICIENT_FUNDS' })
          : ok(
              {
                _id: 'w1',
                amount: 150,
                status: 'pending',
                reason: null,
                account: SAVED_BANK,
                awaitingSecondApproval: false,
                createdAt: '2026-11-21T10:00:00Z',
                decidedAt: null,
              },
              MESSAGES.withdrawalSubmitted,
            ),
    });
    renderApp('/withdrawal');
    const form = await screen.findByTestId('withdrawal-form');
    expect(within(form).getByTestId('withdrawable').textContent).toBe('₹900.00');
    const submit = () => userEvent.click(within(form).getByRole('button', { name: 'Request Withdrawal' }));
    await submit();
    expect(toasts()).toEqual(['warning:Please enter amount']);
    await userEvent.type(within(form).getByLabelText('Amount (₹)'), '50');
    await submit();
    expect(toasts().at(-1)).toBe('warning:Choose the account to be paid into');
    await userEvent.click(await within(form).findByRole('radio', { name: /State Bank of India ••••9012/ }));
    await submit();
    expect(toasts().at(-1)).toBe(`warning:${MESSAGES.withdrawalMinimum}`);
    await userEvent.clear(within(form).getByLabelText('Amount (₹)'));
    await userEvent.type(within(form).getByLabelText('Amount (₹)'), '150');
    await submit();
    await waitFor(() => expect(toasts().at(-1)).toBe('warning:Insufficient balance'));
    insufficient = false;
    const profileLoads = callsTo('GET', '/getUserData').length;
    await submit();
    await waitFor(() => expect(toasts().at(-1)).toBe(`success:${MESSAGES.withdrawalSubmitted}`));
    const [refused, accepted] = callsTo('POST', '/withdrawal-request');
    expect(accepted?.body).toEqual({ amount: 150, accountId: SAVED_BANK._id });
    // The same request sent again carries the same key (the server judges a refusal afresh).
    expect(accepted?.headers.get('Idempotency-Key')).toBe(refused?.headers.get('Idempotency-Key'));
    expect((within(form).getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(callsTo('GET', '/getUserData').length).toBeGreaterThan(profileLoads));
  });
});
