import {
  ACCOUNT_NUMBER_PATTERN,
  IFSC_PATTERN,
  MESSAGES,
  UPI_ID_PATTERN,
  type BANK_ACCOUNT_TYPES,
  type PaymentAccountCreate,
} from '@khel/contract';

export interface UpiFields {
  accountNumber: string;
  accountHolderName: string;
}

export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export interface BankFields {
  accountHolderName: string;
  bankName: string;
  accountNumber: string;
  ifscCode: string;
  accountType: BankAccountType | '';
}

export type Validation<T> = { ok: true; body: T } | { ok: false; message: string };

/** Spec §5: UPI id and holder name both required ('Please fill all Fields'), then the UPI id's shape. */
export function validateUpi(fields: UpiFields): Validation<Extract<PaymentAccountCreate, { type: 'upi' }>> {
  const accountNumber = fields.accountNumber.trim();
  const accountHolderName = fields.accountHolderName.trim();
  if (accountNumber === '' || accountHolderName === '') return { ok: false, message: MESSAGES.fillAllFields };
  if (!UPI_ID_PATTERN.test(accountNumber)) return { ok: false, message: MESSAGES.upiInvalid };
  return { ok: true, body: { type: 'upi', accountNumber, accountHolderName } };
}

/**
 * Spec §5: holder name, bank name, account number, IFSC code and account type all required ('Please
 * fill all Fields'); then the IFSC code's and the account number's shapes.
 */
export function validateBank(fields: BankFields): Validation<Extract<PaymentAccountCreate, { type: 'bank' }>> {
  const accountHolderName = fields.accountHolderName.trim();
  const bankName = fields.bankName.trim();
  const accountNumber = fields.accountNumber.replace(/\s/g, '');
  const ifscCode = fields.ifscCode.trim().toUpperCase();
  const { accountType } = fields;
  if (accountHolderName === '' || bankName === '' || accountNumber === '' || ifscCode === '' || accountType === '') {
    return { ok: false, message: MESSAGES.fillAllFields };
  }
  if (!IFSC_PATTERN.test(ifscCode)) return { ok: false, message: MESSAGES.ifscInvalid };
  if (!ACCOUNT_NUMBER_PATTERN.test(accountNumber)) return { ok: false, message: MESSAGES.accountNumberInvalid };
  return { ok: true, body: { type: 'bank', accountHolderName, bankName, accountNumber, ifscCode, accountType } };
}

/** How an account reads in a list or a radio label: "HDFC Bank ••••5678" or the UPI id. */
export function describeAccount(account: {
  type: 'upi' | 'bank';
  accountNumber: string;
  bankName?: string | undefined;
}): string {
  if (account.type === 'upi') return account.accountNumber;
  return `${account.bankName ?? 'Bank'} ••••${account.accountNumber.slice(-4)}`;
}
