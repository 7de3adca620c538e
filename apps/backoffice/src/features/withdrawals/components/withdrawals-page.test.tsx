import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render-app';
import { fail, ok, shellReads, stubApi } from '../../../testing/fake-api';
import type { DeskWithdrawal } from '../api/get-withdrawals';

function withdrawal(overrides: Partial<DeskWithdrawal> = {}): DeskWithdrawal {
  return {
    _id: '20000000-0000-4000-8000-000000000001',
    amount: 2500.5,
    status: 'pending',
    reason: null,
    account: {
      _id: 'pay-1',
      type: 'bank',
      accountNumber: '123456789012',
      accountHolderName: 'Ravi Kumar',
      ifscCode: 'SBIN0001234',
      bankName: 'State Bank of India',
      accountType: 'savings',
    },
    awaitingSecondApproval: false,
    createdAt: '2025-06-01T10:00:00.000Z',
    decidedAt: null,
    player: {
      _id: '00000000-0000-4000-8000-000000000002',
      name: 'Ravi Kumar',
      username: 'ravi',
      mobile_no: '919876543210',
    },
    firstApprovedBy: null,
    decidedBy: null,
    ...overrides,
  };
}

function stubDesk(initial: DeskWithdrawal[]) {
  let list = [...initial];
  return stubApi({
    ...shellReads({ role: 2 }),
    'GET /backoffice/withdrawals': (call) => {
      const items = list.filter((item) => item.status === (call.query.get('status') ?? 'pending'));
      return ok({ items, total: items.length });
    },
    'POST /backoffice/withdrawals/:id/approve': (call) => {
      const found = list.find((item) => call.path.includes(item._id));
      if (found === undefined || found.status !== 'pending')
        return fail(409, 'This request has already been decided', 'ALREADY_DECIDED');
      const next: DeskWithdrawal = { ...found, status: 'approved', decidedAt: '2025-06-01T11:00:00.000Z' };
      list = list.map((item) => (item._id === found._id ? next : item));
      return ok(next, 'Withdrawal marked paid');
    },
    'POST /backoffice/withdrawals/:id/reject': (call) => {
      const found = list.find((item) => call.path.includes(item._id));
      if (found === undefined) return fail(404, 'Not found', 'NOT_FOUND');
      const next: DeskWithdrawal = { ...found, status: 'rejected', reason: (call.body as { reason: string }).reason };
      list = list.map((item) => (item._id === found._id ? next : item));
      return ok(next, 'Withdrawal rejected, amount released');
    },
  });
}

describe('withdrawals desk', () => {
  it('shows the payout details with copy buttons that copy the exact values', async () => {
    stubDesk([withdrawal()]);
    renderApp('/withdrawals', { token: 't' });
    // user-event puts a clipboard stub on navigator that the page writes to.
    const user = userEvent.setup();
    const row = (await screen.findByText('₹2,500.50')).closest('tr') as HTMLElement;
    expect(within(row).getByText('State Bank of India')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Copy account number' }));
    expect(await navigator.clipboard.readText()).toBe('123456789012');
    await user.click(within(row).getByRole('button', { name: 'Copy IFSC code' }));
    expect(await navigator.clipboard.readText()).toBe('SBIN0001234');
    expect(await screen.findByText('IFSC code copied')).toBeTruthy();
  });

  it('shows a UPI payout account as a UPI id', async () => {
    stubDesk([
      withdrawal({
        account: { _id: 'pay-2', type: 'upi', accountNumber: 'ravi@okicici', accountHolderName: 'Ravi Kumar' },
      }),
    ]);
    renderApp('/withdrawals', { token: 't' });
    const row = (await screen.findByText('ravi@okicici')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Copy UPI id' })).toBeTruthy();
    expect(within(row).queryByText('IFSC')).toBeNull();
  });

  it('marks a withdrawal paid after confirming the account', async () => {
    const api = stubDesk([withdrawal()]);
    renderApp('/withdrawals', { token: 't' });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: /^Mark paid the withdrawal of ₹2,500.50 to Ravi Kumar/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark this withdrawal paid' });
    expect(within(dialog).getByText('123456789012')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/backoffice/withdrawals/${withdrawal()._id}/approve`)).toHaveLength(1),
    );
    expect(await screen.findByText('Withdrawal marked paid')).toBeTruthy();
    expect(await screen.findByText('No withdrawals wait to be paid')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Paid' }));
    expect(await screen.findByText('₹2,500.50')).toBeTruthy();
  });

  it('rejects with a required reason and releases the amount', async () => {
    const api = stubDesk([withdrawal()]);
    renderApp('/withdrawals', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Reject the withdrawal/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this withdrawal' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject and release' }));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    expect(api.callsTo('POST', `/backoffice/withdrawals/${withdrawal()._id}/reject`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Account name does not match');
    await user.click(within(dialog).getByRole('button', { name: 'Reject and release' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/backoffice/withdrawals/${withdrawal()._id}/reject`)[0]?.body).toEqual({
        reason: 'Account name does not match',
      }),
    );
    expect(await screen.findByText('Withdrawal rejected, amount released')).toBeTruthy();
  });

  it('shows the second-approval badge on a withdrawal another operator approved first', async () => {
    stubDesk([
      withdrawal({
        amount: 75000,
        awaitingSecondApproval: true,
        firstApprovedBy: '00000000-0000-4000-8000-0000000000aa',
      }),
    ]);
    renderApp('/withdrawals', { token: 't' });
    const row = (await screen.findByText('Needs second approval')).closest('tr') as HTMLElement;
    expect((within(row).getByRole('button', { name: /^Mark paid/ }) as HTMLButtonElement).disabled).toBe(false);
  });
});
