import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { SETTINGS, makeProfile } from '../../../testing/fixtures';
import { ok, stubFetch } from '../../../testing/fetch-stub';
import { renderApp, signIn } from '../../../testing/render-app';

describe("a credit player's header (PRODUCT.md §9)", () => {
  it('says Credit and shows the credit limit and the P&L since the last settlement, with no wallet shortcuts', async () => {
    const user = makeProfile({ role: ROLES.CREDIT_PLAYER, balance: 500, exposure: -200 });
    signIn(user);
    const { callsTo } = stubFetch({
      'GET /app-settings': ok(SETTINGS),
      'GET /advertisement': ok([]),
      'GET /getUserData': ok(user),
      'GET /credit-line': ok({ creditRef: 2000, balance: 500, exposure: -200, available: 300, refPnl: -1500 }),
    });
    renderApp('/slots');
    const balance = await screen.findByTestId('header-balance');
    expect(within(balance).getByText('Credit')).toBeTruthy();
    expect(within(balance).getByTestId('balance-amount').textContent).toBe('₹300.00');
    expect((await within(balance).findByTestId('credit-line')).textContent).toBe('Credit ₹2,000.00 · P&L -₹1,500.00');
    expect(callsTo('GET', '/credit-line').length).toBeGreaterThan(0);
    expect(screen.queryByRole('navigation', { name: 'Wallet shortcuts' })).toBeNull();
  });

  it('asks nothing about credit for a cash player', async () => {
    const user = makeProfile({});
    signIn(user);
    const { callsTo } = stubFetch({
      'GET /app-settings': ok(SETTINGS),
      'GET /advertisement': ok([]),
      'GET /getUserData': ok(user),
    });
    renderApp('/slots');
    const balance = await screen.findByTestId('header-balance');
    expect(within(balance).getByText('Main')).toBeTruthy();
    expect(callsTo('GET', '/credit-line')).toHaveLength(0);
  });
});
