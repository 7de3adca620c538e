import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, backofficeUser, ok, profile, stubApi } from '../../../testing/fake-api';

const SUPPORT = backofficeUser({ _id: '00000000-0000-4000-8000-000000000003', name: 'Anil Rao', role: 2 });

function stub(viewerRole: number, target = SUPPORT) {
  return stubApi({
    'GET /app-settings': () => ok(SETTINGS),
    'GET /getUserData': () => ok(profile({ role: viewerRole })),
    'GET /backoffice/users/:id': () => ok(target),
    'GET /backoffice/audit-log': () => ok({ items: [], total: 0 }),
    'POST /backoffice/users/:id/second-factor/reset': () =>
      ok(null, 'Two-step sign-in reset: the operator sets it up again at the next sign-in'),
  });
}

describe("resetting an operator's second factor", () => {
  it('lets a director reset another operator with a reason', async () => {
    const api = stub(1);
    renderApp(`/users/${SUPPORT._id}`, { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset two-step sign-in…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step sign-in of Anil Rao' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    expect(api.callsTo('POST', `/backoffice/users/${SUPPORT._id}/second-factor/reset`)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox'), 'Lost phone');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(
      await screen.findByText('Two-step sign-in reset: the operator sets it up again at the next sign-in'),
    ).toBeTruthy();
    expect(api.callsTo('POST', `/backoffice/users/${SUPPORT._id}/second-factor/reset`)[0]?.body).toEqual({
      reason: 'Lost phone',
    });
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('is not offered to a support admin, for a player, or on one’s own page', async () => {
    stub(2);
    const first = renderApp(`/users/${SUPPORT._id}`, { token: 't' });
    expect(await screen.findByText('Anil Rao', { selector: 'h1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset two-step sign-in…' })).toBeNull();
    first.unmount();

    stub(1, backofficeUser());
    const second = renderApp(`/users/${backofficeUser()._id}`, { token: 't' });
    expect(await screen.findByText('Demo Player', { selector: 'h1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset two-step sign-in…' })).toBeNull();
    second.unmount();

    const me = backofficeUser({ _id: profile()._id, name: 'Demo Director', role: 1 });
    stub(1, me);
    renderApp(`/users/${me._id}`, { token: 't' });
    expect(await screen.findByText('Demo Director', { selector: 'h1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset two-step sign-in…' })).toBeNull();
  });
});
