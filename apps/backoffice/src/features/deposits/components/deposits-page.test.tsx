import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render-app';
import { fail, ok, profile, shellReads, stubApi } from '../../../testing/fake-api';
import type { DeskDeposit } from '../api/get-deposits';

const ME = profile({ role: 1 })._id;
const OTHER_OPERATOR = '00000000-0000-4000-8000-0000000000aa';

function deposit(overrides: Partial<DeskDeposit> = {}): DeskDeposit {
  return {
    _id: '10000000-0000-4000-8000-000000000001',
    amount: 125000,
    type: 'upi',
    txnRef: 'UTR4455667788',
    screenShot: null,
    screenShotUrl: null,
    status: 'pending',
    reason: null,
    account: { _id: 'acc-1', type: 'upi', accountNumber: 'khel.demo@okaxis', accountHolderName: 'Khel Demo' },
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
    receivingAgent: null,
    ...overrides,
  };
}

/** A small desk: approve/reject change the stored deposit the way the server does. */
function stubDesk(initial: DeskDeposit[], options: { role?: number; secondApprovalAbove?: number } = {}) {
  let list = [...initial];
  const above = options.secondApprovalAbove ?? Infinity;
  const find = (path: string) => list.find((item) => path.includes(item._id));
  return stubApi({
    ...shellReads({ role: options.role ?? 1 }),
    'GET /backoffice/deposits': (call) => {
      const items = list.filter((item) => item.status === (call.query.get('status') ?? 'pending'));
      return ok({ items, total: items.length });
    },
    'POST /backoffice/deposits/:id/approve': (call) => {
      const found = find(call.path);
      if (found === undefined) return fail(404, 'Deposit not found', 'NOT_FOUND');
      if (found.status !== 'pending') return fail(409, 'This request has already been decided', 'ALREADY_DECIDED');
      if (found.amount > above && found.firstApprovedBy === ME)
        return fail(409, 'A second operator must approve this amount', 'SECOND_APPROVER_REQUIRED');
      const first = found.amount > above && found.firstApprovedBy === null;
      const next: DeskDeposit = first
        ? { ...found, awaitingSecondApproval: true, firstApprovedBy: ME }
        : {
            ...found,
            status: 'approved',
            awaitingSecondApproval: false,
            decidedAt: '2025-06-01T11:00:00.000Z',
            decidedBy: ME,
          };
      list = list.map((item) => (item._id === found._id ? next : item));
      return ok(
        next,
        first
          ? `First approval recorded: a second operator must approve ₹${found.amount}`
          : 'Deposit approved, the wallet is credited',
      );
    },
    // What the approver sees (issue 24): the first approver's total and what else waits for the player.
    'GET /backoffice/deposits/:id/context': (call) => {
      const found = find(call.path);
      const first = found?.firstApprovedBy ?? null;
      return ok({
        indiaDate: '2025-06-01',
        totalOf: first === null ? { by: ME, byName: 'Demo Director' } : { by: first, byName: 'Asha Support' },
        requesterTotalToday: first === null ? 0 : 45_000,
        firstApproval: first === null ? null : { by: first, byName: 'Asha Support', at: '2025-06-01T10:05:00.000Z' },
        otherWaiting: [
          {
            kind: 'withdrawal',
            _id: '10000000-0000-4000-8000-0000000000ff',
            amount: -20_000,
            requestedByName: 'Ravi Kumar',
            createdAt: '2025-06-01T10:01:00.000Z',
          },
        ],
      });
    },
    'POST /backoffice/deposits/:id/reject': (call) => {
      const found = find(call.path);
      const reason = (call.body as { reason?: string } | undefined)?.reason ?? '';
      if (reason.trim() === '') return fail(400, 'Give a reason', 'VALIDATION_FAILED');
      if (found === undefined || found.status !== 'pending')
        return fail(409, 'This request has already been decided', 'ALREADY_DECIDED');
      const next: DeskDeposit = { ...found, status: 'rejected', reason, decidedAt: '2025-06-01T11:00:00.000Z' };
      list = list.map((item) => (item._id === found._id ? next : item));
      return ok(next, 'Deposit rejected');
    },
  });
}

describe('deposits desk', () => {
  it('lists a pending deposit with its player, amount in Indian grouping, reference and receiving account', async () => {
    stubDesk([deposit()]);
    renderApp('/deposits', { token: 't' });
    const row = (await screen.findByText('Ravi Kumar')).closest('tr') as HTMLElement;
    expect(within(row).getByText('₹1,25,000.00')).toBeTruthy();
    expect(within(row).getByText('UTR4455667788')).toBeTruthy();
    expect(within(row).getByText('khel.demo@okaxis')).toBeTruthy();
    expect(within(row).getByText('+91 98765 43210')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Ravi Kumar' }).getAttribute('href')).toBe(
      '/users/00000000-0000-4000-8000-000000000002',
    );
    // The play-money label and the pending count on the tab and in the navigation.
    expect(screen.getByText(/Balances are play chips/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: /Pending/ }).textContent).toBe('Pending1'));
    expect(
      within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: /Deposits.*1 pending/ }),
    ).toBeTruthy();
  });

  it("offers no decision on the operator's own request (separation of duties)", async () => {
    stubDesk([
      deposit({ player: { _id: ME, name: 'Demo Director', username: 'director', mobile_no: '919999900000' } }),
    ]);
    renderApp('/deposits', { token: 't' });
    const row = (await screen.findByRole('link', { name: 'Demo Director' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('You cannot act on your own account or on a request you made.')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /^Reject/ })).toBeNull();
  });

  it("shows a deposit paid into an agent's account read-only to an operator, and decidable by the agent", async () => {
    const agentDeposit = deposit({
      receivingAgent: { _id: '00000000-0000-4000-8000-0000000000ag', name: 'Asha Agent' },
    });
    stubDesk([agentDeposit]);
    const view = renderApp('/deposits', { token: 't' });
    let row = (await screen.findByText('Ravi Kumar')).closest('tr') as HTMLElement;
    expect(within(row).getByText("Paid into Asha Agent's account: that agent decides it")).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /^Reject/ })).toBeNull();
    view.unmount();

    stubDesk([agentDeposit], { role: 3 });
    renderApp('/deposits', { token: 't' });
    row = (await screen.findByText('Ravi Kumar')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: /^Approve the deposit/ })).toBeTruthy();
  });

  it('approves only after confirmation, says what the server said and refreshes the queue', async () => {
    const api = stubDesk([deposit()]);
    renderApp('/deposits', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Approve the deposit of ₹1,25,000.00 by Ravi Kumar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this deposit' });
    expect(within(dialog).getByText('UTR4455667788')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Approve the deposit/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST', `/backoffice/deposits/${deposit()._id}/approve`)).toHaveLength(1));
    expect(await screen.findByText('Deposit approved, the wallet is credited')).toBeTruthy();
    expect(await screen.findByText('No deposits wait for a decision')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks a first approval with the second-approval badge and keeps the same operator from approving again', async () => {
    const api = stubDesk([deposit({ amount: 60000 })], { secondApprovalAbove: 50000 });
    renderApp('/deposits', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Approve the deposit/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/First approval recorded: a second operator must approve/)).toBeTruthy();

    const row = (await screen.findByText('Needs second approval')).closest('tr') as HTMLElement;
    expect(within(row).getByText('You gave the first approval; another operator must approve.')).toBeTruthy();
    expect((within(row).getByRole('button', { name: /^Approve the deposit/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    // Rejecting stays possible.
    expect((within(row).getByRole('button', { name: /^Reject the deposit/ }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(api.callsTo('POST', `/backoffice/deposits/${deposit()._id}/approve`)).toHaveLength(1);
  });

  it("lets a second operator complete another operator's first approval", async () => {
    const api = stubDesk([deposit({ amount: 60000, awaitingSecondApproval: true, firstApprovedBy: OTHER_OPERATOR })], {
      secondApprovalAbove: 50000,
    });
    renderApp('/deposits', { token: 't' });
    const user = userEvent.setup();
    const row = (await screen.findByText('Needs second approval')).closest('tr') as HTMLElement;
    expect(within(row).queryByText(/You gave the first approval/)).toBeNull();
    await user.click(within(row).getByRole('button', { name: /^Approve the deposit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Give the second approval' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Deposit approved, the wallet is credited')).toBeTruthy();
    expect(api.callsTo('POST', `/backoffice/deposits/${deposit()._id}/approve`)).toHaveLength(1);
  });

  it("shows the second approver the first approval, the first approver's total for the player that day and what else waits", async () => {
    const api = stubDesk([deposit({ amount: 60000, awaitingSecondApproval: true, firstApprovedBy: OTHER_OPERATOR })], {
      secondApprovalAbove: 50000,
    });
    renderApp('/deposits', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Approve the deposit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Give the second approval' });
    expect((await within(dialog).findByTestId('first-approval')).textContent).toContain('Asha Support');
    expect(within(dialog).getByText("Asha Support's total for this account on 2025-06-01")).toBeTruthy();
    expect(within(dialog).getByTestId('requester-total').textContent).toContain('₹45,000.00');
    expect(within(dialog).getByTestId('other-waiting').textContent).toMatch(
      /Withdrawal\s*-₹20,000\.00\s*by Ravi Kumar/,
    );
    expect(api.callsTo('GET', `/backoffice/deposits/${deposit()._id}/context`)).toHaveLength(1);
    expect(api.callsTo('POST', `/backoffice/deposits/${deposit()._id}/approve`)).toHaveLength(0);
  });

  it('before a first approval, the approver sees its own total for the player and that none was given yet', async () => {
    stubDesk([deposit()]);
    renderApp('/deposits', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Approve the deposit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this deposit' });
    expect((await within(dialog).findByTestId('first-approval')).textContent).toBe('None yet');
    expect(within(dialog).getByText("Demo Director's total for this account on 2025-06-01")).toBeTruthy();
  });

  it('rejects only with a reason', async () => {
    const api = stubDesk([deposit()]);
    renderApp('/deposits', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Reject the deposit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this deposit' });
    const reason = within(dialog).getByLabelText('Reason');
    expect(document.activeElement).toBe(reason);

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(api.callsTo('POST', `/backoffice/deposits/${deposit()._id}/reject`)).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, '  No such payment in the account ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.callsTo('POST', `/backoffice/deposits/${deposit()._id}/reject`)).toHaveLength(1));
    expect(api.callsTo('POST', `/backoffice/deposits/${deposit()._id}/reject`)[0]?.body).toEqual({
      reason: 'No such payment in the account',
    });
    expect(await screen.findByText('Deposit rejected')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The rejected tab shows it with its reason, and the URL keeps the tab.
    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    expect(await screen.findByText('No such payment in the account')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Rejected' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says when another operator decided first and shows the fresh queue', async () => {
    stubApi({
      ...shellReads({ role: 2 }),
      'GET /backoffice/deposits': () => ok({ items: [deposit()], total: 1 }),
      'POST /backoffice/deposits/:id/approve': () =>
        fail(409, 'This request has already been decided', 'ALREADY_DECIDED'),
    });
    const { queryClient } = renderApp('/deposits', { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Approve the deposit/ }));
    const refetch = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This request has already been decided')).toBeTruthy();
    await waitFor(() => expect(refetch).toHaveBeenCalledWith({ queryKey: ['deposits'] }));
  });

  describe('screenshots', () => {
    const created: string[] = [];
    beforeEach(() => {
      Object.assign(URL, { createObjectURL: vi.fn(() => `blob:shot-${created.push('x')}`), revokeObjectURL: vi.fn() });
    });
    afterEach(() => {
      created.length = 0;
    });

    it('shows the thumbnail and fetches the full image with the bearer header', async () => {
      const withShot = deposit({
        txnRef: null,
        screenShot: 'data:image/jpeg;base64,AAAA',
        screenShotUrl: `/api/v1/deposit-screenshot/${deposit()._id}`,
      });
      const api = stubApi({
        ...shellReads({ role: 1 }),
        'GET /backoffice/deposits': () => ok({ items: [withShot], total: 1 }),
        'GET /deposit-screenshot/:id': () =>
          new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), {
            headers: { 'Content-Type': 'image/jpeg' },
          }),
      });
      renderApp('/deposits', { token: 'operator-token' });
      const user = userEvent.setup();
      const thumb = await screen.findByRole('button', {
        name: /View the screenshot of the deposit of ₹1,25,000.00 by Ravi Kumar/,
      });
      expect(thumb.querySelector('img')?.getAttribute('src')).toBe('data:image/jpeg;base64,AAAA');
      expect(screen.getByText('No reference id')).toBeTruthy();
      await user.click(thumb);
      const dialog = await screen.findByRole('dialog');
      const image = await within(dialog).findByRole('img', { name: 'Payment screenshot' });
      await waitFor(() => expect(image.getAttribute('src')).toBe('blob:shot-1'));
      expect(api.callsTo('GET', `/deposit-screenshot/${deposit()._id}`)[0]?.authorization).toBe(
        'Bearer operator-token',
      );
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:shot-1');
    });

    it('decides from the screenshot dialog', async () => {
      const withShot = deposit({
        screenShot: 'data:image/jpeg;base64,AAAA',
        screenShotUrl: `/api/v1/deposit-screenshot/${deposit()._id}`,
      });
      const api = stubDesk([withShot]);
      renderApp('/deposits', { token: 't' });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: /View the screenshot/ }));
      const viewer = await screen.findByRole('dialog', { name: /^Screenshot/ });
      await user.click(within(viewer).getByRole('button', { name: 'Approve…' }));
      const confirm = await screen.findByRole('dialog', { name: 'Approve this deposit' });
      expect(document.activeElement?.textContent).toBe('Cancel');
      await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
      await waitFor(() => expect(api.callsTo('POST', `/backoffice/deposits/${deposit()._id}/approve`)).toHaveLength(1));
    });
  });
});
