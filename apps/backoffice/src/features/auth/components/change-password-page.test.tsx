import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, fail, ok, profile, stubApi } from '../../../testing/fake-api';

const FORCED = 'Choose a new password of your own to continue';

/** Like the server: every back-office call of the first session is refused until the password is the holder's own. */
function stub() {
  const refuse = (call: { authorization: string | null }) =>
    call.authorization === 'Bearer first'
      ? fail(403, FORCED, 'PASSWORD_CHANGE_REQUIRED')
      : fail(403, 'Enter the code from your authenticator app to continue', 'SECOND_FACTOR_REQUIRED');
  return stubApi({
    'GET /app-settings': () => ok(SETTINGS),
    'GET /getUserData': () => ok(profile({ role: 3 })),
    'GET /backoffice/deposits': refuse,
    'GET /backoffice/withdrawals': refuse,
    'GET /backoffice/second-factor': () => ok({ required: true, enrolled: true, passed: false, recoveryCodesLeft: 10 }),
    'POST /change_password': (call) =>
      (call.body as { old_password: string }).old_password === 'upline-chose-1'
        ? ok(null, 'Password Changed', { token: 'second' })
        : fail(400, 'Old password is incorrect', 'WRONG_OLD_PASSWORD'),
  });
}

describe('own password (decision 0050)', () => {
  it('an agent whose upline chose the password is held on the forced screen until it chooses its own', async () => {
    const api = stub();
    const { router } = renderApp('/users', { token: 'first' });
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/change-password');
    expect(screen.getByText(/Your upline chose the password/)).toBeTruthy();
    const user = userEvent.setup();
    // The contract's checks, before anything travels.
    await user.type(screen.getByLabelText('Current password'), 'upline-chose-1');
    await user.type(screen.getByLabelText('New password'), 'my-own-monsoon-77');
    await user.type(screen.getByLabelText('Confirm new password'), 'my-own-monsoon-78');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(api.callsTo('POST', '/change_password')).toHaveLength(0);
    // A wrong current password is the server's message.
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'my-own-monsoon-77');
    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'a-guess-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Old password is incorrect')).toBeTruthy();
    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'upline-chose-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(api.callsTo('POST', '/change_password')).toHaveLength(2));
    expect(api.callsTo('POST', '/change_password')[1]?.body).toEqual({
      old_password: 'upline-chose-1',
      password: 'my-own-monsoon-77',
      confirm_password: 'my-own-monsoon-77',
    });
    // The change ended every session: the new token passes the second factor like any sign-in.
    await waitFor(() => expect(router.state.location.pathname).toBe('/second-factor'));
    expect(api.callsTo('GET', '/backoffice/deposits').at(-1)?.authorization).toBe('Bearer second');
  });
});
