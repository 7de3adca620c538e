import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { loadSession } from '../../../lib/auth/session';
import { makeBonus, makeBonusData } from '../../../testing/bonus-fixtures';
import { ok, stubFetch } from '../../../testing/fetch-stub';
import { makeProfile } from '../../../testing/fixtures';
import { signIn } from '../../../testing/render-app';
import { testQueryClient } from '../../../testing/reset-page';
import { WalletSwitch } from './wallet-switch';

describe('the wallet switch', () => {
  it('names the paying wallet and shows the active bonus progress', async () => {
    const user = makeProfile({ wallet: '2' });
    signIn(user);
    loadSession();
    stubFetch({ 'GET /bonus-data': ok(makeBonusData({ bonusBalance: 500, active: makeBonus() })) });
    render(
      <QueryClientProvider client={testQueryClient()}>
        <WalletSwitch user={user} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('wallet-pays').textContent).toBe(
      'Bets and casino rounds are paid from your Bonus wallet.',
    );
    expect((await screen.findByTestId('wallet-wagering-text')).textContent).toBe(
      '₹2,000.00 of ₹5,000.00 wagered (40%)',
    );
  });
});
