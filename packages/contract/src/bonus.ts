import { z } from 'zod';
import { rupeesToPaise } from '@khel/money';
import { envelope } from './envelope.js';

/**
 * Bonuses (PRODUCT.md §8). Money on the wire is rupees (two decimals at most); the server keeps
 * integer paise. Percentages are whole or two-decimal numbers 0–100.
 */

export const BONUS_OFFER_KINDS = ['welcome', 'deposit', 'manual'] as const;
export type BonusOfferKind = (typeof BONUS_OFFER_KINDS)[number];

export const BONUS_STATUSES = ['offered', 'active', 'completed', 'claimed', 'forfeited', 'expired'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];
/** Statuses after which nothing more happens to a bonus. */
export const BONUS_CLOSED_STATUSES: readonly BonusStatus[] = ['claimed', 'forfeited', 'expired'];

/** The products a stake can come from; each offer sets a contribution per product. */
export const BONUS_PRODUCTS = ['exchange', 'bookmaker', 'fancy', 'slots', 'liveCasino'] as const;
export type BonusProduct = (typeof BONUS_PRODUCTS)[number];

/** A deposit offer is granted at most once per India day or week (or only once ever). */
export const DEPOSIT_OFFER_FREQUENCIES = ['once', 'daily', 'weekly'] as const;
export type DepositOfferFrequency = (typeof DEPOSIT_OFFER_FREQUENCIES)[number];

const twoDecimals = (value: number) => rupeesToPaise(value) !== null;
const rupees = (message: string) =>
  z
    .number({ error: message })
    .refine(twoDecimals, 'Amounts have at most two decimals')
    .refine((value) => value > 0, message)
    .refine((value) => value <= 10_000_000, 'Amount is too large');
const percent = z.number().min(0, 'At least 0 %').max(100, 'At most 100 %').refine(twoDecimals, 'At most two decimals');

export const contributionsSchema = z.object({
  exchange: percent,
  bookmaker: percent,
  fancy: percent,
  slots: percent,
  liveCasino: percent,
});
export type Contributions = z.infer<typeof contributionsSchema>;
export const DEFAULT_CONTRIBUTIONS: Contributions = {
  exchange: 100,
  bookmaker: 100,
  fancy: 50,
  slots: 100,
  liveCasino: 10,
};

const offerFieldsSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80),
  kind: z.enum(BONUS_OFFER_KINDS),
  /** Percent of the deposit (welcome, deposit); null with fixedAmount. */
  percent: z
    .number()
    .gt(0, 'Above 0 %')
    .max(1000, 'At most 1000 %')
    .refine(twoDecimals, 'At most two decimals')
    .nullable(),
  /** The most a percent bonus pays, rupees; null = no cap. */
  capAmount: rupees('Enter a cap').nullable(),
  /** A fixed bonus, rupees (instead of a percent). For manual offers the operator gives the amount. */
  fixedAmount: rupees('Enter an amount').nullable(),
  /** deposit: the smallest deposit that earns the bonus, rupees. */
  minDeposit: rupees('Enter a minimum deposit').nullable(),
  frequency: z.enum(DEPOSIT_OFFER_FREQUENCIES).default('once'),
  /** Wagering requirement = wageringMultiple × bonus amount. */
  wageringMultiple: z.number().min(0, 'At least 0').max(100, 'At most 100').refine(twoDecimals, 'At most two decimals'),
  /** Decimal odds a bet must reach to count (fancy counts at its rate as odds 1 + rate/100). */
  minOdds: z.number().min(1, 'At least 1.00').max(1000).refine(twoDecimals, 'At most two decimals'),
  contributions: contributionsSchema,
  daysToActivate: z.number().int().min(1, 'At least 1 day').max(365),
  daysToComplete: z.number().int().min(1, 'At least 1 day').max(365),
  /** The most a claim converts to the main wallet, rupees; null = all of it. */
  maxConversion: rupees('Enter a maximum conversion').nullable(),
});

const offerRules = <
  T extends z.ZodType<{
    kind: BonusOfferKind;
    percent: number | null;
    fixedAmount: number | null;
    minDeposit: number | null;
  }>,
>(
  schema: T,
) =>
  schema
    .refine((offer) => offer.kind === 'manual' || (offer.percent === null) !== (offer.fixedAmount === null), {
      message: 'Give either a percent of the deposit or a fixed amount',
      path: ['percent'],
    })
    .refine((offer) => offer.kind !== 'deposit' || offer.minDeposit !== null, {
      message: 'Enter a minimum deposit',
      path: ['minDeposit'],
    });

/** POST /api/v1/backoffice/bonus-offers */
export const bonusOfferCreateSchema = offerRules(offerFieldsSchema);
export type BonusOfferCreate = z.infer<typeof bonusOfferCreateSchema>;
/** PUT /api/v1/backoffice/bonus-offers/:id — the whole offer again (kind cannot change). Applies to bonuses granted afterwards. */
export const bonusOfferUpdateSchema = bonusOfferCreateSchema;
export type BonusOfferUpdate = z.infer<typeof bonusOfferUpdateSchema>;
/** PUT /api/v1/backoffice/bonus-offers/:id/pause */
export const bonusOfferPauseSchema = z.object({ paused: z.boolean() });

export const bonusOfferSchema = offerFieldsSchema.extend({
  _id: z.string(),
  paused: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BonusOffer = z.infer<typeof bonusOfferSchema>;
export const bonusOfferEnvelope = envelope(bonusOfferSchema);
export const bonusOfferListEnvelope = envelope(z.array(bonusOfferSchema));

/** One player's bonus, as the player and the operator see it. */
export const playerBonusSchema = z.object({
  _id: z.string(),
  offerId: z.string(),
  offerName: z.string(),
  kind: z.enum(BONUS_OFFER_KINDS),
  status: z.enum(BONUS_STATUSES),
  /** Rupees posted to the bonus wallet on activation. */
  amount: z.number(),
  /** Rupees of counted stakes needed: wageringMultiple × amount. */
  wageringRequired: z.number(),
  wageringProgress: z.number(),
  /** 0–100, two decimals, never above 100. */
  progressPercent: z.number(),
  wageringMultiple: z.number(),
  minOdds: z.number(),
  contributions: contributionsSchema,
  maxConversion: z.number().nullable(),
  /** Deadline to activate an offered bonus (ISO). */
  activateBy: z.string(),
  /** Deadline to complete wagering once active (ISO); null while offered. */
  completeBy: z.string().nullable(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** On a claim: rupees moved to the main wallet; the rest of the bonus wallet was removed. */
  convertedAmount: z.number().nullable(),
  removedAmount: z.number().nullable(),
  /** The rules in plain words, for the /bonus page. */
  rules: z.array(z.string()),
});
export type PlayerBonus = z.infer<typeof playerBonusSchema>;

/** An offer the player can still get (the public part of an offer). */
export const availableOfferSchema = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(BONUS_OFFER_KINDS),
  percent: z.number().nullable(),
  capAmount: z.number().nullable(),
  fixedAmount: z.number().nullable(),
  minDeposit: z.number().nullable(),
  frequency: z.enum(DEPOSIT_OFFER_FREQUENCIES),
  wageringMultiple: z.number(),
  minOdds: z.number(),
  contributions: contributionsSchema,
  daysToActivate: z.number().int(),
  daysToComplete: z.number().int(),
  maxConversion: z.number().nullable(),
  rules: z.array(z.string()),
});
export type AvailableOffer = z.infer<typeof availableOfferSchema>;

/** GET /api/v1/bonus-data */
export const bonusDataSchema = z.object({
  /** The bonus wallet now, rupees (balance and exposure, exposure ≤ 0). */
  bonusBalance: z.number(),
  bonusExposure: z.number(),
  active: playerBonusSchema.nullable(),
  offered: z.array(playerBonusSchema),
  past: z.array(playerBonusSchema),
  availableOffers: z.array(availableOfferSchema),
});
export type BonusData = z.infer<typeof bonusDataSchema>;
export const bonusDataEnvelope = envelope(bonusDataSchema);

/** PUT /api/v1/activate-bonus, /claim-bonus, /forfeit-bonus */
export const bonusActionRequestSchema = z.object({
  bonusId: z.string({ error: 'Choose a bonus' }).uuid('Unknown bonus'),
});
export type BonusActionRequest = z.infer<typeof bonusActionRequestSchema>;
export const bonusActionEnvelope = envelope(playerBonusSchema);

export const BONUS_MESSAGES = {
  activated: 'Bonus activated',
  claimed: 'Bonus claimed to your main wallet',
  forfeited: 'Bonus forfeited',
  refClaimed: 'Referral bonus claimed to your main wallet',
} as const;

// Back office

/** One settled stake's effect on a bonus's wagering (the wagering history). */
export const WAGERING_ENTRY_STATUSES = ['counted', 'below_min_odds', 'voided'] as const;
export const wageringEntrySchema = z.object({
  _id: z.string(),
  source: z.enum(['sports', 'casino']),
  /** The bet or round id. */
  reference: z.string(),
  description: z.string(),
  product: z.enum(BONUS_PRODUCTS),
  /** Stake for a back, liability for a lay or NO; rupees. */
  amountAtRisk: z.number(),
  /** Decimal odds (fancy: 1 + rate/100); null for casino. */
  odds: z.number().nullable(),
  contributionPercent: z.number(),
  /** Rupees added to progress (0 when below the minimum odds or voided). */
  counted: z.number(),
  status: z.enum(WAGERING_ENTRY_STATUSES),
  updatedAt: z.string(),
});
export type WageringEntry = z.infer<typeof wageringEntrySchema>;

export const playerBonusDetailSchema = playerBonusSchema.extend({
  grantedBy: z.string().nullable(),
  grantReason: z.string().nullable(),
  wagering: z.array(wageringEntrySchema),
});
export type PlayerBonusDetail = z.infer<typeof playerBonusDetailSchema>;
/** GET /api/v1/backoffice/users/:id/bonuses */
export const playerBonusDetailListEnvelope = envelope(z.array(playerBonusDetailSchema));

/** POST /api/v1/backoffice/users/:id/bonuses — grant a manual bonus (offered to the player). */
export const manualBonusGrantSchema = z.object({
  offerId: z.string({ error: 'Choose an offer' }).uuid('Choose an offer'),
  /** Rupees; required unless the offer has a fixed amount. */
  amount: rupees('Enter an amount').optional(),
  reason: z.string({ error: 'Give a reason' }).trim().min(3, 'Give a reason').max(300),
});
export type ManualBonusGrant = z.infer<typeof manualBonusGrantSchema>;

export const bonusGrantSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  offerId: z.string(),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(['pending', 'granted', 'rejected']),
  requestedBy: z.string(),
  approvedBy: z.string().nullable(),
  /** The bonus offered to the player once granted. */
  bonusId: z.string().nullable(),
  createdAt: z.string(),
});
export type BonusGrant = z.infer<typeof bonusGrantSchema>;
export const bonusGrantEnvelope = envelope(bonusGrantSchema);
/** GET /api/v1/backoffice/bonus-grants?status=pending */
export const bonusGrantListEnvelope = envelope(z.array(bonusGrantSchema));
export const bonusGrantQuerySchema = z.object({
  status: z.enum(['pending', 'granted', 'rejected']).default('pending'),
});
