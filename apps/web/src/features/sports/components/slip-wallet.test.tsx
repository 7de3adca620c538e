import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { loadSession } from '../../../lib/auth/session';
import { makeBonus, makeBonusData } from '../../../testing/bonus-fixtures';
import { ok, stubFetch } from '../../../testing/fetch-stub';
import { makeProfile } from '../../../testing/fixtures';
import { signIn } from '../../../testing/render-app';
import { testQueryClient } from '../../../testing/reset-page';
import { SlipWallet, wageringOdds } from './slip-wallet';

function withQueries(children: ReactNode) {
  return <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>;
}

function as(profile: ReturnType<typeof makeProfile>) {
  signIn(profile);
  loadSession();
  stubFetch({ 'GET /bonus-data': ok(makeBonusData({ bonusBalance: 500, active: makeBonus() })) });
}

describe('which wallet pays, in the bet slip and the wallet switch', () => {
  it('compares bookmaker and fancy rates as 1 + rate/100, exchange odds as they are', () => {
    expect(wageringOdds('EXCHANGE', 1.42, null)).toBe(1.42);
    expect(wageringOdds('BOOKMAKER', 45, null)).toBe(1.45);
    expect(wageringOdds('FANCY', 63, 90)).toBe(1.9);
  });

  it('on the bonus wallet says whether this bet counts: minimum odds, then the product contribution', async () => {
    as(makeProfile({ wallet: '2' }));
    const view = render(withQueries(<SlipWallet marketType="EXCHANGE" odds={1.4} oddsSize={null} />));
    expect((await screen.findByTestId('slip-wagering-note')).textContent).toBe(
      'At these odds this bet does not count towards your bonus wagering (minimum odds 1.50).',
    );
    expect(screen.getByTestId('slip-wallet').textContent).toContain('Paid from your Bonus wallet');
    expect(screen.getByTestId('slip-wagering-text').textContent).toBe('₹2,000.00 of ₹5,000.00 wagered (40%)');
    view.rerender(withQueries(<SlipWallet marketType="EXCHANGE" odds={2} oddsSize={null} />));
    expect((await screen.findByTestId('slip-wagering-note')).textContent).toBe(
      'This bet counts towards your bonus wagering once it settles.',
    );
    view.rerender(withQueries(<SlipWallet marketType="FANCY" odds={63} oddsSize={90} />));
    expect((await screen.findByTestId('slip-wagering-note')).textContent).toBe(
      'This bet counts at 50% towards your bonus wagering once it settles.',
    );
  });

  it('on the main wallet says so and nothing about wagering; credit players see no wallet line', async () => {
    as(makeProfile({ wallet: '1' }));
    const view = render(withQueries(<SlipWallet marketType="EXCHANGE" odds={1.4} oddsSize={null} />));
    expect(screen.getByTestId('slip-wallet').textContent).toBe('Paid from your Main wallet');
    expect(screen.queryByTestId('slip-wagering-note')).toBeNull();
    view.unmount();
    as(makeProfile({ role: ROLES.CREDIT_PLAYER }));
    render(withQueries(<SlipWallet marketType="EXCHANGE" odds={2} oddsSize={null} />));
    expect(screen.queryByTestId('slip-wallet')).toBeNull();
  });
});
