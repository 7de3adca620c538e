import type { AdminAccount, Deposit, PaymentAccount } from '@khel/contract';

export const UPI_RECEIVING: AdminAccount = {
  _id: '11111111-1111-4111-8111-111111111111',
  type: 'upi',
  accountNumber: 'khel.demo@okaxis',
  accountHolderName: 'Khel Demo',
  qrImage: 'data:image/png;base64,iVBORw0KGgo=',
  upiLink: 'upi://pay?pa=khel.demo%40okaxis&pn=Khel%20Demo&cu=INR',
  active: true,
};

export const BANK_RECEIVING: AdminAccount = {
  _id: '22222222-2222-4222-8222-222222222222',
  type: 'bank',
  accountNumber: '50100012345678',
  accountHolderName: 'Khel Demo',
  ifscCode: 'HDFC0000123',
  bankName: 'HDFC Bank',
  accountType: 'current',
  active: true,
};

export const SAVED_UPI: PaymentAccount = {
  _id: '33333333-3333-4333-8333-333333333333',
  type: 'upi',
  accountNumber: 'asha@okicici',
  accountHolderName: 'Asha Verma',
};
export const SAVED_BANK: PaymentAccount = {
  _id: '44444444-4444-4444-8444-444444444444',
  type: 'bank',
  accountNumber: '123456789012',
  accountHolderName: 'Asha Verma',
  ifscCode: 'SBIN0001234',
  bankName: 'State Bank of India',
  accountType: 'savings',
};

export function makeDeposit(overrides: Partial<Deposit> = {}): Deposit {
  return {
    _id: 'dep-1',
    amount: 500,
    type: 'upi',
    txnRef: 'UTR123',
    screenShot: null,
    screenShotUrl: null,
    status: 'pending',
    reason: null,
    account: {
      _id: UPI_RECEIVING._id,
      type: 'upi',
      accountNumber: UPI_RECEIVING.accountNumber,
      accountHolderName: UPI_RECEIVING.accountHolderName,
    },
    awaitingSecondApproval: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}
