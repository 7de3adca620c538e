import { z } from 'zod';
import { rupeesToPaise } from '@khel/money';
import { envelope } from './envelope.js';
import { calendarDate } from './text.js';

/**
 * Partnership, commission, the weekly agent statement and downline bet limits (PRODUCT.md §9,
 * decision 0020). Rates travel as percentages with at most two decimals (85.5 = 8550 basis points).
 */
const percentSchema = (label: string) =>
  z
    .number({ error: `Enter the ${label} as a percentage` })
    .min(0, `The ${label} is between 0 and 100 %`)
    .max(100, `The ${label} is between 0 and 100 %`)
    .refine(
      (value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      'Percentages have at most two decimals',
    );

export const agentRatesUpdateSchema = z.object({
  partnership: percentSchema('partnership'),
  commission: percentSchema('commission'),
  /** On the downline's fancy and bookmaker turnover (decision 0066); omitted: the newest one set stays. */
  sessionCommission: percentSchema('session commission').optional(),
});
export type AgentRatesUpdate = z.infer<typeof agentRatesUpdateSchema>;

export const agentRatesSchema = z.object({
  userId: z.string(),
  partnership: z.number(),
  commission: z.number(),
  sessionCommission: z.number(),
  /** The most this account may be given: its upline's own rates. */
  uplinePartnership: z.number(),
  uplineCommission: z.number(),
  uplineSessionCommission: z.number(),
  setBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /**
   * A change takes effect from the next India week (decision 0051): the rates of the week now running,
   * and the Monday from which `partnership` and `commission` apply when that is still to come.
   */
  inForce: z.object({ partnership: z.number(), commission: z.number(), sessionCommission: z.number() }),
  effectiveFrom: z.string().nullable(),
});
export type AgentRates = z.infer<typeof agentRatesSchema>;
export const agentRatesEnvelope = envelope(agentRatesSchema);

/** Any date of the wanted India-time week (Monday to Sunday); without one, the week now running. */
export const agentStatementQuerySchema = z.object({
  week: calendarDate('Dates look like 2026-11-21').optional(),
});

export const agentStatementSchema = z.object({
  agentId: z.string(),
  agentName: z.string(),
  role: z.number().int(),
  uplineId: z.string().nullable(),
  weekStart: z.string(),
  weekEnd: z.string(),
  /** The downline's P&L from the house's side (positive: the downline lost), rupees. */
  sportsPnl: z.number(),
  casinoPnl: z.number(),
  downlinePnl: z.number(),
  /** Held by the agents below this one. */
  downlineShare: z.number(),
  agentShare: z.number(),
  uplineShare: z.number(),
  /** This agent's part of the house's commission on its downline's exchange net winnings. */
  commission: z.number(),
  partnership: z.number(),
  commissionRate: z.number(),
  /**
   * Session commission (decision 0066): the week's settled stake of fancy and bookmaker bets of the whole
   * downline (voided bets excluded), the agent's rate on it as in force that week, and what its upline
   * owes it: turnover × rate, rounded down to the paisa. The agent pays its own downline agents' out of it.
   */
  sessionTurnover: z.number(),
  sessionCommissionRate: z.number(),
  sessionCommission: z.number(),
  settled: z.object({ at: z.string(), by: z.string() }).nullable(),
});
export type AgentStatement = z.infer<typeof agentStatementSchema>;
export const agentStatementListEnvelope = envelope(
  z.object({ weekStart: z.string(), weekEnd: z.string(), items: z.array(agentStatementSchema) }),
);
export const agentStatementEnvelope = envelope(agentStatementSchema);

export const agentStatementSettleSchema = z.object({
  weekStart: calendarDate('Dates look like 2026-11-23').refine(
    (value) => new Date(`${value}T00:00:00.000Z`).getUTCDay() === 1,
    'A week starts on a Monday',
  ),
});

const limitRupees = z
  .number()
  .positive('Limits are above zero')
  .max(10_000_000, 'Limits are at most ₹1,00,00,000')
  .refine((value) => rupeesToPaise(value) !== null, 'Amounts have at most two decimals')
  .nullable();

export const sportLimitSchema = z
  .object({
    sportId: z.string().uuid('Unknown sport'),
    minStake: limitRupees,
    maxStake: limitRupees,
    maxProfit: limitRupees,
  })
  .refine((limit) => limit.minStake === null || limit.maxStake === null || limit.minStake <= limit.maxStake, {
    message: 'The minimum stake must not be above the maximum',
    path: ['minStake'],
  });

export const betLimitsUpdateSchema = z.object({
  limits: z
    .array(sportLimitSchema)
    .max(50)
    .refine((limits) => new Set(limits.map((limit) => limit.sportId)).size === limits.length, 'One line per sport'),
  blockedSports: z.array(z.string().uuid('Unknown sport')).max(50),
  blockedEvents: z.array(z.string().uuid('Unknown event')).max(500),
});
export type BetLimitsUpdate = z.infer<typeof betLimitsUpdateSchema>;

const limitLineSchema = z.object({
  sportId: z.string(),
  sportName: z.string(),
  minStake: z.number().nullable(),
  maxStake: z.number().nullable(),
  maxProfit: z.number().nullable(),
});
export const betLimitsSchema = z.object({
  /** The account the rules bind (with every account below it). */
  ownerId: z.string(),
  /** The caller's own rules on it, which the caller may change. */
  limits: z.array(limitLineSchema),
  blockedSports: z.array(z.object({ id: z.string(), name: z.string() })),
  blockedEvents: z.array(z.object({ id: z.string(), name: z.string() })),
  /** What binds it from every upline's rules together (the tightest per sport; a block anywhere). */
  inherited: z.object({
    limits: z.array(limitLineSchema),
    blockedSports: z.array(z.object({ id: z.string(), name: z.string() })),
    blockedEvents: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});
export type BetLimits = z.infer<typeof betLimitsSchema>;
export const betLimitsEnvelope = envelope(betLimitsSchema);

/**
 * Locks and limits per market type (issue 28, decision 0064): each setter keeps one line per type on
 * an account below it, binding the account and everything beneath; a lock anywhere on the chain locks,
 * the tightest figures win. Match odds are the exchange's markets.
 */
export const marketTypeRuleSchema = z
  .object({
    marketType: z.enum(['EXCHANGE', 'BOOKMAKER', 'FANCY']),
    locked: z.boolean(),
    minStake: limitRupees,
    maxStake: limitRupees,
    maxProfit: limitRupees,
  })
  .refine((rule) => rule.minStake === null || rule.maxStake === null || rule.minStake <= rule.maxStake, {
    message: 'The minimum stake must not be above the maximum',
    path: ['minStake'],
  });
export type MarketTypeRule = z.infer<typeof marketTypeRuleSchema>;

export const marketTypeRulesUpdateSchema = z.object({
  rules: z
    .array(marketTypeRuleSchema)
    .max(3)
    .refine((rules) => new Set(rules.map((rule) => rule.marketType)).size === rules.length, 'One line per market type'),
});
export type MarketTypeRulesUpdate = z.infer<typeof marketTypeRulesUpdateSchema>;

export const marketTypeRulesSchema = z.object({
  ownerId: z.string(),
  /** The caller's own line per market type (all three, unlocked and empty where it set nothing). */
  rules: z.array(marketTypeRuleSchema),
  /** What binds the account from everyone else's lines on it and its uplines: locked anywhere, the tightest figures. */
  inherited: z.array(marketTypeRuleSchema),
});
export type MarketTypeRules = z.infer<typeof marketTypeRulesSchema>;
export const marketTypeRulesEnvelope = envelope(marketTypeRulesSchema);

/** The client list's lock toggles: for each account asked about, each market type locked, and by whom. */
export const marketLocksQuerySchema = z.object({
  userIds: z
    .string()
    .transform((text) => text.split(',').filter((id) => id.length > 0))
    .pipe(z.array(z.string().uuid('Unknown account')).min(1).max(100)),
});
export const marketLockSchema = z.object({
  userId: z.string(),
  marketType: z.enum(['EXCHANGE', 'BOOKMAKER', 'FANCY']),
  /** `you`: the caller's own lock on this account (it may lift it); `above`: a lock on it or an account above it that the caller did not set here. */
  lockedBy: z.enum(['you', 'above']),
});
export type MarketLock = z.infer<typeof marketLockSchema>;
export const marketLocksEnvelope = envelope(z.object({ locks: z.array(marketLockSchema) }));
