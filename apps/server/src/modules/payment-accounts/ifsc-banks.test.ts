import { describe, expect, it } from 'vitest';
import { bankNameForIfsc } from './ifsc-banks.js';

/** Razorpay's `ifsc` dataset behind the Add Bank Account form's bank name (issue 14). */
describe('bank names from an IFSC', () => {
  it('names the big banks as before, whatever the case of the code', () => {
    expect(bankNameForIfsc('HDFC0000123')).toBe('HDFC Bank');
    expect(bankNameForIfsc('sbin0001234')).toBe('State Bank of India');
  });

  it('names banks a hand-written table of forty never had', () => {
    expect(bankNameForIfsc('ABHY0065001')).toBe('Abhyudaya Co-operative Bank');
    expect(bankNameForIfsc('ALLA0000001')).toBe('Allahabad Bank');
  });

  it('names the member bank of a branch that clears through another bank’s code', () => {
    expect(bankNameForIfsc('APBL0001001')).toBe('District Co-operative Central Bank Srikakul');
    expect(bankNameForIfsc('APBL0000001')).toBe('Andhra Pradesh State Co-operative Bank');
    expect(bankNameForIfsc('ALLA0AU1234')).toBe('Allahabad Up Gramin Bank');
  });

  it('answers null for a code no bank has', () => {
    expect(bankNameForIfsc('ZZZZ0000123')).toBeNull();
  });
});
