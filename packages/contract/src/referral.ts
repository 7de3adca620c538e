import { z } from 'zod';
import { rupeesToPaise } from '@khel/money';
import { envelope } from './envelope.js';
import { calendarDate } from './text.js';

/** The referral programme (PRODUCT.md §8). Money in rupees on the wire. */

export const REFERRAL_CODE_LENGTH = 8;
/** Weeks run Sunday to Saturday, India time. */
export const REFERRAL_WEEK_STARTS_ON = 'sunday' as const;

export const referralTotalsSchema = z.object({
  /** Everything ever earned, rupees. */
  earned: z.number(),
  /** refBonus now: what a claim would move. */
  claimable: z.number(),
  claimed: z.number(),
  /** The least a claim moves. */
  minClaim: z.number(),
});
export type ReferralTotals = z.infer<typeof referralTotalsSchema>;

export const referredUserSchema = z.object({
  _id: z.string(),
  /** Partly masked, e.g. "As** K****". */
  name: z.string(),
  joinedAt: z.string(),
  firstDepositMade: z.boolean(),
  /** Rupees this player has earned the referrer. */
  totalEarned: z.number(),
});
export type ReferredUser = z.infer<typeof referredUserSchema>;

/** GET /api/v1/get-refferal-users */
export const referralUsersSchema = z.object({
  referralCode: z.string(),
  /** Path and query of the share link: `/?referral_code=CODE` (the app puts its origin in front). */
  sharePath: z.string(),
  totals: referralTotalsSchema,
  users: z.array(referredUserSchema),
});
export type ReferralUsers = z.infer<typeof referralUsersSchema>;
export const referralUsersEnvelope = envelope(referralUsersSchema);

export const REFERRAL_TRANSACTION_KINDS = ['earned', 'claimed'] as const;
/** One movement of the referral account. */
export const referralTransactionSchema = z.object({
  _id: z.string(),
  kind: z.enum(REFERRAL_TRANSACTION_KINDS),
  /** Positive earned, negative claimed; rupees. */
  amount: z.number(),
  /** For an earning: the week (YYYY-MM-DD, Sunday and Saturday). */
  weekStartDate: z.string().nullable(),
  weekEndDate: z.string().nullable(),
  description: z.string(),
  /** refBonus just after. */
  balance: z.number(),
  createdAt: z.string(),
});
export type ReferralTransaction = z.infer<typeof referralTransactionSchema>;
/** GET /api/v1/get-refferal-transactions */
export const referralTransactionListEnvelope = envelope(z.array(referralTransactionSchema));

// A date that exists on the calendar, from 1900 on: year 0000 once sent the week loop round for ever.
const isoDate = calendarDate('Dates look like 2026-11-22');
/** GET /api/v1/get-weekly-refferal-transactions?startDate&endDate — dates YYYY-MM-DD, India time, inclusive, at most 31 days. */
export const weeklyReferralQuerySchema = z
  .object({ startDate: isoDate, endDate: isoDate })
  .refine((query) => query.startDate <= query.endDate, {
    message: 'The start date must not be after the end date',
    path: ['startDate'],
  })
  .refine((query) => (Date.parse(query.endDate) - Date.parse(query.startDate)) / 86_400_000 <= 31, {
    message: 'Choose at most 31 days',
    path: ['endDate'],
  })
  .refine((query) => !Number.isNaN(Date.parse(query.startDate)) && !Number.isNaN(Date.parse(query.endDate)), {
    message: 'Dates look like 2026-11-22',
    path: ['startDate'],
  });
export type WeeklyReferralQuery = z.infer<typeof weeklyReferralQuerySchema>;

export const WEEKLY_REFERRAL_STATUSES = ['paid', 'refused', 'open'] as const;
/** One referred player's week. `open`: the week has not closed yet (a provisional figure, not paid). */
export const weeklyReferralRowSchema = z.object({
  referredUserId: z.string(),
  name: z.string(),
  weekStartDate: z.string(),
  weekEndDate: z.string(),
  /** The referred player's net loss on settled bets and rounds that week (0 when they won). */
  netLoss: z.number(),
  earned: z.number(),
  /** True when the cap cut the earning. */
  capped: z.boolean(),
  status: z.enum(WEEKLY_REFERRAL_STATUSES),
  /** Why an earning was refused (shared payment account or device). */
  refusedReason: z.string().nullable(),
});
export type WeeklyReferralRow = z.infer<typeof weeklyReferralRowSchema>;
export const weeklyReferralEnvelope = envelope(z.object({ rows: z.array(weeklyReferralRowSchema), total: z.number() }));

/** PUT /api/v1/claim-ref-bonus: body optional (empty object). */
export const claimRefBonusRequestSchema = z.object({}).optional();
export const claimRefBonusEnvelope = envelope(
  z.object({ claimed: z.number(), refBonus: z.number(), balance: z.number() }),
);

// Back office

const rupeesOrZero = z
  .number()
  .min(0, 'At least 0')
  .max(10_000_000)
  .refine((value) => rupeesToPaise(value) !== null, 'Amounts have at most two decimals');
export const referralSettingsSchema = z.object({
  /** Percent of a referred player's weekly net loss (default 5). */
  ratePercent: z
    .number()
    .min(0, 'At least 0 %')
    .max(50, 'At most 50 %')
    .refine((value) => rupeesToPaise(value) !== null, 'At most two decimals'),
  /** Most one referred player earns the referrer in a week, rupees. */
  capPerPlayerWeek: rupeesOrZero,
  /** The least a claim-ref-bonus moves, rupees. */
  minClaim: rupeesOrZero,
  /** Paid to the referrer's bonus wallet on a referred player's first approved deposit; 0 = off. */
  firstDepositReward: rupeesOrZero,
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;
/** GET/PUT /api/v1/backoffice/referral-settings */
export const referralSettingsUpdateSchema = referralSettingsSchema;
export const referralSettingsEnvelope = envelope(referralSettingsSchema);

export const REFERRAL_FLAG_REASONS = ['shared_upi', 'shared_bank_account', 'shared_device'] as const;
const pairUserSchema = z.object({ _id: z.string(), name: z.string(), username: z.string(), mobile_no: z.string() });
export const referralFlagSchema = z.object({
  _id: z.string(),
  referrer: pairUserSchema,
  referred: pairUserSchema,
  reason: z.enum(REFERRAL_FLAG_REASONS),
  /** The shared UPI id, account number (masked) or device fingerprint (shortened). */
  detail: z.string(),
  createdAt: z.string(),
});
export type ReferralFlag = z.infer<typeof referralFlagSchema>;
/** GET /api/v1/backoffice/referral-flags */
export const referralFlagListEnvelope = envelope(z.array(referralFlagSchema));

/** GET /api/v1/backoffice/bonus-report?weeks=8 — per India week (Sunday–Saturday), newest first. */
export const bonusReportQuerySchema = z.object({ weeks: z.coerce.number().int().min(1).max(52).default(8) });
export const bonusReportRowSchema = z.object({
  weekStartDate: z.string(),
  weekEndDate: z.string(),
  bonusesGranted: z.number().int(),
  bonusesActivated: z.number().int(),
  /** Bonus money posted to bonus wallets on activation, rupees. */
  bonusPosted: z.number(),
  bonusesCompleted: z.number().int(),
  bonusesClaimed: z.number().int(),
  /** Bonus money converted to main wallets by claims (the cost), rupees. */
  bonusConverted: z.number(),
  bonusesForfeited: z.number().int(),
  bonusesExpired: z.number().int(),
  referralEarned: z.number(),
  referralClaimed: z.number(),
  referralRefused: z.number().int(),
});
export type BonusReportRow = z.infer<typeof bonusReportRowSchema>;
export const bonusReportEnvelope = envelope(z.array(bonusReportRowSchema));
