import { describe, expect, it } from 'vitest';
import { validateBank, validateUpi } from './validate';

const bank = {
  accountHolderName: 'Asha Verma',
  bankName: 'State Bank of India',
  accountNumber: '123456789012',
  ifscCode: 'sbin0001234',
  accountType: 'savings' as const,
};

describe('payment account validation (spec §5)', () => {
  it('UPI: both fields required, then the UPI id shape', () => {
    expect(validateUpi({ accountNumber: '', accountHolderName: 'Asha' })).toEqual({
      ok: false,
      message: 'Please fill all Fields',
    });
    expect(validateUpi({ accountNumber: 'asha@okaxis', accountHolderName: ' ' })).toEqual({
      ok: false,
      message: 'Please fill all Fields',
    });
    expect(validateUpi({ accountNumber: 'asha-at-okaxis', accountHolderName: 'Asha' })).toEqual({
      ok: false,
      message: 'Enter a valid UPI id, like name@bank',
    });
    expect(validateUpi({ accountNumber: ' asha@okaxis ', accountHolderName: 'Asha' })).toEqual({
      ok: true,
      body: { type: 'upi', accountNumber: 'asha@okaxis', accountHolderName: 'Asha' },
    });
  });

  it.each(['accountHolderName', 'bankName', 'accountNumber', 'ifscCode', 'accountType'] as const)(
    'bank: an empty %s says Please fill all Fields',
    (field) => {
      expect(validateBank({ ...bank, [field]: '' })).toEqual({ ok: false, message: 'Please fill all Fields' });
    },
  );

  it('bank: IFSC and account number shapes; the IFSC is upper-cased', () => {
    expect(validateBank({ ...bank, ifscCode: 'SBIN1234' })).toEqual({
      ok: false,
      message: 'Enter a valid IFSC code, like SBIN0001234',
    });
    expect(validateBank({ ...bank, accountNumber: '1234' })).toEqual({
      ok: false,
      message: 'Enter a valid account number (9 to 18 digits)',
    });
    expect(validateBank(bank)).toEqual({ ok: true, body: { type: 'bank', ...bank, ifscCode: 'SBIN0001234' } });
  });
});
