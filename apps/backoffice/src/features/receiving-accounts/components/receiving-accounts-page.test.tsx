import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminAccount } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { fail, ok, shellReads, stubApi } from '../../../testing/fake-api';

const ACCOUNTS: AdminAccount[] = [
  {
    _id: 'ra-1',
    type: 'upi',
    accountNumber: 'khel.demo@okaxis',
    accountHolderName: 'Khel Demo',
    qrImage: 'data:image/png;base64,AAAA',
    upiLink: 'upi://pay?pa=khel.demo%40okaxis',
    active: true,
  },
  {
    _id: 'ra-2',
    type: 'bank',
    accountNumber: '50100012345678',
    accountHolderName: 'Khel Demo',
    ifscCode: 'HDFC0000123',
    bankName: 'HDFC Bank',
    accountType: 'current',
    active: false,
  },
];

function stubAccounts(role: number) {
  let list = [...ACCOUNTS];
  return stubApi({
    ...shellReads({ role }),
    'GET /backoffice/receiving-accounts': () => ok(list),
    'POST /backoffice/receiving-accounts': (call) => {
      if (role !== 1) return fail(403, 'You do not have permission for this action', 'FORBIDDEN');
      const created = { ...(call.body as AdminAccount), _id: 'ra-3', active: true };
      list = [...list, created];
      return ok(created, 'Receiving account added');
    },
    'PUT /backoffice/receiving-accounts/:id': (call) => {
      const id = call.path.split('/').pop();
      list = list.map((account) =>
        account._id === id ? { ...account, active: (call.body as { active: boolean }).active } : account,
      );
      return ok(
        list.find((account) => account._id === id),
        'Receiving account updated',
      );
    },
  });
}

describe('receiving accounts', () => {
  it('shows a support admin the accounts without any controls', async () => {
    stubAccounts(2);
    renderApp('/receiving-accounts', { token: 't' });
    expect(await screen.findByRole('img', { name: 'QR code for khel.demo@okaxis' })).toBeTruthy();
    expect(screen.getByText('Only a director can add receiving accounts or switch them on and off.')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Add a receiving account' })).toBeNull();
    expect(screen.getByText('Inactive')).toBeTruthy();
  });

  it('lets a director switch an account off after confirmation, and on again at once', async () => {
    const api = stubAccounts(1);
    renderApp('/receiving-accounts', { token: 't' });
    const user = userEvent.setup();
    const upi = await screen.findByRole('listitem', { name: 'UPI khel.demo@okaxis' });
    await user.click(within(upi).getByRole('switch', { name: 'Offered to players' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop offering this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/backoffice/receiving-accounts/ra-1')[0]?.body).toEqual({ active: false }),
    );
    expect(await screen.findByText('Players no longer see this account')).toBeTruthy();

    const bank = screen.getByRole('listitem', { name: 'HDFC Bank 50100012345678' });
    await user.click(within(bank).getByRole('switch', { name: 'Offered to players' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/backoffice/receiving-accounts/ra-2')[0]?.body).toEqual({ active: true }),
    );
  });

  it('checks a new bank account with the contract rules before sending it', async () => {
    const api = stubAccounts(1);
    renderApp('/receiving-accounts', { token: 't' });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add a receiving account' });
    await user.selectOptions(within(form).getByLabelText('Type'), 'bank');
    await user.type(within(form).getByLabelText('Account holder name'), 'Khel Payments');
    await user.type(within(form).getByLabelText('Bank name'), 'ICICI Bank');
    await user.type(within(form).getByLabelText('Account number'), '12AB');
    await user.type(within(form).getByLabelText('IFSC code'), 'icic0000001');
    await user.click(within(form).getByRole('button', { name: 'Add account' }));
    expect(within(form).getByLabelText('Account number').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/backoffice/receiving-accounts')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Account number'));
    await user.type(within(form).getByLabelText('Account number'), '000401234567');
    await user.click(within(form).getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(api.callsTo('POST', '/backoffice/receiving-accounts')).toHaveLength(1));
    expect(api.callsTo('POST', '/backoffice/receiving-accounts')[0]?.body).toEqual({
      type: 'bank',
      accountHolderName: 'Khel Payments',
      bankName: 'ICICI Bank',
      accountNumber: '000401234567',
      ifscCode: 'ICIC0000001',
      accountType: 'current',
    });
    expect(await screen.findByText('Receiving account added')).toBeTruthy();
  });
});
