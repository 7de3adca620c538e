import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@khel/contract';
import { SETTINGS, makeProfile } from '../testing/fixtures';
import { ok, stubFetch } from '../testing/fetch-stub';
import { BANK_RECEIVING, UPI_RECEIVING } from '../testing/money-fixtures';
import { renderApp, setViewport, signIn } from '../testing/render-app';

const notices = () => screen.queryAllByText(MESSAGES.playMoneyNotice);

function playModeRoutes() {
  const user = makeProfile();
  signIn(user);
  return {
    'GET /app-settings': ok({ ...SETTINGS, moneyMode: 'play' }),
    'GET /getUserData': ok(user),
    'GET /admin-account-details': ok([UPI_RECEIVING, BANK_RECEIVING]),
    'GET /admin-deposit-request': ok([]),
  };
}

describe('the play-money notice appears once per screen (PRODUCT.md §5)', () => {
  it('a money page shows its panel and the header bar steps aside', async () => {
    setViewport(false);
    stubFetch(playModeRoutes());
    renderApp('/deposit');
    await screen.findByTestId('play-money-panel');
    expect(notices()).toHaveLength(1);
    expect(screen.queryByTestId('play-money-bar')).toBeNull();
  });

  it('a deposit dialog over the page shows it once, in the dialog, and the page gets it back on close', async () => {
    setViewport(true);
    stubFetch(playModeRoutes());
    renderApp('/deposit');
    await userEvent.click(await screen.findByRole('button', { name: /^UPI/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit By UPI' });
    expect(notices()).toHaveLength(1);
    expect(within(dialog).getByTestId('play-money-panel')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /close/i }));
    await screen.findByTestId('play-money-panel');
    expect(notices()).toHaveLength(1);
  });

  it('a page without a panel keeps the bar under the header', async () => {
    stubFetch({ 'GET /app-settings': ok({ ...SETTINGS, moneyMode: 'play' }) });
    renderApp('/login');
    await screen.findByTestId('play-money-bar');
    expect(notices()).toHaveLength(1);
  });
});
