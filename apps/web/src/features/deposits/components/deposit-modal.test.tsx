import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@khel/contract';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { business, ok, stubFetch, transport, type StubHandler, type StubResponse } from '../../../testing/fetch-stub';
import { BANK_RECEIVING, UPI_RECEIVING, makeDeposit } from '../../../testing/money-fixtures';
import { renderApp, setViewport, signIn } from '../../../testing/render-app';
import { desktopToasts } from '../../../lib/toast';

const toasts = () => desktopToasts.get().map((toast) => `${toast.type}:${toast.message}`);

function routes(extra: Record<string, StubResponse | StubHandler> = {}) {
  const user = makeProfile();
  signIn(user);
  return {
    'GET /app-settings': ok(SETTINGS),
    'GET /getUserData': ok(user),
    'GET /admin-account-details': ok([UPI_RECEIVING, BANK_RECEIVING]),
    'GET /admin-deposit-request': ok([]),
    ...extra,
  };
}

async function openModal(method: 'UPI' | 'Bank transfer') {
  renderApp('/deposit');
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${method}`) }));
  const dialog = await screen.findByRole('dialog', {
    name: method === 'UPI' ? 'Deposit By UPI' : 'Deposit By Account',
  });
  await within(dialog).findByTestId('receiving-account');
  return dialog;
}

const submit = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Submit Deposit' }));

describe('Deposit By UPI / Deposit By Account (spec §2, §4, §5, §8)', () => {
  it('shows the receiving account with copy buttons, the QR and quick amounts', async () => {
    setViewport(false);
    const { calls } = stubFetch(routes());
    const dialog = await openModal('UPI');
    expect(within(dialog).getByRole('img', { name: 'UPI QR code for khel.demo@okaxis' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy UPI ID' })).toBeTruthy();
    // Phones get a link into their UPI app.
    expect(within(dialog).getByRole('link', { name: 'Pay with UPI app' }).getAttribute('href')).toBe(
      UPI_RECEIVING.upiLink,
    );
    const quick = within(within(dialog).getByRole('group', { name: 'Quick amounts' })).getAllByRole('button');
    expect(quick.map((button) => button.textContent)).toEqual(['₹500', '₹1,000', '₹5,000', '₹10,000']);
    await userEvent.click(quick[1]!);
    expect((within(dialog).getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe('1000');
    // The QR is asked for again with the amount (debounced).
    await waitFor(
      () =>
        expect(
          calls.some((call) => call.path === '/admin-account-details' && call.search.get('amount') === '1000'),
        ).toBe(true),
      { timeout: 2000 },
    );
  });

  it('warns word for word and sends nothing while the form is incomplete', async () => {
    setViewport(true);
    const { callsTo } = stubFetch(routes());
    const dialog = await openModal('UPI');
    await submit(dialog);
    expect(toasts()).toEqual([`warning:${MESSAGES.depositAmountRequired}`]);
    expect(MESSAGES.depositAmountRequired).toBe('Please enter amount');
    await userEvent.type(within(dialog).getByLabelText('Amount (₹)'), '500');
    await submit(dialog);
    expect(toasts().at(-1)).toBe('warning:Please provide reference-id or upload a screenshot.');
    await userEvent.clear(within(dialog).getByLabelText('Amount (₹)'));
    await userEvent.type(within(dialog).getByLabelText('Amount (₹)'), '199');
    await userEvent.type(within(dialog).getByLabelText('Reference ID (UTR)'), 'UTR1');
    await submit(dialog);
    expect(toasts().at(-1)).toBe('warning:Minimum deposit is ₹200');
    expect(callsTo('POST', '/admin-deposit-request')).toHaveLength(0);
  });

  it('accepts 200, shows the loading label, then closes and resets on code 200', async () => {
    setViewport(true);
    const { callsTo, fetchMock } = stubFetch(
      routes({ 'POST /admin-deposit-request': ok(makeDeposit({ amount: 200 }), MESSAGES.depositSubmitted) }),
    );
    const real = fetchMock.getMockImplementation()!;
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await gate;
      return real(input, init);
    });
    const dialog = await openModal('UPI');
    await userEvent.type(within(dialog).getByLabelText('Amount (₹)'), '200');
    await userEvent.type(within(dialog).getByLabelText('Reference ID (UTR)'), 'UTR200');
    await submit(dialog);
    expect(await within(dialog).findByRole('button', { name: 'Submitting…' })).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = callsTo('POST', '/admin-deposit-request');
    expect(post?.body).toEqual({ amount: 200, accountId: UPI_RECEIVING._id, type: 'upi', txnRef: 'UTR200' });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(toasts()).toContain(`success:${MESSAGES.depositSubmitted}`);
    // Reopened, the form is empty again.
    await userEvent.click(screen.getByRole('button', { name: /^UPI/ }));
    const again = await screen.findByRole('dialog', { name: 'Deposit By UPI' });
    expect((within(again).getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe('');
    expect((within(again).getByLabelText('Reference ID (UTR)') as HTMLInputElement).value).toBe('');
  });

  it('submitted before the receiving accounts arrive, waits for them and sends to the account they bring', async () => {
    setViewport(true);
    const { callsTo, fetchMock } = stubFetch(
      routes({ 'POST /admin-deposit-request': ok(makeDeposit({ amount: 1000 }), MESSAGES.depositSubmitted) }),
    );
    const real = fetchMock.getMockImplementation()!;
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/admin-account-details')) await gate;
      return real(input, init);
    });
    renderApp('/deposit');
    await userEvent.click(await screen.findByRole('button', { name: /^UPI/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit By UPI' });
    await userEvent.type(within(dialog).getByLabelText('Amount (₹)'), '1000');
    await userEvent.type(within(dialog).getByLabelText('Reference ID (UTR)'), 'UTR-EARLY');
    await submit(dialog);
    expect(await within(dialog).findByRole('button', { name: 'Submitting…' })).toBeTruthy();
    expect(callsTo('POST', '/admin-deposit-request')).toHaveLength(0);
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = callsTo('POST', '/admin-deposit-request');
    expect(post?.body).toEqual({ amount: 1000, accountId: UPI_RECEIVING._id, type: 'upi', txnRef: 'UTR-EARLY' });
    expect(toasts()).toEqual([`success:${MESSAGES.depositSubmitted}`]);
  });

  it('stays open with the fields on a non-200 answer, adding nothing to the client warning', async () => {
    setViewport(true);
    stubFetch(
      routes({
        'POST /admin-deposit-request': business(409, 'This reference id has already been used', {
          error: 'DUPLICATE_REFERENCE_ID',
        }),
      }),
    );
    const dialog = await openModal('Bank transfer');
    await userEvent.type(within(dialog).getByLabelText('Amount (₹)'), '1000');
    await userEvent.type(within(dialog).getByLabelText('Reference ID (UTR)'), 'UTR-DUP');
    await submit(dialog);
    await waitFor(() => expect(toasts()).toEqual(['warning:This reference id has already been used']));
    expect(screen.getByRole('dialog', { name: 'Deposit By Account' })).toBe(dialog);
    expect((within(dialog).getByLabelText('Reference ID (UTR)') as HTMLInputElement).value).toBe('UTR-DUP');
    expect(within(dialog).getByRole('button', { name: 'Submit Deposit' })).toBeTruthy();
  });

  it('reuses the Idempotency-Key when the same deposit is sent again, and takes a new one for a changed deposit', async () => {
    setViewport(true);
    let answer: StubResponse = transport(500, 'Internal error');
    const { callsTo } = stubFetch(routes({ 'POST /admin-deposit-request': () => answer }));
    const dialog = await openModal('Bank transfer');
    await userEvent.type(within(dialog).getByLabelText('Amount (₹)'), '500');
    await userEvent.type(within(dialog).getByLabelText('Reference ID (UTR)'), 'UTR-A');
    await submit(dialog);
    await waitFor(() => expect(callsTo('POST', '/admin-deposit-request')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Submit Deposit' })).toBeTruthy());
    await submit(dialog);
    await waitFor(() => expect(callsTo('POST', '/admin-deposit-request')).toHaveLength(2));
    const [first, retry] = callsTo('POST', '/admin-deposit-request');
    expect(retry?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
    expect(retry?.body).toEqual({ amount: 500, accountId: BANK_RECEIVING._id, type: 'bank', txnRef: 'UTR-A' });
    // A different reference is a different deposit.
    answer = ok(makeDeposit(), MESSAGES.depositSubmitted);
    await userEvent.type(within(dialog).getByLabelText('Reference ID (UTR)'), 'B');
    await submit(dialog);
    await waitFor(() => expect(callsTo('POST', '/admin-deposit-request')).toHaveLength(3));
    expect(callsTo('POST', '/admin-deposit-request')[2]?.headers.get('Idempotency-Key')).not.toBe(
      first?.headers.get('Idempotency-Key'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends a screenshot instead of a reference, with a preview first', async () => {
    setViewport(true);
    const { callsTo } = stubFetch(
      routes({ 'POST /admin-deposit-request': ok(makeDeposit(), MESSAGES.depositSubmitted) }),
    );
    const dialog = await openModal('UPI');
    await userEvent.type(within(dialog).getByLabelText('Amount (₹)'), '750');
    const png = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'payment.png', { type: 'image/png' });
    await userEvent.upload(within(dialog).getByTestId('screenshot-input'), png);
    const preview = await within(dialog).findByTestId('screenshot-preview');
    expect(within(preview).getByText('payment.png')).toBeTruthy();
    await submit(dialog);
    await waitFor(() => expect(callsTo('POST', '/admin-deposit-request')).toHaveLength(1));
    const body = callsTo('POST', '/admin-deposit-request')[0]?.body as { baseImage?: string; txnRef?: string };
    expect(body.baseImage).toMatch(/^data:image\/png;base64,/);
    expect(body.txnRef).toBeUndefined();
  });
});

describe('a screenshot that is not an image (issue 31)', () => {
  it('refuses a PDF named .png at once, with a message, and keeps no preview', async () => {
    setViewport(true);
    stubFetch(routes({}));
    const dialog = await openModal('UPI');
    const pdf = new File([new TextEncoder().encode('%PDF-1.4 receipt')], 'receipt.png', { type: 'image/png' });
    await userEvent.upload(within(dialog).getByTestId('screenshot-input'), pdf);
    expect((await screen.findByTestId('toast')).textContent).toContain('Choose a PNG, JPEG or WebP image');
    expect(within(dialog).queryByTestId('screenshot-preview')).toBeNull();
  });
});

describe('deposit history and the Uploaded Screenshot viewer', () => {
  it('lists deposits with status badges and reasons, and opens the full screenshot with the bearer header', async () => {
    setViewport(true);
    const deposits = [
      makeDeposit({
        _id: 'd1',
        status: 'approved',
        screenShot: 'data:image/jpeg;base64,AAAA',
        screenShotUrl: '/api/v1/deposit-screenshot/d1',
      }),
      makeDeposit({
        _id: 'd2',
        status: 'rejected',
        reason: 'Payment not received',
        createdAt: '2026-11-20T11:00:00.000Z',
      }),
    ];
    const { fetchMock, callsTo } = stubFetch(routes({ 'GET /admin-deposit-request': ok(deposits) }));
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/v1/deposit-screenshot/d1') {
        return new Response(new Blob([new Uint8Array([255, 216, 255])], { type: 'image/jpeg' }), {
          headers: { 'Content-Type': 'image/jpeg' },
        });
      }
      return real(input, init);
    });
    const createObjectURL = vi.fn(() => 'blob:full-image');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderApp('/deposit');
    const rows = await screen.findAllByTestId('deposit-row');
    // Newest first.
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['rejected', 'approved']);
    expect(within(rows[0]!).getByTestId('status-badge').textContent).toBe('Rejected');
    expect(within(rows[0]!).getByTestId('deposit-reason').textContent).toBe('Reason: Payment not received');
    await userEvent.click(within(rows[1]!).getByRole('button', { name: /View screenshot/ }));
    const viewer = await screen.findByRole('dialog', { name: 'Uploaded Screenshot' });
    await waitFor(() =>
      expect(within(viewer).getByTestId('screenshot-full').getAttribute('src')).toBe('blob:full-image'),
    );
    const call = fetchMock.mock.calls.find(([input]) => String(input) === '/api/v1/deposit-screenshot/d1');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer token-1');
    expect(callsTo('GET', '/admin-deposit-request')[0]).toBeTruthy();
  });
});
