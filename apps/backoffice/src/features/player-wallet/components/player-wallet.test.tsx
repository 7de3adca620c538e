import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StatementLine } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { backofficeUser, ok, profile, shellReads, stubApi } from '../../../testing/fake-api';
import type { Adjustment } from '../api/adjustments';

const PLAYER = backofficeUser();
const ME = profile()._id;
const path = `/users/${PLAYER._id}`;

function line(id: string, amount: number, balance: number, description: string, kind = 'deposit'): StatementLine {
  return {
    _id: id,
    createdAt: `2025-06-0${id}T10:00:00.000Z`,
    kind,
    description,
    amount,
    credit: Math.max(amount, 0),
    debit: Math.max(-amount, 0),
    balance,
  };
}

function stubWallet(options: { adjustments?: Adjustment[]; secondApprovalAbove?: number; self?: boolean } = {}) {
  let adjustments = [...(options.adjustments ?? [])];
  let lines = [
    line('1', 10000, 10000, 'Welcome play chips', 'play_chips_grant'),
    line('2', 150000, 160000, 'Deposit by UPI, ref UTR1'),
  ];
  const above = options.secondApprovalAbove ?? Infinity;
  return stubApi({
    ...shellReads({ role: 1 }),
    'GET /backoffice/users/:id': () => ok(options.self === true ? { ...PLAYER, _id: ME } : PLAYER),
    'GET /backoffice/audit-log': () => ok({ items: [], total: 0 }),
    'GET /backoffice/users/:id/ledger': (call) => {
      const shown = call.query.get('wallet') === 'bonus' ? [] : lines;
      return ok({ openingBalance: 0, closingBalance: shown.at(-1)?.balance ?? 0, lines: shown });
    },
    'GET /backoffice/users/:id/adjustments': () => ok(adjustments),
    'POST /backoffice/users/:id/adjustments': (call) => {
      const body = call.body as { wallet: 'main' | 'bonus'; amount: number; reason: string };
      const pending = Math.abs(body.amount) > above;
      const created: Adjustment = {
        _id: `adj-${adjustments.length + 1}`,
        ...body,
        status: pending ? 'pending' : 'applied',
        requestedBy: ME,
        approvedBy: pending ? null : ME,
        createdAt: '2025-06-05T10:00:00.000Z',
      };
      adjustments = [created, ...adjustments];
      if (!pending)
        lines = [
          ...lines,
          line(
            '5',
            body.amount,
            (lines.at(-1)?.balance ?? 0) + body.amount,
            `Adjustment: ${body.reason}`,
            'adjustment',
          ),
        ];
      return ok(created, pending ? 'Adjustment waits for a second operator' : 'Adjustment applied');
    },
    'GET /backoffice/adjustments/:id/context': (call) => {
      const found = adjustments.find((item) => item._id === call.path.split('/')[3]);
      return ok({
        indiaDate: '2025-06-04',
        totalOf: { by: found?.requestedBy ?? '', byName: 'Asha Support' },
        requesterTotalToday: 30_000,
        firstApproval: { by: found?.requestedBy ?? '', byName: 'Asha Support', at: found?.createdAt ?? '' },
        otherWaiting: [],
      });
    },
    'POST /backoffice/adjustments/:id/approve': (call) => {
      const id = call.path.split('/')[3];
      adjustments = adjustments.map((item) =>
        item._id === id ? { ...item, status: 'applied', approvedBy: ME } : item,
      );
      return ok(
        adjustments.find((item) => item._id === id),
        'Adjustment applied',
      );
    },
  });
}

describe("a player's wallet on the user page", () => {
  it("offers no adjustment and no decision on the operator's own account (separation of duties)", async () => {
    const other = '00000000-0000-4000-8000-0000000000ee';
    stubWallet({
      self: true,
      adjustments: [
        {
          _id: 'adj-mine',
          wallet: 'main',
          amount: 70000,
          reason: 'For me',
          status: 'pending',
          requestedBy: other,
          approvedBy: null,
          createdAt: '2025-06-04T10:00:00.000Z',
        },
      ],
    });
    renderApp(`/users/${ME}`, { token: 't' });
    const section = await screen.findByRole('region', { name: 'Manual adjustments' });
    // One note above the (hidden) form, one on the pending adjustment in place of its decision.
    await within(section).findByText('For me');
    expect(within(section).getAllByText('You cannot act on your own account or on a request you made.')).toHaveLength(
      2,
    );
    expect(within(section).queryByRole('form', { name: 'New adjustment' })).toBeNull();
    expect(within(section).queryByRole('button', { name: /^Approve the adjustment/ })).toBeNull();
  });

  it('shows the ledger newest first with opening and closing balances, by wallet and dates', async () => {
    const api = stubWallet();
    renderApp(path, { token: 't' });
    const ledger = await screen.findByRole('region', { name: 'Ledger' });
    const rows = await within(ledger).findAllByRole('row');
    expect(rows[1]?.textContent).toContain('Deposit by UPI, ref UTR1');
    expect(rows[2]?.textContent).toContain('Welcome play chips');
    expect(within(ledger).getAllByText('₹1,60,000.00').length).toBeGreaterThan(0);
    expect(within(ledger).getByText('Play chips grant')).toBeTruthy();
    expect(screen.getAllByText(/Balances are play chips/).length).toBeGreaterThan(0);

    const user = userEvent.setup();
    await user.selectOptions(within(ledger).getByLabelText('Wallet'), 'bonus');
    expect(await within(ledger).findByText('No movements in this period')).toBeTruthy();
    expect(api.callsTo('GET', `/backoffice/users/${PLAYER._id}/ledger`).at(-1)?.query.get('wallet')).toBe('bonus');

    const asked = api.callsTo('GET', `/backoffice/users/${PLAYER._id}/ledger`).length;
    await user.type(within(ledger).getByLabelText('To'), '2025-06-01');
    await user.type(within(ledger).getByLabelText('From'), '2025-06-10');
    expect(await within(ledger).findByText('The start date must not be after the end date')).toBeTruthy();
    // The reversed range was never asked for; only the end date alone was.
    const dates = api
      .callsTo('GET', `/backoffice/users/${PLAYER._id}/ledger`)
      .slice(asked)
      .map((call) => [call.query.get('start_date'), call.query.get('end_date')]);
    expect(dates).toEqual([[null, '2025-06-01']]);
  });

  it('needs a reason, confirms a debit as a negative amount and shows it in the ledger', async () => {
    const api = stubWallet();
    renderApp(path, { token: 't' });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New adjustment' });
    await user.click(within(form).getByLabelText(/Debit/));
    await user.type(within(form).getByLabelText('Amount (₹)'), '250.50');
    await user.click(within(form).getByRole('button', { name: 'Review adjustment' }));
    expect(await within(form).findByText('Give a reason')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(within(form).getByLabelText('Reason'), 'Duplicate bonus credited');
    await user.click(within(form).getByRole('button', { name: 'Review adjustment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Debit this wallet?' });
    expect(dialog.textContent).toContain('Take ₹250.50 from the main wallet of Demo Player.');
    await user.click(within(dialog).getByRole('button', { name: 'Debit' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/backoffice/users/${PLAYER._id}/adjustments`)[0]?.body).toEqual({
        wallet: 'main',
        amount: -250.5,
        reason: 'Duplicate bonus credited',
      }),
    );
    expect(await screen.findByText('Adjustment applied')).toBeTruthy();
    const ledger = screen.getByRole('region', { name: 'Ledger' });
    expect(await within(ledger).findByText('Adjustment: Duplicate bonus credited')).toBeTruthy();
    expect((within(form).getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe('');
  });

  it('keeps a large adjustment pending and lets only another operator approve it', async () => {
    const other = '00000000-0000-4000-8000-0000000000aa';
    const api = stubWallet({
      secondApprovalAbove: 50000,
      adjustments: [
        {
          _id: 'adj-other',
          wallet: 'bonus',
          amount: 80000,
          reason: 'VIP promotion',
          status: 'pending',
          requestedBy: other,
          approvedBy: null,
          createdAt: '2025-06-04T10:00:00.000Z',
        },
      ],
    });
    renderApp(path, { token: 't' });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New adjustment' });
    await user.type(within(form).getByLabelText('Amount (₹)'), '60000');
    await user.type(within(form).getByLabelText('Reason'), 'Large goodwill credit');
    await user.click(within(form).getByRole('button', { name: 'Review adjustment' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Credit this wallet?' })).getByRole('button', {
        name: 'Credit',
      }),
    );
    expect(await screen.findByText('Adjustment waits for a second operator')).toBeTruthy();

    const mine = (await screen.findByText('Large goodwill credit')).closest('tr') as HTMLElement;
    expect(within(mine).getByText('Needs second approval')).toBeTruthy();
    expect(within(mine).getByText('You requested it; another operator must approve or reject it.')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: /^Approve/ })).toBeNull();

    const theirs = screen.getByText('VIP promotion').closest('tr') as HTMLElement;
    await user.click(within(theirs).getByRole('button', { name: 'Approve the adjustment of ₹80,000.00' }));
    // The second approver sees it in context first (issue 24): who asked, their total that day, what else waits.
    const dialog = await screen.findByRole('dialog', { name: 'Approve this adjustment?' });
    expect((await within(dialog).findByTestId('first-approval')).textContent).toContain('Asha Support');
    expect(within(dialog).getByText("Asha Support's total for this account on 2025-06-04")).toBeTruthy();
    expect(within(dialog).getByTestId('requester-total').textContent).toContain('₹30,000.00');
    expect(within(dialog).getByTestId('other-waiting-none')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST', '/backoffice/adjustments/adj-other/approve')).toHaveLength(1));
    expect(await within(theirs).findByText('Applied')).toBeTruthy();
  });
});
