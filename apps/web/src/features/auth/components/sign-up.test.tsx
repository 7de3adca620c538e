import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@khel/contract';
import { SETTINGS } from '../../../testing/fixtures';
import { business, ok, stubFetch } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const base = { 'GET /app-settings': ok(SETTINGS), 'GET /advertisement': ok([]) };

async function openRegister() {
  renderApp('/register');
  await screen.findByRole('heading', { name: 'Sign Up' });
  return screen.getByTestId('sign-up-form');
}

describe('Sign Up (spec §5)', () => {
  it('shows every required message word for word on an empty submit', async () => {
    const { calls } = stubFetch(base);
    const form = await openRegister();
    await userEvent.click(within(form).getByRole('button', { name: 'Sign Up' }));
    for (const message of [
      MESSAGES.nameRequired,
      MESSAGES.mobileRequired,
      MESSAGES.passwordRequired,
      MESSAGES.confirmPasswordRequired,
      MESSAGES.ageConfirmRequired,
    ]) {
      expect(within(form).getByText(message)).toBeTruthy();
    }
    const name = within(form).getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(within(form).getByText(MESSAGES.nameRequired).id);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls.filter((call) => call.path === '/signUp')).toHaveLength(0);
  });

  it('says Passwords do not match when the two differ', async () => {
    stubFetch(base);
    const form = await openRegister();
    await userEvent.type(within(form).getByLabelText('Password'), 'sunrise-42');
    await userEvent.type(within(form).getByLabelText('Confirm Password'), 'sunrise-43');
    await userEvent.click(within(form).getByRole('button', { name: 'Sign Up' }));
    expect(within(form).getByText(MESSAGES.passwordsDoNotMatch)).toBeTruthy();
  });

  it('offers only India and US country codes', async () => {
    stubFetch(base);
    const form = await openRegister();
    const select = within(form).getByRole('combobox', { name: 'Country code' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['IN +91', 'US +1']);
  });

  it('on meta 200 keeps the number in sessionStorage and opens Verify Otp', async () => {
    const { callsTo } = stubFetch({ ...base, 'POST /signUp': ok(null, MESSAGES.signedUp) });
    const form = await openRegister();
    await userEvent.type(within(form).getByLabelText('Name'), 'Asha');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Country code' }), 'us');
    await userEvent.type(within(form).getByLabelText('Mobile No'), '2025550123');
    await userEvent.type(within(form).getByLabelText('Password'), 'sunrise-42');
    await userEvent.type(within(form).getByLabelText('Confirm Password'), 'sunrise-42');
    await userEvent.type(within(form).getByLabelText(/Referral Code/), 'FRIEND1');
    await userEvent.click(within(form).getByRole('checkbox'));
    await userEvent.click(within(form).getByRole('button', { name: 'Sign Up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Otp' });
    expect(within(dialog).getByTestId('otp-mobile').textContent).toBe('+1 20255 50123');
    expect(callsTo('POST', '/signUp')[0]?.body).toEqual({
      name: 'Asha',
      mobile_no: '12025550123',
      password: 'sunrise-42',
      confirmPassword: 'sunrise-42',
      affiliateCode: 'FRIEND1',
      ageConfirmed: true,
    });
    expect(window.sessionStorage.getItem('mobile_no')).toBe('12025550123');
  });

  it('otherwise shows the server message in a red banner inside the modal', async () => {
    stubFetch({
      ...base,
      'POST /signUp': business(409, 'This mobile number is already registered', { error: 'MOBILE_ALREADY_REGISTERED' }),
    });
    renderApp('/login?referral_code=X1');
    const dialog = await screen.findByRole('dialog', { name: 'Sign Up' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Asha');
    await userEvent.type(within(dialog).getByLabelText('Mobile No'), '9876543210');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'sunrise-42');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'sunrise-42');
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    const banner = await within(dialog).findByRole('alert');
    expect(banner.textContent).toBe('This mobile number is already registered');
    expect(screen.getByRole('dialog', { name: 'Sign Up' })).toBeTruthy();
  });
});
