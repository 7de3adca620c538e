import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@khel/contract';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { business, ok, stubFetch } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { openVerifyOtp } from '../hooks/use-auth-modal';
import { formatCountdown } from '../hooks/use-countdown';
import { emptyOtp, OtpInput } from './otp-input';
import { ResendOtp } from './resend-otp';

function Boxes() {
  const [value, setValue] = useState(emptyOtp);
  return <OtpInput idPrefix="t" value={value} onChange={setValue} />;
}

const boxes = () => [1, 2, 3, 4].map((n) => screen.getByLabelText(`Digit ${n} of 4`) as HTMLInputElement);

describe('OTP boxes (spec §5)', () => {
  it('moves focus on as digits are typed and back on Backspace', async () => {
    render(<Boxes />);
    const [first, second, third, fourth] = boxes();
    first?.focus();
    await userEvent.keyboard('12');
    expect(document.activeElement).toBe(third);
    await userEvent.keyboard('x3');
    expect(third?.value).toBe('3');
    expect(document.activeElement).toBe(fourth);
    await userEvent.keyboard('{Backspace}');
    expect(document.activeElement).toBe(third);
    expect(third?.value).toBe('');
    expect(second?.value).toBe('2');
  });

  it('fills all four boxes from a pasted code', () => {
    render(<Boxes />);
    const [first] = boxes();
    fireEvent.paste(first!, { clipboardData: { getData: () => ' 4 8 1 5 ' } });
    expect(boxes().map((box) => box.value)).toEqual(['4', '8', '1', '5']);
  });
});

describe('Resend countdown (spec §4)', () => {
  it('formats m:ss', () => {
    expect(formatCountdown(10)).toBe('0:10');
    expect(formatCountdown(65)).toBe('1:05');
  });

  it('replaces Resend by a 10 second countdown, then Resend returns', () => {
    vi.useFakeTimers();
    const onResend = vi.fn();
    render(<ResendOtp onResend={onResend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(onResend).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).toBeNull();
    expect(screen.getByTestId('resend-countdown').textContent).toContain('0:10');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('resend-countdown').textContent).toContain('0:09');
    act(() => vi.advanceTimersByTime(8000));
    expect(screen.getByTestId('resend-countdown').textContent).toContain('0:01');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeTruthy();
  });
});

describe('Verify Otp (spec §4)', () => {
  const base = { 'GET /app-settings': ok(SETTINGS), 'GET /advertisement': ok([]) };

  it('requires every box: Otp is required', async () => {
    const { calls } = stubFetch(base);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    act(() => openVerifyOtp('919876543210'));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Otp' });
    await userEvent.type(within(dialog).getByLabelText('Digit 1 of 4'), '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(within(dialog).getByText(MESSAGES.otpRequired)).toBeTruthy();
    expect(within(dialog).getByLabelText('Digit 3 of 4').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Digit 1 of 4').getAttribute('aria-invalid')).toBeNull();
    expect(calls.some((call) => call.path === '/verify-otp')).toBe(false);
  });

  it('on success stores token and user data, clears sessionStorage, loads the profile and goes to /', async () => {
    const user = makeProfile({ allowSlots: false });
    window.sessionStorage.setItem('mobile_no', '919876543210');
    const { callsTo } = stubFetch({
      ...base,
      'POST /verify-otp': ok(user, MESSAGES.otpVerified, { token: 'fresh-token' }),
      'GET /getUserData': ok(user),
    });
    const app = renderApp('/register');
    await screen.findByRole('heading', { name: 'Sign Up' });
    act(() => openVerifyOtp('919876543210'));
    window.sessionStorage.setItem('other', 'x');
    const dialog = await screen.findByRole('dialog', { name: 'Verify Otp' });
    await userEvent.type(within(dialog).getByLabelText('Digit 1 of 4'), '4815');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.location().pathname).toBe('/'));
    expect(callsTo('POST', '/verify-otp')[0]?.body).toEqual({ mobile_no: '919876543210', otp: '4815' });
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
    expect(JSON.parse(window.localStorage.getItem('userData') ?? '{}')._id).toBe(user._id);
    expect(window.sessionStorage.length).toBe(0);
    await waitFor(() => expect(callsTo('GET', '/getUserData').length).toBeGreaterThan(0));
    expect(callsTo('GET', '/getUserData')[0]?.headers.get('Authorization')).toBe('Bearer fresh-token');
    expect(screen.queryByRole('dialog')).toBeNull();
    await screen.findByTestId('balance-amount');
  });

  it('opens on the 10-second resend countdown, since a code was just sent', async () => {
    stubFetch(base);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    act(() => openVerifyOtp('919876543210'));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Otp' });
    expect(within(dialog).getByTestId('resend-countdown').textContent).toContain('0:10');
    expect(within(dialog).queryByRole('button', { name: 'Resend OTP' })).toBeNull();
  });

  it('lands on / even for a player whose landing page is /slots (spec §4)', async () => {
    const user = makeProfile({ allowSlots: true, allowHome: true });
    const { callsTo } = stubFetch({
      ...base,
      'POST /verify-otp': ok(user, MESSAGES.otpVerified, { token: 'fresh-token' }),
      'GET /getUserData': ok(user),
    });
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    act(() => openVerifyOtp('919876543210'));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Otp' });
    await userEvent.type(within(dialog).getByLabelText('Digit 1 of 4'), '4815');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await screen.findByTestId('balance-amount');
    await waitFor(() => expect(callsTo('GET', '/getUserData').length).toBeGreaterThan(0));
    expect(app.location().pathname).toBe('/');
  });

  it('brings a pending sign-up back from sessionStorage on the login page', async () => {
    window.sessionStorage.setItem('mobile_no', '919876543210');
    stubFetch(base);
    renderApp('/login');
    const notice = await screen.findByTestId('pending-verification');
    expect(notice.textContent).toContain('+91 98765 43210');
    await userEvent.click(within(notice).getByRole('button', { name: 'Enter the code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Otp' });
    expect(within(dialog).getByTestId('otp-mobile').textContent).toBe('+91 98765 43210');
  });

  it('a wrong code keeps the dialog open with a warning', async () => {
    stubFetch({ ...base, 'POST /verify-otp': business(400, 'Invalid OTP', { error: 'OTP_INVALID' }) });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    act(() => openVerifyOtp('919876543210'));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Otp' });
    await userEvent.type(within(dialog).getByLabelText('Digit 1 of 4'), '0000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid OTP')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Verify Otp' })).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
