import { z } from 'zod';
import { rupeesToPaise } from '@khel/money';
import { BANK_ACCOUNT_TYPES, DEPOSIT_LIMIT_PERIODS, MIN_DEPOSIT_RUPEES, MIN_WITHDRAWAL_RUPEES } from './constants.js';
import { envelope } from './envelope.js';
import { MESSAGES } from './messages.js';
import { calendarDate } from './text.js';

/** A wire amount in rupees: a finite number with at most two decimals (PRODUCT.md §2). */
export const rupeesSchema = (requiredMessage: string) =>
  z
    .number({ error: requiredMessage })
    .refine((value) => rupeesToPaise(value) !== null, 'Amounts have at most two decimals')
    .refine((value) => value > 0, requiredMessage);

export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,64}$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;

const filled = z.string({ error: MESSAGES.fillAllFields }).trim().min(1, MESSAGES.fillAllFields).max(120);

export const upiAccountFieldsSchema = z.object({
  type: z.literal('upi'),
  accountNumber: filled.regex(UPI_ID_PATTERN, MESSAGES.upiInvalid),
  accountHolderName: filled,
});

export const bankAccountFieldsSchema = z.object({
  type: z.literal('bank'),
  accountHolderName: filled,
  bankName: filled,
  accountNumber: filled.regex(ACCOUNT_NUMBER_PATTERN, MESSAGES.accountNumberInvalid),
  ifscCode: filled.transform((value) => value.toUpperCase()).pipe(z.string().regex(IFSC_PATTERN, MESSAGES.ifscInvalid)),
  accountType: z.enum(BANK_ACCOUNT_TYPES, { error: MESSAGES.fillAllFields }).default('savings'),
});

/** POST /api/v1/account-details */
export const paymentAccountCreateSchema = z.discriminatedUnion(
  'type',
  [upiAccountFieldsSchema, bankAccountFieldsSchema],
  { error: MESSAGES.fillAllFields },
);
export type PaymentAccountCreate = z.infer<typeof paymentAccountCreateSchema>;
/** PUT /api/v1/account-details: the same plus accountId */
export const paymentAccountUpdateSchema = z.discriminatedUnion(
  'type',
  [
    upiAccountFieldsSchema.extend({ accountId: z.string().uuid('Unknown account') }),
    bankAccountFieldsSchema.extend({ accountId: z.string().uuid('Unknown account') }),
  ],
  { error: MESSAGES.fillAllFields },
);
export type PaymentAccountUpdate = z.infer<typeof paymentAccountUpdateSchema>;

export const paymentAccountSchema = z.object({
  _id: z.string(),
  type: z.enum(['upi', 'bank']),
  accountNumber: z.string(),
  accountHolderName: z.string(),
  ifscCode: z.string().optional(),
  bankName: z.string().optional(),
  accountType: z.enum(BANK_ACCOUNT_TYPES).optional(),
});
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;
export const paymentAccountListEnvelope = envelope(z.array(paymentAccountSchema));
export const paymentAccountEnvelope = envelope(paymentAccountSchema);

export const ifscLookupEnvelope = envelope(z.object({ ifscCode: z.string(), bankName: z.string().nullable() }));

/** The operator's receiving accounts shown in the deposit modals. */
export const adminAccountSchema = paymentAccountSchema.extend({
  /** UPI only: a PNG QR of upiLink, as a data URL. */
  qrImage: z.string().optional(),
  /** UPI only: the standard upi://pay link that opens the player's UPI app. */
  upiLink: z.string().optional(),
  active: z.boolean(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;
export const adminAccountListEnvelope = envelope(z.array(adminAccountSchema));
export const adminAccountQuerySchema = z.object({ amount: z.coerce.number().positive().max(10_000_000).optional() });

/** POST /api/v1/admin-deposit-request */
export const depositCreateSchema = z
  .object({
    amount: z
      .number({ error: MESSAGES.depositAmountRequired })
      .refine((value) => rupeesToPaise(value) !== null, 'Amounts have at most two decimals')
      .refine((value) => value >= MIN_DEPOSIT_RUPEES, MESSAGES.depositMinimum)
      .refine((value) => value <= 10_000_000, 'Amount is too large'),
    accountId: z.string({ error: 'Choose the account you paid into' }).uuid('Choose the account you paid into'),
    txnRef: z.string().trim().max(40, 'Reference id is at most 40 characters').optional(),
    type: z.enum(['upi', 'bank']),
    /** A data URL of a screenshot (PNG, JPEG or WebP, at most 5 MB). */
    baseImage: z.string().max(7_000_000, 'Image is larger than 5 MB').optional(),
  })
  .refine((body) => (body.txnRef ?? '').length > 0 || (body.baseImage ?? '').length > 0, {
    message: MESSAGES.depositProofRequired,
    path: ['txnRef'],
  });
export type DepositCreate = z.infer<typeof depositCreateSchema>;

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const depositSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  type: z.enum(['upi', 'bank']),
  txnRef: z.string().nullable(),
  /** A small re-encoded preview as a data URL (spec §3 "screenShot (base64)"); the full image at screenShotUrl. */
  screenShot: z.string().nullable(),
  screenShotUrl: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  reason: z.string().nullable(),
  account: z.object({
    _id: z.string(),
    type: z.enum(['upi', 'bank']),
    accountNumber: z.string(),
    accountHolderName: z.string(),
  }),
  awaitingSecondApproval: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;
export const depositEnvelope = envelope(depositSchema);
export const depositListEnvelope = envelope(z.array(depositSchema));

/** start_date and end_date are YYYY-MM-DD in India time, inclusive (PRODUCT.md §2). */
const isoDate = calendarDate('Dates look like 2026-11-21');
export const dateRangeQuerySchema = z
  .object({ start_date: isoDate.optional(), end_date: isoDate.optional() })
  .refine(
    (query) => query.start_date === undefined || query.end_date === undefined || query.start_date <= query.end_date,
    {
      message: 'The start date must not be after the end date',
      path: ['start_date'],
    },
  );
export type DateRangeQuery = z.infer<typeof dateRangeQuerySchema>;

/** POST /api/v1/withdrawal-request */
export const withdrawalCreateSchema = z.object({
  amount: z
    .number({ error: MESSAGES.withdrawalAmountRequired })
    .refine((value) => rupeesToPaise(value) !== null, 'Amounts have at most two decimals')
    .refine((value) => value >= MIN_WITHDRAWAL_RUPEES, MESSAGES.withdrawalMinimum)
    .refine((value) => value <= 10_000_000, 'Amount is too large'),
  accountId: z.string({ error: 'Choose the account to be paid into' }).uuid('Choose the account to be paid into'),
});
export type WithdrawalCreate = z.infer<typeof withdrawalCreateSchema>;

export const withdrawalSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  status: z.enum(REQUEST_STATUSES),
  reason: z.string().nullable(),
  account: paymentAccountSchema,
  awaitingSecondApproval: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalEnvelope = envelope(withdrawalSchema);
export const withdrawalListEnvelope = envelope(z.array(withdrawalSchema));

/** Responsible gambling: self-set deposit limits (PRODUCT.md §7). */
export const depositLimitSchema = z.object({
  period: z.enum(DEPOSIT_LIMIT_PERIODS),
  /** The limit in force, rupees; null = none. */
  amount: z.number().nullable(),
  /** A raised (or removed) limit waits 24 hours. */
  pendingAmount: z.number().nullable(),
  pendingRemoval: z.boolean(),
  pendingEffectiveAt: z.string().nullable(),
  /** Deposits counted against the limit in the current period (approved and awaiting approval), rupees. */
  used: z.number(),
  /** Of those, approved deposits: what the player has actually deposited this period, rupees. */
  approved: z.number(),
  /** Of those, deposits still awaiting approval (they count against the limit too), rupees. */
  pending: z.number(),
});
export type DepositLimit = z.infer<typeof depositLimitSchema>;
export const depositLimitListEnvelope = envelope(z.array(depositLimitSchema));
export const depositLimitUpdateSchema = z.object({
  period: z.enum(DEPOSIT_LIMIT_PERIODS),
  /** null removes the limit (after 24 hours). */
  amount: rupeesSchema('Enter a limit').nullable(),
});

/** Statement calls: isChecked true = the bonus wallet (PRODUCT.md §3). */
export const statementQuerySchema = z
  .object({
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    isChecked: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .optional()
      .transform((value) => value === true || value === 'true'),
  })
  .refine(
    (query) => query.start_date === undefined || query.end_date === undefined || query.start_date <= query.end_date,
    {
      message: 'The start date must not be after the end date',
      path: ['start_date'],
    },
  );

/**
 * The structured parts of a line's description, so a client can word the line in another language
 * (issue 14, ADR 0030): names stay as they are (proper names), operators' reasons stay their own
 * words. Every field is optional: a line written before a field existed lacks it.
 */
export const statementPartsSchema = z
  .object({
    sport: z.string(),
    event: z.string(),
    market: z.string(),
    /** A settled market's winning runner. */
    winner: z.string(),
    /** A settled fancy market's runs. */
    runs: z.number().int(),
    /** An operator's reason: a void, a rejected withdrawal, an adjustment. */
    reason: z.string(),
    /** Casino: the provider's name and the lobby the game belongs to. */
    provider: z.string(),
    lobby: z.enum(['slots', 'live']),
    /** Deposit: how it was paid, and the reference (UTR). */
    method: z.enum(['upi', 'bank']),
    ref: z.string(),
    /** Withdrawal: the payment account, masked. */
    account: z.string(),
    /** Bonus: the offer's name. */
    offer: z.string(),
    /** Referral earnings: the week, YYYY-MM-DD. */
    weekStart: z.string(),
    weekEnd: z.string(),
    /** Chips, credit and credit settlements: to the player, or from the player. */
    direction: z.enum(['in', 'out']),
  })
  .partial();
export type StatementParts = z.infer<typeof statementPartsSchema>;

export const statementLineSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  kind: z.string(),
  /** The server's English text (the specification's wording where it has one). */
  description: z.string(),
  parts: statementPartsSchema.optional(),
  /** Positive: money in; negative: money out (rupees). */
  amount: z.number(),
  credit: z.number(),
  debit: z.number(),
  /** The wallet balance just after this line. */
  balance: z.number(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;
export const statementEnvelope = envelope(
  z.object({ openingBalance: z.number(), closingBalance: z.number(), lines: z.array(statementLineSchema) }),
);

export const profitLossRowSchema = z.object({
  key: z.string(),
  /** sport / event / market for sports; provider / game for casino. */
  group: z.enum(['sport', 'casino']),
  sport: z.string().nullable(),
  event: z.string().nullable(),
  market: z.string().nullable(),
  provider: z.string().nullable(),
  profitLoss: z.number(),
  commission: z.number(),
  count: z.number().int(),
});
export type ProfitLossRow = z.infer<typeof profitLossRowSchema>;
export const profitLossEnvelope = envelope(z.object({ rows: z.array(profitLossRowSchema), total: z.number() }));

// Back office: the money desk

export const deskQuerySchema = z.object({
  status: z.enum(REQUEST_STATUSES).default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

const deskPlayerSchema = z.object({ _id: z.string(), name: z.string(), username: z.string(), mobile_no: z.string() });

export const deskDepositSchema = depositSchema.extend({
  player: deskPlayerSchema,
  /**
   * The cash agent whose receiving account was paid (PRODUCT.md §9): only it or an agent above it decides
   * the deposit; the house's operators see it read-only. Null: the house's own account.
   */
  receivingAgent: z.object({ _id: z.string(), name: z.string() }).nullable(),
  firstApprovedBy: z.string().nullable(),
  firstApprovedByName: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
});
export type DeskDeposit = z.infer<typeof deskDepositSchema>;
export const deskDepositListEnvelope = envelope(
  z.object({ items: z.array(deskDepositSchema), total: z.number().int() }),
);
export const deskDepositEnvelope = envelope(deskDepositSchema);

export const deskWithdrawalSchema = withdrawalSchema.extend({
  player: deskPlayerSchema,
  firstApprovedBy: z.string().nullable(),
  firstApprovedByName: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
});
export type DeskWithdrawal = z.infer<typeof deskWithdrawalSchema>;
export const deskWithdrawalListEnvelope = envelope(
  z.object({ items: z.array(deskWithdrawalSchema), total: z.number().int() }),
);
export const deskWithdrawalEnvelope = envelope(deskWithdrawalSchema);

export const rejectRequestSchema = z.object({
  reason: z.string({ error: 'Give a reason' }).trim().min(1, 'Give a reason').max(300),
});

export const receivingAccountCreateSchema = paymentAccountCreateSchema;
export const receivingAccountUpdateSchema = z.object({ active: z.boolean() });

export const adjustmentCreateSchema = z.object({
  wallet: z.enum(['main', 'bonus']),
  /** Signed rupees: positive credits the player, negative debits. */
  amount: z
    .number({ error: 'Enter an amount' })
    .refine(
      (value) => rupeesToPaise(value) !== null && value !== 0,
      'Enter a non-zero amount with at most two decimals',
    ),
  reason: z.string({ error: 'Give a reason' }).trim().min(3, 'Give a reason').max(300),
});
export const adjustmentSchema = z.object({
  _id: z.string(),
  wallet: z.enum(['main', 'bonus']),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(['pending', 'applied', 'rejected']),
  requestedBy: z.string(),
  approvedBy: z.string().nullable(),
  createdAt: z.string(),
});
export const adjustmentEnvelope = envelope(adjustmentSchema);
export const adjustmentListEnvelope = envelope(z.array(adjustmentSchema));

export const ledgerQuerySchema = z.object({
  wallet: z.enum(['main', 'bonus', 'referral']).default('main'),
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
});
