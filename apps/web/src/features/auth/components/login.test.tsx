import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@khel/contract';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { business, ok, stubFetch, transport } from '../../../testing/fetch-stub';
import { renderApp, setViewport, signIn } from '../../../testing/render-app';

const base = { 'GET /app-settings': ok(SETTINGS), 'GET /advertisement': ok([]) };

async function fillLogin(national: string, password: string) {
  await screen.findByRole('heading', { name: 'Login' });
  const form = screen.getByTestId('login-form');
  await userEvent.type(within(form).getByLabelText('Mobile No'), national);
  await userEvent.type(within(form).getByLabelText('Password'), password);
  await userEvent.click(within(form).getByRole('button', { name: 'Login' }));
  return form;
}

describe('Login', () => {
  it('reads like a product: "Forgot password?" and "New here? Sign up", no developer links', async () => {
    stubFetch(base);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    const card = screen.getByRole('heading', { name: 'Login' }).closest('.auth-card') as HTMLElement;
    expect(within(card).getByRole('button', { name: 'Forgot password?' })).toBeTruthy();
    const footer = within(card).getByText(/New here\?/);
    expect(footer.textContent).toBe('New here? Sign up');
    expect(within(card).queryByRole('link')).toBeNull();
    await userEvent.click(within(footer).getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('dialog', { name: 'Sign Up' })).toBeTruthy();
  });

  it('validates both fields', async () => {
    stubFetch(base);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    const form = screen.getByTestId('login-form');
    await userEvent.click(within(form).getByRole('button', { name: 'Login' }));
    expect(within(form).getByText(MESSAGES.mobileRequired)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.passwordRequired)).toBeTruthy();
  });

  it.each([
    [{}, '/slots'],
    [{ allowSlots: false }, '/'],
    [{ allowSlots: false, allowHome: false }, '/live-casino'],
    [{ allowSlots: false, allowHome: false, allowLiveCasino: false }, '/no-access'],
  ])('logs in and applies the landing redirect for %o → %s', async (flags, landing) => {
    const user = makeProfile(flags);
    const { callsTo } = stubFetch({
      ...base,
      'POST /login': ok(user, MESSAGES.loggedIn, { token: 't-9' }),
      'GET /getUserData': ok(user),
    });
    const app = renderApp('/login');
    await fillLogin('9876543210', 'sunrise-42');
    await waitFor(() => expect(app.location().pathname).toBe(landing));
    expect(callsTo('POST', '/login')[0]?.body).toEqual({ mobile_no: '919876543210', password: 'sunrise-42' });
    expect(window.localStorage.getItem('token')).toBe('t-9');
  });

  it('logs in with a username', async () => {
    const user = makeProfile();
    const { callsTo } = stubFetch({
      ...base,
      'POST /login': ok(user, MESSAGES.loggedIn, { token: 't-9' }),
      'GET /getUserData': ok(user),
    });
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await userEvent.click(screen.getByRole('button', { name: 'Username' }));
    await userEvent.type(screen.getByLabelText('Username'), 'asha01');
    await userEvent.type(screen.getByLabelText('Password'), 'sunrise-42');
    await userEvent.click(within(screen.getByTestId('login-form')).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(app.location().pathname).toBe('/slots'));
    expect(callsTo('POST', '/login')[0]?.body).toEqual({ username: 'asha01', password: 'sunrise-42' });
  });

  it('opens Verify Otp for an unverified phone (meta 403 PHONE_NOT_VERIFIED)', async () => {
    stubFetch({
      ...base,
      'POST /login': business(
        403,
        'Please verify your mobile number, we have sent you an OTP',
        { error: 'PHONE_NOT_VERIFIED' },
        { mobile_no: '919876543210' },
      ),
    });
    renderApp('/login');
    await fillLogin('9876543210', 'sunrise-42');
    const dialog = await screen.findByRole('dialog', { name: 'Verify Otp' });
    expect(within(dialog).getByTestId('otp-mobile').textContent).toBe('+91 98765 43210');
    expect(window.sessionStorage.getItem('mobile_no')).toBe('919876543210');
  });

  it('shows a wrong password as a warning toast', async () => {
    setViewport(true);
    stubFetch({
      ...base,
      'POST /login': business(400, 'Invalid mobile number or password', { error: 'INVALID_CREDENTIALS' }),
    });
    renderApp('/login');
    await fillLogin('9876543210', 'wrong-pass');
    const toast = await screen.findByTestId('toast');
    expect(toast.getAttribute('data-type')).toBe('warning');
    expect(toast.textContent).toContain('Invalid mobile number or password');
  });

  it('shows a rate limit (HTTP 429) as an error toast', async () => {
    setViewport(true);
    stubFetch({ ...base, 'POST /login': transport(429, 'Too many requests, please slow down') });
    renderApp('/login');
    await fillLogin('9876543210', 'x-pass-1');
    const toast = await screen.findByTestId('toast');
    expect(toast.getAttribute('data-type')).toBe('error');
  });
});

describe('Change Password', () => {
  async function openChangePassword() {
    const user = makeProfile();
    signIn(user, 'old-token');
    return user;
  }

  it('stores the new token and toasts Password Changed', async () => {
    setViewport(true);
    const user = await openChangePassword();
    const { callsTo } = stubFetch({
      ...base,
      'GET /getUserData': ok(user),
      'POST /change_password': ok(null, 'whatever', { token: 'new-token' }),
    });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    // The menu shows once its lazy parts are in (profile-menu.tsx).
    await userEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    const fields = ['Old Password', 'New Password', 'Confirm Password'].map(
      (label) => within(dialog).getByLabelText(label) as HTMLInputElement,
    );
    expect(fields.every((field) => field.required)).toBe(true);
    await userEvent.type(fields[0]!, 'old-pass-1');
    await userEvent.type(fields[1]!, 'new-pass-22');
    await userEvent.type(fields[2]!, 'new-pass-22');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    await screen.findByText(MESSAGES.passwordChanged);
    expect(callsTo('POST', '/change_password')[0]?.body).toEqual({
      old_password: 'old-pass-1',
      password: 'new-pass-22',
      confirm_password: 'new-pass-22',
    });
    expect(callsTo('POST', '/change_password')[0]?.headers.get('Authorization')).toBe('Bearer old-token');
    expect(window.localStorage.getItem('token')).toBe('new-token');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a failure in a red banner inside the modal', async () => {
    const user = await openChangePassword();
    stubFetch({
      ...base,
      'GET /getUserData': ok(user),
      'POST /change_password': business(400, 'Old password is incorrect', { error: 'WRONG_OLD_PASSWORD' }),
    });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    // The menu shows once its lazy parts are in (profile-menu.tsx).
    await userEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await userEvent.type(within(dialog).getByLabelText('Old Password'), 'bad');
    await userEvent.type(within(dialog).getByLabelText('New Password'), 'new-pass-22');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'new-pass-22');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect((await within(dialog).findByTestId('change-password-error')).textContent).toBe('Old password is incorrect');
    expect(window.localStorage.getItem('token')).toBe('old-token');
  });
});

describe('Forgot Password', () => {
  it('sends an OTP, then resets with OTP and the new password and goes to /login', async () => {
    setViewport(true);
    const { callsTo } = stubFetch({
      ...base,
      'POST /forgot-password': ok(null, MESSAGES.resetOtpSent),
      'POST /reset-password': ok(null, MESSAGES.passwordReset),
    });
    const app = renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot Password' });
    await userEvent.type(screen.getByLabelText('Mobile No'), '9876543210');
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByText(MESSAGES.resetOtpSent);
    const form = await screen.findByTestId('reset-password-form');
    await userEvent.click(within(form).getByRole('button', { name: 'Reset Password' }));
    expect(within(form).getByText(MESSAGES.otpRequired)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.passwordRequired)).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Digit 1 of 4'), '1234');
    await userEvent.type(within(form).getByLabelText('New Password'), 'brand-new-9');
    await userEvent.type(within(form).getByLabelText('Confirm Password'), 'brand-new-9');
    await userEvent.click(within(form).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(await screen.findByText(MESSAGES.passwordReset)).toBeTruthy();
    expect(callsTo('POST', '/forgot-password')[0]?.body).toEqual({ mobile_no: '919876543210' });
    expect(callsTo('POST', '/reset-password')[0]?.body).toEqual({
      mobile_no: '919876543210',
      otp: '1234',
      password: 'brand-new-9',
      confirm_password: 'brand-new-9',
    });
  });

  it('opens as a modal from the login form', async () => {
    stubFetch(base);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot Password' });
    expect(within(dialog).getByLabelText('Mobile No')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: 'Country code' }));
  });
});
