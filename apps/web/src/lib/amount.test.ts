import { describe, expect, it } from 'vitest';
import { cleanAmountInput, hasTooManyDecimals, parseAmount } from './amount';

describe('amount fields (issue 31: 200.555 was silently 200.55)', () => {
  it.each([
    ['200', '200'],
    ['₹2,000.5', '2000.5'],
    ['200.555', '200.555'],
    ['1.2.3', '1.23'],
  ])('keeps what was typed: %s → %s', (typed, kept) => {
    expect(cleanAmountInput(typed)).toBe(kept);
  });

  it.each([
    ['200.555', true],
    ['200.55', false],
    ['200.5', false],
    ['200', false],
    ['1,000.001', true],
  ])('%s has more than two decimals: %s', (typed, refused) => {
    expect(hasTooManyDecimals(typed)).toBe(refused);
  });

  it('never reads a third decimal as an amount', () => {
    expect(parseAmount('200.555')).toBeNull();
    expect(parseAmount('200.55')).toBe(200.55);
  });
});
