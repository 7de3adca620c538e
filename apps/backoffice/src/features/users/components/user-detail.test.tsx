import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackofficeUser, UserUpdateRequest } from '@khel/contract';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, backofficeUser, fail, ok, profile, stubApi } from '../../../testing/fake-api';

const PLAYER = backofficeUser();
const path = `/users/${PLAYER._id}`;

function stubDetail(role: number, target: BackofficeUser = PLAYER) {
  let current = target;
  return stubApi({
    'GET /app-settings': () => ok(SETTINGS),
    'GET /getUserData': () => ok(profile({ role })),
    'GET /backoffice/users/:id': () => ok(current),
    'PUT /backoffice/users/:id': (call) => {
      const body = call.body as UserUpdateRequest;
      if (body.suspended === true && !body.suspendedReason)
        return fail(400, 'Give a reason for the suspension', 'VALIDATION_FAILED');
      current = {
        ...current,
        ...body,
        suspendedReason: body.suspended === true ? (body.suspendedReason ?? null) : current.suspendedReason,
      };
      return ok(current, 'User updated');
    },
    'GET /backoffice/audit-log': () => ok({ items: [], total: 0 }),
  });
}

describe('user detail', () => {
  it('shows the role select to a director', async () => {
    stubDetail(1);
    renderApp(path, { token: 't' });
    expect(await screen.findByRole('heading', { name: 'Permissions' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeTruthy();
  });

  it('changes a role only after a confirmation that says what it grants', async () => {
    const api = stubDetail(1);
    renderApp(path, { token: 't' });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), '2');
    await user.click(screen.getByRole('button', { name: 'Save role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Demo Player' });
    expect(within(dialog).getByText('This gives Demo Player access to the back office.')).toBeTruthy();
    expect(api.callsTo('PUT', `/backoffice/users/${PLAYER._id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT', `/backoffice/users/${PLAYER._id}`)[0]?.body).toEqual({ role: 2 });
  });

  it('hides the role select from a support admin', async () => {
    stubDetail(2);
    renderApp(path, { token: 't' });
    expect(await screen.findByRole('heading', { name: 'Permissions' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Role' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Role' })).toBeNull();
    // The flags stay editable for a player account.
    expect((screen.getByRole('switch', { name: 'Slots' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('keeps a support admin away from operator accounts', async () => {
    stubDetail(2, backofficeUser({ role: 1, name: 'Other Director' }));
    renderApp(path, { token: 't' });
    expect(await screen.findByText('Only a director may change operator accounts.')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Slots' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Suspend…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('toggles a permission flag with one PUT of just that flag', async () => {
    const api = stubDetail(1);
    renderApp(path, { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Slots' }));
    await waitFor(() => expect(api.callsTo('PUT', `/backoffice/users/${PLAYER._id}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/backoffice/users/${PLAYER._id}`)[0]?.body).toEqual({ allowSlots: false });
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Slots' }) as HTMLInputElement).checked).toBe(false),
    );
    expect(await screen.findByText('User updated')).toBeTruthy();
  });

  it('needs a reason before it suspends', async () => {
    const api = stubDetail(1);
    renderApp(path, { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend…' }));

    const dialog = await screen.findByRole('dialog', { name: /Suspend Demo Player/ });
    const reason = within(dialog).getByLabelText('Reason');
    expect(document.activeElement).toBe(reason);
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Give a reason for the suspension')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT', `/backoffice/users/${PLAYER._id}`)).toHaveLength(0);

    // Blank space is not a reason either.
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(api.callsTo('PUT', `/backoffice/users/${PLAYER._id}`)).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, 'Chargeback fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT', `/backoffice/users/${PLAYER._id}`)[0]?.body).toEqual({
      suspended: true,
      suspendedReason: 'Chargeback fraud',
    });
    expect(await screen.findByText('Chargeback fraud')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unsuspend' })).toBeTruthy();
  });

  it('closes the suspend dialog with Escape and gives focus back', async () => {
    const api = stubDetail(1);
    renderApp(path, { token: 't' });
    const user = userEvent.setup();
    const opener = await screen.findByRole('button', { name: 'Suspend…' });
    await user.click(opener);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(api.callsTo('PUT', `/backoffice/users/${PLAYER._id}`)).toHaveLength(0);
  });

  it('shows the server refusal as an error toast', async () => {
    stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ role: 1 })),
      'GET /backoffice/users/:id': () => ok(PLAYER),
      'PUT /backoffice/users/:id': () =>
        fail(403, 'Only a director may change roles or operator accounts', 'FORBIDDEN'),
      'GET /backoffice/audit-log': () => ok({ items: [], total: 0 }),
    });
    renderApp(path, { token: 't' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Live casino' }));
    expect(await screen.findByText('Only a director may change roles or operator accounts')).toBeTruthy();
  });
});
