import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TreeMove } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { backofficeUser, fail, ok, profile, shellReads, stubApi } from '../../../testing/fake-api';

const ME = '00000000-0000-4000-8000-000000000001';
const ASKER = '00000000-0000-4000-8000-000000000002';
const MOVE = '00000000-0000-4000-8000-000000000009';
const party = (id: string, name: string, role: number) => ({ _id: id, name, username: name.toLowerCase(), role });
const SUB = party('00000000-0000-4000-8000-00000000000a', 'Sub', 3);
const FROM = party('00000000-0000-4000-8000-00000000000b', 'Arjun', 3);
const TO = party('00000000-0000-4000-8000-00000000000c', 'Bhavna', 3);

const waiting: TreeMove = {
  _id: MOVE,
  account: SUB,
  from: FROM,
  to: TO,
  downlineCount: 4,
  creditRef: 0,
  reason: 'Bhavna took the clients over',
  status: 'pending',
  requestedBy: ASKER,
  requestedByName: 'Dev Director',
  createdAt: '2026-11-28T06:30:00.000Z',
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  decisionNote: null,
  effectiveWeek: null,
};
const base = {
  ...shellReads(),
  'GET /backoffice/house-money': () => ok({ items: [], total: 0 }),
};

describe('tree moves (decision 0066)', () => {
  it('a second operator confirms a move; the queue says when the statements follow', async () => {
    let status: TreeMove['status'] = 'pending';
    const api = stubApi({
      ...base,
      'GET /getUserData': () => ok(profile({ _id: ME, name: 'Second Operator', role: 2 })),
      'GET /backoffice/tree-moves': (call) =>
        ok(
          call.query.get('status') === status ? { items: [{ ...waiting, status }], total: 1 } : { items: [], total: 0 },
        ),
      [`POST /backoffice/tree-moves/${MOVE}/confirm`]: () => {
        status = 'confirmed';
        return ok({ ...waiting, status, effectiveWeek: '2026-11-30' }, 'Confirmed: the account moved');
      },
    });
    renderApp('/tree-moves', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Tree moves' });
    expect(within(table).getByText('with 4 below')).toBeTruthy();
    expect(within(table).getByText('Bhavna took the clients over')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Sub' });
    expect(dialog.textContent).toMatch(/This week.s statement stays with Arjun; from next Monday they follow Bhavna/);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the move' }));
    await waitFor(() => expect(api.callsTo('POST', `/backoffice/tree-moves/${MOVE}/confirm`)).toHaveLength(1));
  });

  it('the director who asked sees its own move without Confirm or Reject', async () => {
    stubApi({
      ...base,
      'GET /getUserData': () => ok(profile({ _id: ASKER, name: 'Dev Director', role: 1 })),
      'GET /backoffice/tree-moves': () => ok({ items: [waiting], total: 1 }),
    });
    renderApp('/tree-moves', { token: 't' });
    const table = await screen.findByRole('table', { name: 'Tree moves' });
    expect(within(table).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it("a director asks to move an agent from its page, and sees the server's refusal", async () => {
    const agent = backofficeUser({ ...SUB, uplineId: FROM._id, role: 3 });
    let refuse = true;
    const api = stubApi({
      ...base,
      'GET /getUserData': () => ok(profile({ _id: ME, name: 'Dev Director', role: 1 })),
      'GET /backoffice/audit-log': () => ok({ items: [], total: 0 }),
      'GET /backoffice/users/:id': () => ok(agent),
      'GET /backoffice/users': () =>
        ok({ items: [backofficeUser({ ...TO, uplineId: ME }), backofficeUser({ ...FROM, uplineId: ME })], total: 2 }),
      'POST /backoffice/users/:id/move': () => {
        if (refuse) {
          refuse = false;
          return fail(
            422,
            "The agent's rates are above the new upline's own: lower them first",
            'AGENT_RATE_ABOVE_UPLINE',
          );
        }
        return ok(waiting, 'Move asked: a second operator must confirm it');
      },
    });
    renderApp(`/users/${SUB._id}`, { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move to another upline' }));
    const form = await screen.findByRole('form', { name: 'Move to another upline' });
    await user.type(within(form).getByLabelText('Find the new upline'), 'bh');
    const select = within(form).getByLabelText('New upline');
    // The current upline is not offered.
    await within(form).findByRole('option', { name: /Bhavna/ });
    expect(within(form).queryByRole('option', { name: /Arjun/ })).toBeNull();
    await user.selectOptions(select, TO._id);
    await user.type(within(form).getByLabelText('Reason'), 'Bhavna took the clients over');
    await user.click(within(form).getByRole('button', { name: 'Ask to move' }));
    expect(
      await within(form).findByText("The agent's rates are above the new upline's own: lower them first"),
    ).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Ask to move' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Move to another upline' })).toBeNull());
    expect(api.callsTo('POST', `/backoffice/users/${SUB._id}/move`).at(-1)?.body).toEqual({
      uplineId: TO._id,
      reason: 'Bhavna took the clients over',
    });
  });
});
