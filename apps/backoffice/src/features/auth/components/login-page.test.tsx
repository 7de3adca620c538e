import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render-app';
import { HttpFailure, SETTINGS, fail, ok, profile, stubApi } from '../../../testing/fake-api';
import { NOT_AN_OPERATOR_MESSAGE } from '../api/login';

async function fillAndSubmit(national: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Mobile number'), national);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('login page', () => {
  it('asks with the back-office audience, shows the refusal of a player account and keeps no token', async () => {
    const api = stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'POST /login': () => fail(403, 'This is not an operator account', 'FORBIDDEN'),
    });
    const { router } = renderApp('/login');
    await fillAndSubmit('9999900001', 'demo-player-1');

    expect(await screen.findByText(NOT_AN_OPERATOR_MESSAGE)).toBeTruthy();
    expect(api.callsTo('POST', '/login')[0]?.body).toEqual({
      mobile_no: '919999900001',
      password: 'demo-player-1',
      audience: 'backoffice',
    });
    // No session was opened, so there is nothing to log out.
    expect(api.callsTo('POST', '/logout')).toHaveLength(0);
    expect(window.localStorage.getItem('bo_token')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.callsTo('GET', '/getUserData')).toHaveLength(0);
  });

  it('signs an operator in, keeps the token under bo_token and opens the users page', async () => {
    window.localStorage.setItem('token', 'player-app-token');
    const api = stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'POST /login': () => ok(profile({ role: 1 }), 'Logged in', { token: 'operator-token' }),
      'GET /backoffice/second-factor': () =>
        ok({ required: true, enrolled: true, passed: true, recoveryCodesLeft: 10 }),
      'GET /getUserData': () => ok(profile({ role: 1 })),
      'GET /backoffice/users': () => ok({ items: [], total: 0 }),
    });
    const { router } = renderApp('/login');
    await fillAndSubmit('9999900000', 'demo-director-1');

    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/users');
    expect(window.localStorage.getItem('bo_token')).toBe('operator-token');
    // The player app's session is a different one and stays untouched.
    expect(window.localStorage.getItem('token')).toBe('player-app-token');
    await waitFor(() =>
      expect(api.callsTo('GET', '/backoffice/users')[0]?.authorization).toBe('Bearer operator-token'),
    );
  });

  it('checks the mobile number before calling the server and focuses the field', async () => {
    const api = stubApi({ 'GET /app-settings': () => ok(SETTINGS) });
    renderApp('/login');
    await fillAndSubmit('12345', 'whatever');

    const phone = screen.getByLabelText('Mobile number');
    expect(await screen.findByText('Enter a valid mobile number')).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(api.callsTo('POST', '/login')).toHaveLength(0);
  });

  it('uses the +1 country code when the US is chosen', async () => {
    const api = stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'POST /login': () => fail(400, 'Invalid mobile number or password', 'INVALID_CREDENTIALS'),
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Country code'), 'us');
    await fillAndSubmit('2025550123', 'wrong-password');

    expect(await screen.findByText('Invalid mobile number or password')).toBeTruthy();
    expect(api.callsTo('POST', '/login')[0]?.body).toEqual({
      mobile_no: '12025550123',
      password: 'wrong-password',
      audience: 'backoffice',
    });
  });
});

describe('session guard', () => {
  it('sends a visitor without a token to the login page', async () => {
    stubApi({ 'GET /app-settings': () => ok(SETTINGS) });
    const { router } = renderApp('/audit-log');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('goes back to login when the token is refused (HTTP 401)', async () => {
    stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => new HttpFailure(401, 'Please log in again'),
    });
    const { router } = renderApp('/users', { token: 'expired-token' });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('bo_token')).toBeNull();
    expect(await screen.findByText('Please log in again')).toBeTruthy();
  });

  it('goes back to login when the session ended (meta.code 401, account suspended)', async () => {
    stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ role: 1 })),
      'GET /backoffice/users': () => fail(401, 'Your account is suspended, please contact support', 'SESSION_ENDED'),
    });
    const { router } = renderApp('/users', { token: 'live-token' });
    expect(await screen.findByText('Your account is suspended, please contact support')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('bo_token')).toBeNull();
  });
});
