import { z } from 'zod';
import { envelope } from './envelope.js';
import { adminAccountSchema, dateRangeQuerySchema, rupeesSchema } from './money.js';

/**
 * Agents' money (PRODUCT.md §9): chips a cash agent's upline gives or takes, credit a credit agent gives
 * or takes, settlements with credit players, and the downline figures. Amounts in rupees on the wire.
 */

/** At most ₹100 crore in one movement: far above any real line, far below the ledger's range. */
const MAX_MOVE_RUPEES = 1_000_000_000;
const movedRupees = rupeesSchema('Enter an amount').refine(
  (value) => value <= MAX_MOVE_RUPEES,
  'That amount is too large',
);

export const chipsMoveSchema = z.object({
  /** give: from the account's upline (or the house) to the account; take: back. */
  action: z.enum(['give', 'take']),
  amount: movedRupees,
});
export type ChipsMove = z.infer<typeof chipsMoveSchema>;

export const creditMoveSchema = z.object({
  /** give raises the account's credit reference out of its upline's free credit; take lowers it. */
  action: z.enum(['give', 'take']),
  amount: movedRupees,
});
export type CreditMove = z.infer<typeof creditMoveSchema>;

export const creditSettlementSchema = z.object({
  /** Cash that changed hands outside the product; brings Ref P&L this much closer to zero. */
  amount: movedRupees,
  note: z.string().trim().max(200).optional(),
});
export type CreditSettlement = z.infer<typeof creditSettlementSchema>;

/**
 * One account's figures over its whole subtree (itself included). Credit accounts: Credit Ref, Balance,
 * Exposure (zero or negative), Available = Balance + Exposure, Ref P&L = Balance − Credit Ref. Cash
 * accounts have no credit reference: creditRef and refPnl are null.
 */
export const accountFiguresSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  role: z.number().int(),
  kind: z.enum(['cash', 'credit', 'house']),
  creditRef: z.number().nullable(),
  balance: z.number(),
  exposure: z.number(),
  available: z.number(),
  refPnl: z.number().nullable(),
});
export type AccountFigures = z.infer<typeof accountFiguresSchema>;

export const agentMoneyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AgentMoneyQuery = z.infer<typeof agentMoneyQuerySchema>;

/**
 * An account's money view: its figures, its own book (an agent's chips or undistributed credit; a
 * player's main balance), and a page of its direct downline's figures. An agent's figures equal its own
 * book plus the sum of its direct downline's (Exposure and Ref P&L: exactly the sum of the downline's).
 */
export const accountMoneySchema = z.object({
  account: accountFiguresSchema,
  own: z.number(),
  downline: z.array(accountFiguresSchema),
  downlineTotal: z.number().int(),
});
export type AccountMoney = z.infer<typeof accountMoneySchema>;
export const accountMoneyEnvelope = envelope(accountMoneySchema);

/**
 * Money from the top of the tree (issue 24, decision 0044): chips, credit or a settlement the house
 * gives that took an operator's total for the account that India day above the second-approval line.
 * Nothing moves until a different operator approves it.
 */
export const HOUSE_MONEY_STATUSES = ['pending', 'applied', 'rejected'] as const;
export const houseMoneyRequestSchema = z.object({
  _id: z.string(),
  kind: z.enum(['chips', 'credit', 'settlement']),
  action: z.enum(['give', 'take', 'settle']),
  amount: z.number(),
  note: z.string().nullable(),
  status: z.enum(HOUSE_MONEY_STATUSES),
  target: z.object({ _id: z.string(), name: z.string(), username: z.string(), role: z.number().int() }),
  requestedBy: z.string(),
  requestedByName: z.string(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type HouseMoneyRequest = z.infer<typeof houseMoneyRequestSchema>;
export const houseMoneyRequestEnvelope = envelope(houseMoneyRequestSchema);
/**
 * What a second approver sees beside a request (issue 24): the requester's own total for the account
 * that India day (what they moved alone, counted against the line), the other requests waiting for the
 * same account, and who made the first approval (for house money and adjustments: the requester).
 */
export const APPROVAL_KINDS = ['adjustment', 'deposit', 'withdrawal', 'houseMoney', 'bonusGrant'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const waitingRequestSchema = z.object({
  kind: z.enum(APPROVAL_KINDS),
  _id: z.string(),
  /** Rupees; an adjustment's debit is negative, a house move's "take" too. */
  amount: z.number(),
  requestedByName: z.string(),
  createdAt: z.string(),
});
export type WaitingRequest = z.infer<typeof waitingRequestSchema>;
export const approvalContextSchema = z.object({
  /**
   * The India day the total is for (YYYY-MM-DD): the day of the first approval (for house money and
   * adjustments, the day the request was made); with no first approval yet, today.
   */
  indiaDate: z.string(),
  /**
   * Whose total it is: the operator who asked for the second approval (house money, adjustments: the
   * requester; deposits, withdrawals: the first approver), or, before a first approval, the caller.
   */
  totalOf: z.object({ by: z.string(), byName: z.string() }),
  /** What `totalOf` moved alone for the account that India day (the line is applied to it), this request not included. */
  requesterTotalToday: z.number(),
  firstApproval: z.object({ by: z.string(), byName: z.string(), at: z.string() }).nullable(),
  otherWaiting: z.array(waitingRequestSchema),
});
export type ApprovalContext = z.infer<typeof approvalContextSchema>;
export const approvalContextEnvelope = envelope(approvalContextSchema);
export const houseMoneyDetailSchema = houseMoneyRequestSchema.extend({ context: approvalContextSchema });
export type HouseMoneyDetail = z.infer<typeof houseMoneyDetailSchema>;
export const houseMoneyDetailEnvelope = envelope(houseMoneyDetailSchema);
export const houseMoneyQuerySchema = z.object({
  status: z.enum(HOUSE_MONEY_STATUSES).default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const houseMoneyListEnvelope = envelope(
  z.object({ items: z.array(houseMoneyRequestSchema), total: z.number().int() }),
);

/** The answer to a chips, credit or settlement move: the account's figures, and the request when it waits. */
export const moneyMoveSchema = accountMoneySchema.extend({ waiting: houseMoneyRequestSchema.nullable() });
export type MoneyMove = z.infer<typeof moneyMoveSchema>;
export const moneyMoveEnvelope = envelope(moneyMoveSchema);

/** A credit player's own line (PRODUCT.md §9), for the player app's header and statements. */
export const creditLineSchema = z.object({
  creditRef: z.number(),
  balance: z.number(),
  exposure: z.number(),
  available: z.number(),
  refPnl: z.number(),
});
export type CreditLine = z.infer<typeof creditLineSchema>;
export const creditLineEnvelope = envelope(creditLineSchema);

/**
 * A cash agent's own receiving account (decision 0026): the site's receiving-account model with its
 * owner. Players below the agent are offered the nearest cash agent's active ones on the deposit screen.
 */
export const agentReceivingAccountSchema = adminAccountSchema.extend({ ownerId: z.string(), ownerName: z.string() });
export type AgentReceivingAccount = z.infer<typeof agentReceivingAccountSchema>;
export const agentReceivingAccountEnvelope = envelope(agentReceivingAccountSchema);
export const agentReceivingAccountListEnvelope = envelope(z.array(agentReceivingAccountSchema));

/**
 * An agent's own statement (issue 24, decision 0054): every move of its own book — a cash agent's chips,
 * a credit agent's free credit — in and out, with the running balance, in India dates. Read by the agent
 * and its upline (the subtree), never by a sibling.
 */
export const agentBookQuerySchema = dateRangeQuerySchema;
export const agentBookLineSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  /** The India calendar day of the move (YYYY-MM-DD). */
  indiaDate: z.string(),
  kind: z.string(),
  /** From the agent's side: "Chips given to Ravi", "Deposit of Ravi approved", "Chips from the house". */
  description: z.string(),
  /** The other account of the move (a downline account or the upline); null when it is the house's. */
  counterparty: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Positive: into the agent's book; negative: out of it (rupees). */
  amount: z.number(),
  /** The book's balance just after this line. */
  balance: z.number(),
});
export type AgentBookLine = z.infer<typeof agentBookLineSchema>;
export const agentBookStatementSchema = z.object({
  agent: z.object({ _id: z.string(), name: z.string(), role: z.number().int() }),
  book: z.enum(['chips', 'credit']),
  /** The India dates the statement covers, inclusive. */
  startDate: z.string(),
  endDate: z.string(),
  openingBalance: z.number(),
  closingBalance: z.number(),
  lines: z.array(agentBookLineSchema),
  /**
   * A credit agent's settlements with its credit players (cash that changed hands outside the product):
   * positive when the agent received cash, with the running net received. Null for a cash agent.
   */
  settlements: z
    .object({ openingBalance: z.number(), closingBalance: z.number(), lines: z.array(agentBookLineSchema) })
    .nullable(),
});
export type AgentBookStatement = z.infer<typeof agentBookStatementSchema>;
export const agentBookStatementEnvelope = envelope(agentBookStatementSchema);
