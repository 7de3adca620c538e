import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { business, ok, stubFetch } from '../../../testing/fetch-stub';
import { renderApp, setViewport, signIn } from '../../../testing/render-app';

const limits = [
  {
    period: 'daily',
    amount: 1000,
    pendingAmount: 5000,
    pendingRemoval: false,
    pendingEffectiveAt: '2026-11-22T19:20:24.848Z',
    used: 200,
    approved: 150,
    pending: 50,
  },
  {
    period: 'weekly',
    amount: null,
    pendingAmount: null,
    pendingRemoval: false,
    pendingEffectiveAt: null,
    used: 200,
    approved: 200,
    pending: 0,
  },
  {
    period: 'monthly',
    amount: 20000,
    pendingAmount: null,
    pendingRemoval: true,
    pendingEffectiveAt: '2026-11-22T19:20:24.848Z',
    used: 200,
    approved: 200,
    pending: 0,
  },
];

describe('/responsible-gambling', () => {
  it('shows used against each limit and the changes still waiting, and saves a new limit', async () => {
    const user = makeProfile();
    signIn(user);
    setViewport(true);
    const { callsTo } = stubFetch({
      'GET /app-settings': ok(SETTINGS),
      'GET /getUserData': ok(user),
      'GET /deposit-limits': ok(limits),
      'PUT /deposit-limits': ({ body }) =>
        ok(
          limits.map((limit) =>
            limit.period === 'weekly' ? { ...limit, amount: (body as { amount: number }).amount } : limit,
          ),
          'Deposit limit saved',
        ),
    });
    renderApp('/responsible-gambling');
    const daily = await screen.findByTestId('limit-daily');
    // "Deposited today" is approved deposits and says so; pending ones are named apart (they count too).
    expect(within(daily).getByTestId('limit-used').textContent).toBe(
      '₹150.00 deposited today (approved deposits) · ₹200.00 of ₹1,000.00 used',
    );
    expect(within(daily).getByTestId('limit-pending-deposits').textContent).toBe(
      '₹50.00 awaiting approval also counts towards the limit.',
    );
    expect(within(daily).getByRole('progressbar', { name: 'Daily limit used' }).getAttribute('value')).toBe('200');
    expect(within(daily).getByTestId('limit-pending').textContent).toMatch(
      /^The limit rises to ₹5,000.00 on 23 Nov 2026/,
    );
    expect(within(screen.getByTestId('limit-monthly')).getByTestId('limit-pending').textContent).toMatch(
      /will be removed/,
    );
    expect(screen.getByText(/raising or removing one takes effect\s+after 24 hours/)).toBeTruthy();
    const weekly = screen.getByTestId('limit-weekly');
    expect(within(weekly).getByTestId('limit-amount').textContent).toBe('No limit');
    await userEvent.type(within(weekly).getByLabelText('New weekly limit (₹)'), '3000');
    await userEvent.click(within(weekly).getByRole('button', { name: 'Save limit' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('limit-weekly')).getByTestId('limit-amount').textContent).toBe('₹3,000.00'),
    );
    expect(callsTo('PUT', '/deposit-limits')[0]?.body).toEqual({ period: 'weekly', amount: 3000 });
  });

  it('self-exclusion asks for confirmation with a clear warning, then the ended session takes the player out', async () => {
    const user = makeProfile();
    signIn(user);
    setViewport(true);
    let excluded = false;
    const { callsTo } = stubFetch({
      'GET /app-settings': ok(SETTINGS),
      'GET /advertisement': ok([]),
      'GET /getUserData': () =>
        excluded
          ? business(401, 'Your account is self-excluded, you have been logged out', { error: 'SESSION_ENDED' })
          : ok(user),
      'GET /deposit-limits': ok(limits),
      'POST /self-exclusion': () => {
        excluded = true;
        return ok({ selfExcludedUntil: '2026-11-28T10:00:00Z' }, 'You are self-excluded until 2026-11-28');
      },
    });
    const app = renderApp('/responsible-gambling');
    const section = await screen.findByTestId('self-exclusion');
    await userEvent.selectOptions(within(section).getByLabelText('Exclude me for'), '30');
    await userEvent.type(within(section).getByLabelText('Your password'), 'sunrise-42');
    await userEvent.click(within(section).getByRole('button', { name: 'Exclude me' }));
    const confirm = await screen.findByRole('dialog', { name: 'Exclude yourself?' });
    expect(within(confirm).getByRole('alert').textContent).toMatch(
      /For 30 days you will not be able to log in, bet, play or deposit/,
    );
    expect(callsTo('POST', '/self-exclusion')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, exclude me for 30 days' }));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(callsTo('POST', '/self-exclusion')[0]?.body).toEqual({ days: 30, password: 'sunrise-42' });
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
