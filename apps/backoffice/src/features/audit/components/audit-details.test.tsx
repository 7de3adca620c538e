import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AuditDetails, actionLabel, fieldLabel } from './audit-details';

describe('audit details', () => {
  it('shows paise as rupees with Indian grouping and sign-in codes in words', () => {
    const { container } = render(
      <AuditDetails
        details={{
          housePaise: 12_345_678,
          commissionPaise: -4_550,
          reason: 'wrong_code',
          stage: 'sign_in',
          identifier: '919812345678',
        }}
      />,
    );
    const lines = [...container.querySelectorAll('li')].map((li) => li.textContent?.replace(/\s+/g, ' ').trim());
    expect(lines).toEqual([
      'House: ₹1,23,456.78',
      'Commission: -₹45.50',
      'Reason: wrong authenticator code',
      'During: sign-in',
      'Typed: 919812345678',
    ]);
    expect(actionLabel('operator.sign_in_failed')).toBe('Sign-in refused');
  });

  it('reads a user change as "field: before → after" in words', () => {
    const { container } = render(
      <AuditDetails
        details={{
          allowSlots: { from: true, to: false },
          role: { from: 4, to: 2 },
          suspendedReason: { from: null, to: 'Chargeback fraud' },
        }}
      />,
    );
    const lines = [...container.querySelectorAll('li')].map((li) => li.textContent?.replace(/\s+/g, ' ').trim());
    expect(lines).toEqual([
      'Slots: on → off',
      'Role: Player → Support admin',
      'Suspension reason: none → Chargeback fraud',
    ]);
  });

  it('shows colours with a swatch and images as replaced, never as media ids', () => {
    const { container } = render(
      <AuditDetails
        details={{
          color: { from: '#f5a524', to: '#1e88e5' },
          logo_media_id: { from: 'a1', to: 'b2' },
          favicon_media_id: { from: null, to: 'c3' },
        }}
      />,
    );
    expect(container.textContent).toContain('Colour: #f5a524 → #1e88e5');
    expect(container.querySelectorAll('.color-chip')).toHaveLength(2);
    expect(container.textContent).toContain('Logo: replaced');
    expect(container.textContent).toContain('Favicon: added');
    expect(container.textContent).not.toContain('b2');
  });

  it('still renders plain values and says when there is nothing', () => {
    const { container, rerender } = render(<AuditDetails details={{ order: 3 }} />);
    expect(container.textContent).toBe('Order: 3');
    rerender(<AuditDetails details={{}} />);
    expect(screen.getByText('No details')).toBeTruthy();
  });

  it('reads money entries: the amount in rupees, the wallet, no request ids', () => {
    const { container } = render(
      <AuditDetails
        details={{
          adjustmentId: '827b8c82-2102-437a-a1c5-30ccf9e00da5',
          wallet: 'main',
          amount: -100250.5,
          reason: 'Goodwill',
        }}
      />,
    );
    const lines = [...container.querySelectorAll('li')].map((li) => li.textContent);
    expect(lines).toEqual(['Wallet: main wallet', 'Amount: -₹1,00,250.50', 'Reason: Goodwill']);
    expect(actionLabel('deposit.first_approval')).toBe('Deposit: first approval');
    // The start-up repair's lines (decision 0081), by the system.
    expect(actionLabel('exposure.repair_refused')).toBe('Exposure correction refused');
  });

  it('names actions and fields it has never seen in readable words', () => {
    expect(actionLabel('user.update')).toBe('User changed');
    expect(actionLabel('casino.game_update')).toBe('Casino game update');
    // A paise field is shown in rupees, so its label drops the unit.
    expect(fieldLabel('maxStakePaise')).toBe('Max stake');
    expect(fieldLabel('bank_name')).toBe('Bank name');
  });
});

describe('sports desk entries', () => {
  it('names every sports action', () => {
    expect(actionLabel('sport.create')).toBe('Sport added');
    expect(actionLabel('league.create')).toBe('League added');
    expect(actionLabel('event.create')).toBe('Event added');
    expect(actionLabel('event.update')).toBe('Event changed');
    expect(actionLabel('market.create')).toBe('Market added');
    expect(actionLabel('market.update')).toBe('Market changed');
    expect(actionLabel('market.rates')).toBe('Bookmaker rates set');
    expect(actionLabel('market.fancy_line')).toBe('Fancy line set');
    expect(actionLabel('market.settle')).toBe('Result declared');
    expect(actionLabel('market.void')).toBe('Market voided');
    expect(actionLabel('market.correct')).toBe('Result corrected');
  });

  it('reads market limits in rupees and seconds, without ids', () => {
    const { container } = render(
      <AuditDetails
        details={{
          marketId: '827b8c82-2102-437a-a1c5-30ccf9e00da5',
          maxStake: { from: 50000, to: 25000 },
          betDelaySeconds: { from: 0, to: 5 },
          runners: ['India', 'Australia'],
        }}
      />,
    );
    const lines = [...container.querySelectorAll('li')].map((li) => li.textContent?.replace(/\s+/g, ' ').trim());
    expect(lines).toEqual([
      'Maximum stake: ₹50,000.00 → ₹25,000.00',
      'Bet delay: 0 s → 5 s',
      'Runners: India, Australia',
    ]);
    expect(fieldLabel('yesLine')).toBe('YES line');
  });
});
