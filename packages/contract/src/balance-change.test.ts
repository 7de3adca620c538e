import { describe, expect, it } from 'vitest';
import { balanceChangeText } from './balance-change.js';
import { oddsPreferenceText } from './odds-preference.js';

describe('balanceChangeText: the toast for a pushed money change (issue 13)', () => {
  it.each([
    ['deposit', 1000_00, 'Deposit of ₹1,000.00 approved'],
    ['deposit_rejected', 2500_00, 'Deposit of ₹2,500.00 rejected'],
    ['withdrawal_paid', 4000_00, 'Withdrawal of ₹4,000.00 paid'],
    ['withdrawal_release', 2500_00, 'Withdrawal of ₹2,500.00 rejected, the amount is back in your balance'],
    ['adjustment', 250_50, 'Balance adjusted: ₹250.50 credited'],
    ['adjustment', -1_25_000_00, 'Balance adjusted: ₹1,25,000.00 debited'],
    ['bet_settlement', 500_00, 'Bet settled: you won ₹500.00'],
    ['bet_settlement', -200_00, 'Bet settled: you lost ₹200.00'],
    ['bet_void', -500_00, 'Settlement voided: ₹500.00 taken back'],
    ['bonus_expire', -300_00, 'Bonus of ₹300.00 expired'],
    ['referral_earning', 40_00, 'Referral credit of ₹40.00 received'],
    ['something_new', 1_00, '₹1.00 credited to your balance'],
  ])('%s of %i paise: "%s"', (kind, amountPaise, text) => {
    expect(balanceChangeText({ kind, amountPaise, wallet: 'main' })).toBe(text);
  });

  it.each(['casino_debit', 'casino_credit', 'withdrawal_hold', 'bonus_activate', 'bonus_claim', 'referral_claim'])(
    '%s: no toast',
    (kind) => {
      expect(balanceChangeText({ kind, amountPaise: 100, wallet: 'main' })).toBeNull();
    },
  );

  it('names the odds-change preferences', () => {
    expect(oddsPreferenceText({ mode: 'exact', ticks: null })).toBe('Exact odds only');
    expect(oddsPreferenceText({ mode: 'better', ticks: null })).toBe('Accept better odds');
    expect(oddsPreferenceText({ mode: 'ticks', ticks: 1 })).toBe('Accept any change within 1 tick');
    expect(oddsPreferenceText({ mode: 'ticks', ticks: 5 })).toBe('Accept any change within 5 ticks');
  });
});
