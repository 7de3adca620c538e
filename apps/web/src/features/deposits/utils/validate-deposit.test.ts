import { describe, expect, it } from 'vitest';
import { validateDeposit } from './validate-deposit';

describe('deposit validation (spec §5, PRODUCT.md §6)', () => {
  it.each([
    [{ amount: '', txnRef: 'UTR1', hasScreenshot: false }, 'Please enter amount'],
    [{ amount: '0', txnRef: 'UTR1', hasScreenshot: false }, 'Please enter amount'],
    [{ amount: '500', txnRef: '  ', hasScreenshot: false }, 'Please provide reference-id or upload a screenshot.'],
    [{ amount: '199.99', txnRef: 'UTR1', hasScreenshot: false }, 'Minimum deposit is ₹200'],
    [{ amount: '150', txnRef: '', hasScreenshot: true }, 'Minimum deposit is ₹200'],
    // Issue 31: a third decimal is refused with a message, never cut off to 200.55.
    [{ amount: '200.555', txnRef: 'UTR1', hasScreenshot: false }, 'Enter an amount with at most two decimals'],
  ])('%o → %s', (input, message) => {
    expect(validateDeposit(input)).toEqual({ ok: false, message });
  });

  it('accepts 200 itself, with a reference id or a screenshot', () => {
    expect(validateDeposit({ amount: '200', txnRef: 'UTR1', hasScreenshot: false })).toEqual({ ok: true, amount: 200 });
    expect(validateDeposit({ amount: '200.50', txnRef: '', hasScreenshot: true })).toEqual({ ok: true, amount: 200.5 });
  });
});
