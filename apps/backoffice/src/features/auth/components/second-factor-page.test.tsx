import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requireSecondFactor } from '../../../lib/auth/second-factor-gate';
import { renderApp } from '../../../testing/render-app';
import { SETTINGS, fail, ok, profile, stubApi } from '../../../testing/fake-api';

const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Khel%20back%20office:director?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
  issuer: 'Khel back office',
  label: 'director',
};
const CODES = Array.from({ length: 10 }, (_, index) => `ABCDE-${String(index).padStart(5, '2')}`.slice(0, 11));

async function logIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Mobile number'), '9999900000');
  await user.type(screen.getByLabelText('Password'), 'a-password-1');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('second factor', () => {
  it('takes an operator without an authenticator through enrolment: QR code and key, first code, recovery codes, then the back office', async () => {
    let passed = false;
    const api = stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'POST /login': () => ok(profile({ role: 1 }), 'Logged in', { token: 'operator-token' }),
      'GET /backoffice/second-factor': () =>
        ok({ required: true, enrolled: passed, passed, recoveryCodesLeft: passed ? 10 : 0 }),
      'POST /backoffice/second-factor/enrolment': () => ok(ENROLMENT),
      'POST /backoffice/second-factor/enrolment/confirm': (call) => {
        if ((call.body as { code: string }).code !== '123456')
          return fail(400, 'That code is not right, please try again', 'SECOND_FACTOR_INVALID');
        passed = true;
        return ok({ recoveryCodes: CODES });
      },
      'GET /getUserData': () => ok(profile({ role: 1 })),
      'GET /backoffice/users': () =>
        passed ? ok({ items: [], total: 0 }) : fail(403, 'Set up two-step sign-in', 'SECOND_FACTOR_ENROLMENT_REQUIRED'),
    });
    const { router } = renderApp('/login');
    const user = await logIn();

    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/second-factor');
    const qr = await screen.findByAltText('QR code to scan with your authenticator app');
    expect(qr.getAttribute('src')).toBe(ENROLMENT.qrCodeDataUrl);
    expect(screen.getByLabelText('Setup key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(api.callsTo('POST', '/backoffice/second-factor/enrolment')).toHaveLength(1);
    expect(api.callsTo('GET', '/backoffice/users')).toHaveLength(0);

    await user.type(screen.getByLabelText('6-digit code'), '12');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(api.callsTo('POST', '/backoffice/second-factor/enrolment/confirm')).toHaveLength(0);

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByText('That code is not right, please try again')).toBeTruthy();

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(api.callsTo('POST', '/backoffice/second-factor/enrolment/confirm').at(-1)?.body).toEqual({ code: '123456' });

    await user.click(screen.getByRole('button', { name: 'I have saved them, continue' }));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/users');
  });

  it('asks an enrolled operator for a code and shows a wrong or reused one', async () => {
    let passed = false;
    stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'POST /login': () => ok(profile({ role: 2 }), 'Logged in', { token: 'operator-token' }),
      'GET /backoffice/second-factor': () => ok({ required: true, enrolled: true, passed, recoveryCodesLeft: 10 }),
      'POST /backoffice/second-factor/verify': (call) => {
        const { code } = call.body as { code: string };
        if (code === '111111')
          return fail(400, 'That code has already been used, wait for the next one', 'SECOND_FACTOR_REUSED');
        if (code !== 'ABCDE-FGHJK')
          return fail(400, 'That code is not right, please try again', 'SECOND_FACTOR_INVALID');
        passed = true;
        return ok({ method: 'recovery_code', recoveryCodesLeft: 9 });
      },
      'GET /getUserData': () => ok(profile({ role: 2 })),
      'GET /backoffice/users': () =>
        passed ? ok({ items: [], total: 0 }) : fail(403, 'Enter the code', 'SECOND_FACTOR_REQUIRED'),
    });
    const { router } = renderApp('/login', {});
    const user = await logIn();

    const field = await screen.findByLabelText('Code from your authenticator app');
    expect(router.state.location.pathname).toBe('/second-factor');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app or a recovery code'),
    ).toBeTruthy();

    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code has already been used, wait for the next one')).toBeTruthy();

    await user.type(field, 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(await screen.findByText('Recovery code used: 9 left')).toBeTruthy();
  });

  it('sends a session the server refuses for want of a second factor to the code step, and back after it', async () => {
    let passed = false;
    stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ role: 1 })),
      'GET /backoffice/second-factor': () => ok({ required: true, enrolled: true, passed, recoveryCodesLeft: 10 }),
      'POST /backoffice/second-factor/verify': () => {
        passed = true;
        return ok({ method: 'totp', recoveryCodesLeft: 10 });
      },
      'GET /backoffice/audit-log': () =>
        passed ? ok({ items: [], total: 0 }) : fail(403, 'Enter the code', 'SECOND_FACTOR_REQUIRED'),
      'GET /backoffice/audit-log/actions': () =>
        passed ? ok({ actions: [] }) : fail(403, 'Enter the code', 'SECOND_FACTOR_REQUIRED'),
    });
    const { router } = renderApp('/audit-log', { token: 'half-signed-in' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code from your authenticator app'), '246810');
    expect(router.state.location.pathname).toBe('/second-factor');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/audit-log'));
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeTruthy();
  });

  it('goes straight back when the session has passed meanwhile (another tab), without looping', async () => {
    stubApi({
      'GET /app-settings': () => ok(SETTINGS),
      'GET /getUserData': () => ok(profile({ role: 1 })),
      'GET /backoffice/second-factor': () =>
        ok({ required: true, enrolled: true, passed: true, recoveryCodesLeft: 10 }),
      'GET /backoffice/users': () => ok({ items: [], total: 0 }),
    });
    const { router } = renderApp('/second-factor', { token: 'passed-elsewhere' });
    requireSecondFactor('verify');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/users');
  });
});
