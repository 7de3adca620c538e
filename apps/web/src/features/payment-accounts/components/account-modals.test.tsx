import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type PaymentAccount } from '@khel/contract';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { business, ok, stubFetch, type StubHandler, type StubResponse } from '../../../testing/fetch-stub';
import { SAVED_BANK, SAVED_UPI } from '../../../testing/money-fixtures';
import { renderApp, setViewport, signIn } from '../../../testing/render-app';
import { desktopToasts } from '../../../lib/toast';

const toasts = () => desktopToasts.get().map((toast) => `${toast.type}:${toast.message}`);

function routes(accounts: PaymentAccount[], extra: Record<string, StubResponse | StubHandler> = {}) {
  const user = makeProfile();
  signIn(user);
  setViewport(true);
  return {
    'GET /app-settings': ok(SETTINGS),
    'GET /getUserData': ok(user),
    'GET /account-details': ok(accounts),
    ...extra,
  };
}

async function openPage() {
  renderApp('/payment-accounts');
  return screen.findByTestId('payment-accounts');
}

describe('Add/Edit UPI (spec §2, §5, §8)', () => {
  it('warns Please fill all Fields and the UPI id shape, then adds, toasts, closes and resets', async () => {
    const { callsTo } = stubFetch(routes([], { 'POST /account-details': ok(SAVED_UPI, MESSAGES.upiAdded) }));
    const page = await openPage();
    expect(await within(page).findByText(MESSAGES.noData)).toBeTruthy();
    await userEvent.click(within(page).getByRole('button', { name: '+ Add UPI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add UPI' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add UPI' }));
    expect(toasts()).toEqual(['warning:Please fill all Fields']);
    const first = desktopToasts.get().at(-1)?.id;
    await userEvent.type(within(dialog).getByLabelText('UPI ID'), 'asha-okicici');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add UPI' }));
    // A second warning of its own (the first may have closed itself after its 3 s while the machine typed).
    expect(desktopToasts.get().at(-1)?.id).not.toBe(first);
    expect(toasts().at(-1)).toBe('warning:Please fill all Fields');
    await userEvent.type(within(dialog).getByLabelText('Account Holder Name'), 'Asha Verma');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add UPI' }));
    expect(toasts().at(-1)).toBe(`warning:${MESSAGES.upiInvalid}`);
    await userEvent.clear(within(dialog).getByLabelText('UPI ID'));
    await userEvent.type(within(dialog).getByLabelText('UPI ID'), 'asha@okicici');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add UPI' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST', '/account-details')[0]?.body).toEqual({
      type: 'upi',
      accountNumber: 'asha@okicici',
      accountHolderName: 'Asha Verma',
    });
    expect(toasts().at(-1)).toBe('success:Your UPI has been added');
    await waitFor(() => expect(callsTo('GET', '/account-details')).toHaveLength(2));
    await userEvent.click(within(page).getByRole('button', { name: '+ Add UPI' }));
    const again = await screen.findByRole('dialog', { name: 'Add UPI' });
    expect((within(again).getByLabelText('UPI ID') as HTMLInputElement).value).toBe('');
  });

  it('edits with PUT and the accountId; a refusal keeps the modal open', async () => {
    let answer: StubResponse = business(400, 'Enter a valid UPI id, like name@bank');
    const { callsTo } = stubFetch(routes([SAVED_UPI], { 'PUT /account-details': () => answer }));
    const page = await openPage();
    await userEvent.click(await within(page).findByRole('button', { name: `Edit UPI ${SAVED_UPI.accountNumber}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit UPI' });
    const holder = within(dialog).getByLabelText('Account Holder Name') as HTMLInputElement;
    expect(holder.value).toBe('Asha Verma');
    await userEvent.clear(holder);
    await userEvent.type(holder, 'Asha K Verma');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update UPI' }));
    await waitFor(() => expect(callsTo('PUT', '/account-details')).toHaveLength(1));
    expect(screen.getByRole('dialog', { name: 'Edit UPI' })).toBeTruthy();
    answer = ok({ ...SAVED_UPI, accountHolderName: 'Asha K Verma' }, MESSAGES.upiUpdated);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update UPI' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT', '/account-details')[1]?.body).toEqual({
      type: 'upi',
      accountNumber: SAVED_UPI.accountNumber,
      accountHolderName: 'Asha K Verma',
      accountId: SAVED_UPI._id,
    });
    expect(toasts().at(-1)).toBe('success:Your UPI has been updated');
  });
});

describe('Add/Edit Bank Account (spec §2, §5, §8)', () => {
  it('defaults to savings, suggests the bank from the IFSC, validates, adds and resets', async () => {
    const { callsTo } = stubFetch(
      routes([], {
        'GET /ifsc/SBIN0001234': ok({ ifscCode: 'SBIN0001234', bankName: 'State Bank of India' }),
        'POST /account-details': ok(SAVED_BANK, MESSAGES.bankAdded),
      }),
    );
    const page = await openPage();
    await userEvent.click(within(page).getByRole('button', { name: '+ Add Bank Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Bank Account' });
    const type = within(dialog).getByLabelText('Account Type') as HTMLSelectElement;
    expect(type.value).toBe('savings');
    expect([...type.options].map((option) => option.value)).toEqual(['savings', 'current']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Bank Account' }));
    expect(toasts()).toEqual(['warning:Please fill all Fields']);

    await userEvent.type(within(dialog).getByLabelText('Account Holder Name'), 'Asha Verma');
    await userEvent.type(within(dialog).getByLabelText('Account Number'), '123456789012');
    await userEvent.type(within(dialog).getByLabelText('IFSC Code'), 'sbin012');
    // Not an IFSC yet: no lookup, and the bank name is still missing.
    expect(callsTo('GET', '/ifsc/SBIN012')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Bank Account' }));
    expect(toasts().at(-1)).toBe('warning:Please fill all Fields');
    await userEvent.type(within(dialog).getByLabelText('Bank Name'), 'SBI');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Bank Account' }));
    expect(toasts().at(-1)).toBe(`warning:${MESSAGES.ifscInvalid}`);

    // A typed bank name is the player's: the suggestion does not replace it…
    const ifsc = within(dialog).getByLabelText('IFSC Code') as HTMLInputElement;
    await userEvent.clear(ifsc);
    await userEvent.type(ifsc, 'sbin0001234');
    expect(ifsc.value).toBe('SBIN0001234');
    await within(dialog).findByText('SBIN0001234 belongs to State Bank of India');
    const bankName = within(dialog).getByLabelText('Bank Name') as HTMLInputElement;
    expect(bankName.value).toBe('SBI');
    // …but an empty one is filled in.
    await userEvent.clear(bankName);
    await userEvent.clear(ifsc);
    await userEvent.type(ifsc, 'SBIN0001234');
    await waitFor(() => expect(bankName.value).toBe('State Bank of India'));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Bank Account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST', '/account-details')[0]?.body).toEqual({
      type: 'bank',
      accountHolderName: 'Asha Verma',
      bankName: 'State Bank of India',
      accountNumber: '123456789012',
      ifscCode: 'SBIN0001234',
      accountType: 'savings',
    });
    expect(toasts().at(-1)).toBe('success:Bank Account has been added');
    await userEvent.click(within(page).getByRole('button', { name: '+ Add Bank Account' }));
    const again = await screen.findByRole('dialog', { name: 'Add Bank Account' });
    expect((within(again).getByLabelText('IFSC Code') as HTMLInputElement).value).toBe('');
  });

  it('shows the loading label while saving and edits with the saved values', async () => {
    const { fetchMock, callsTo } = stubFetch(
      routes([SAVED_BANK], {
        'GET /ifsc/SBIN0001234': ok({ ifscCode: 'SBIN0001234', bankName: 'State Bank of India' }),
        'PUT /account-details': ok({ ...SAVED_BANK, accountType: 'current' }, MESSAGES.bankUpdated),
      }),
    );
    const real = fetchMock.getMockImplementation()!;
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') await gate;
      return real(input, init);
    });
    const page = await openPage();
    await userEvent.click(
      await within(page).findByRole('button', { name: `Edit bank account ${SAVED_BANK.accountNumber}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bank Account' });
    expect((within(dialog).getByLabelText('Bank Name') as HTMLInputElement).value).toBe('State Bank of India');
    await userEvent.selectOptions(within(dialog).getByLabelText('Account Type'), 'current');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Bank Account' }));
    expect(await within(dialog).findByRole('button', { name: 'Updating…' })).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PUT', '/account-details')[0]?.body).toMatchObject({
      accountId: SAVED_BANK._id,
      accountType: 'current',
      ifscCode: 'SBIN0001234',
    });
    expect(toasts().at(-1)).toBe(`success:${MESSAGES.bankUpdated}`);
  });
});
