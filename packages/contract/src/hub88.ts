import { z } from 'zod';
import { envelope } from './envelope.js';
import { calendarDate } from './text.js';

/**
 * Hub88, the casino aggregator, by its published protocol (docs.hub88.io, "Operator API"): the Wallet
 * API it calls on the operator (`/user/info`, `/user/balance`, `/transaction/bet|win|rollback`, served
 * here under `/api/v1/hub88/`), its statuses, and the Games and Transactions APIs the operator calls on
 * Hub88. Field names are Hub88's, word for word; every body is signed (`X-Hub88-Signature`, RSA-SHA256
 * of the raw bytes, base64). Amounts are Hub88's integers: the currency unit × 100,000 (₹3.56 is
 * 356000), so one paisa is 1,000. Decision 0046.
 */

/** The Wallet API's answer statuses (Hub88's "Seamless Wallet response statuses - Operator API"). */
export const HUB88_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_BET_LIMIT_EXCEEDED',
] as const;
export type Hub88Status = (typeof HUB88_STATUSES)[number];

/** Hub88 integers per currency unit: ₹1 = 100,000. */
export const HUB88_UNITS_PER_RUPEE = 100_000;
/** One paisa in Hub88 integers. */
export const HUB88_UNITS_PER_PAISA = 1_000;

/**
 * A transaction id. Hub88 sends UUIDs; the charset is held to a UUID's (no `/`), because the wallet
 * round of a bet is named `<bet transaction_uuid>/<round>` and must not be ambiguous.
 */
const transactionUuid = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/, 'A UUID');
const printable = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\x20-\x7e]+$/, 'Printable ASCII');
/** An integer amount in Hub88 units (≤ ₹10 crore, so it stays an exact JSON number). */
const amount = z.number().int().min(0).max(10_000_000_000_000);

/** The fields every Wallet API body may carry beyond its own; unknown fields are ignored (Hub88 adds fields over time). */
const common = { request_uuid: printable(100) };

/** POST /user/info */
export const hub88UserInfoSchema = z.object({ ...common, user: printable(100) });
/** POST /user/balance */
export const hub88BalanceSchema = z.object({
  ...common,
  user: printable(100),
  token: printable(255).optional().nullable(),
  game_code: printable(100).optional().nullable(),
});
const transactionFields = {
  ...common,
  user: printable(100),
  transaction_uuid: transactionUuid,
  supplier_transaction_id: printable(255).optional().nullable(),
  token: printable(255).optional().nullable(),
  supplier_user: printable(255).optional().nullable(),
  round_closed: z.boolean().optional().nullable(),
  round: printable(100).optional().nullable(),
  reward_uuid: printable(100).optional().nullable(),
  game_code: printable(100),
  meta: z.record(z.string(), z.unknown()).optional().nullable(),
};
/** POST /transaction/bet: take `amount` from the player (nothing when `is_free`). */
export const hub88BetSchema = z.object({
  ...transactionFields,
  is_free: z.boolean().optional().nullable(),
  is_aggregated: z.boolean().optional().nullable(),
  bet: printable(255).optional().nullable(),
  currency: z.string().regex(/^[A-Za-z]{3,4}$/, 'An ISO 4217 code'),
  amount,
});
/** POST /transaction/win: pay `amount` for the bet named by `reference_transaction_uuid`. */
export const hub88WinSchema = hub88BetSchema.extend({ reference_transaction_uuid: transactionUuid });
/** POST /transaction/rollback: return the bet named by `reference_transaction_uuid`. */
export const hub88RollbackSchema = z.object({ ...transactionFields, reference_transaction_uuid: transactionUuid });
export type Hub88UserInfo = z.infer<typeof hub88UserInfoSchema>;
export type Hub88Balance = z.infer<typeof hub88BalanceSchema>;
export type Hub88Bet = z.infer<typeof hub88BetSchema>;
export type Hub88Win = z.infer<typeof hub88WinSchema>;
export type Hub88Rollback = z.infer<typeof hub88RollbackSchema>;

/** The fields each call must carry (a missing one is RS_ERROR_WRONG_SYNTAX; a present one of the wrong type RS_ERROR_WRONG_TYPES). */
export const HUB88_REQUIRED_FIELDS = {
  'user/info': ['user', 'request_uuid'],
  'user/balance': ['user', 'request_uuid'],
  'transaction/bet': ['user', 'transaction_uuid', 'request_uuid', 'game_code', 'currency', 'amount'],
  'transaction/win': [
    'user',
    'transaction_uuid',
    'request_uuid',
    'reference_transaction_uuid',
    'game_code',
    'currency',
    'amount',
  ],
  'transaction/rollback': ['user', 'transaction_uuid', 'request_uuid', 'reference_transaction_uuid', 'game_code'],
} as const;
export type Hub88Call = keyof typeof HUB88_REQUIRED_FIELDS;

/** Every Wallet API answer (HTTP 200, signed): `status` always; the rest when known. */
export const hub88AnswerSchema = z.object({
  status: z.enum(HUB88_STATUSES),
  request_uuid: z.string().optional(),
  user: z.string().optional(),
  currency: z.string().optional(),
  /** The available balance (balance + exposure) of the session's wallet, in Hub88 units. */
  balance: z.number().int().optional(),
  country: z.string().optional(),
  registration_date: z.string().optional(),
  sub_partner_id: z.string().optional(),
});
export type Hub88Answer = z.infer<typeof hub88AnswerSchema>;

// The Operator API: what the operator calls on Hub88 (signed with the operator's key)

/** POST /operator/generic/v2/game/list */
export const hub88GameListRequestSchema = z.object({ operator_id: z.number().int() });
/** One game of Hub88's list (the fields the lobby imports; the rest of Hub88's are kept out). */
export const hub88GameSchema = z.object({
  game_id: z.number().int().optional(),
  game_code: z.string().min(1).max(80),
  name: z.string().min(1).max(200),
  /** The studio ("product"), e.g. Evolution. */
  product: z.string().min(1).max(100),
  category: z.string().min(1).max(100),
  url_thumb: z.string().max(1000).nullable().optional(),
  url_background: z.string().max(1000).nullable().optional(),
  platforms: z.array(z.string()).optional(),
  enabled: z.boolean(),
  freebet_support: z.boolean().optional(),
  demo_game_support: z.boolean().optional(),
});
export type Hub88Game = z.infer<typeof hub88GameSchema>;
export const hub88GameListSchema = z.array(hub88GameSchema);

/** POST /operator/generic/v2/game/url: the landing URL of a game for one session token. */
export const hub88GameUrlRequestSchema = z.object({
  user: z.string().min(3),
  token: z.string().min(10).max(255),
  sub_partner_id: z.string().optional(),
  platform: z.enum(['GPL_DESKTOP', 'GPL_MOBILE']),
  operator_id: z.number().int(),
  meta: z.record(z.string(), z.unknown()).optional(),
  lobby_url: z.string().max(255).optional(),
  lang: z.string().min(2).max(5),
  ip: z.string().max(64).optional(),
  game_code: z.string().min(1).max(80),
  deposit_url: z.string().max(255).optional(),
  currency: z.string().min(3).max(4),
  game_currency: z.string().min(3).max(4).optional(),
  country: z.string().length(2),
});
export type Hub88GameUrlRequest = z.infer<typeof hub88GameUrlRequestSchema>;
export const hub88GameUrlSchema = z.object({ url: z.string().min(1) });

/** POST /operator/generic/v2/transactions/list: gameplay transactions between two times (ISO 8601, UTC). */
export const hub88TransactionsRequestSchema = z.object({
  operator_id: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  user: z.string().optional(),
  currency: z.string().optional(),
  round: z.string().nullable().optional(),
});
export const HUB88_TRANSACTION_STATUSES = ['TS_SUCCESS', 'TS_DECLINED', 'TS_PENDING'] as const;
/** One transaction as Hub88 recorded it (TS_SUCCESS: the operator answered RS_OK). */
export const hub88TransactionSchema = z.object({
  transaction_uuid: z.string(),
  reference_transaction_uuid: z.string().nullable(),
  user: z.string(),
  round: z.string().nullable(),
  game_code: z.string(),
  type: z.enum(['bet', 'win', 'rollback']),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(HUB88_TRANSACTION_STATUSES),
  created_at: z.string(),
});
export type Hub88Transaction = z.infer<typeof hub88TransactionSchema>;
export const hub88TransactionListSchema = z.array(hub88TransactionSchema);

/** POST /api/v1/backoffice/casino/hub88/import: how many games were added, refreshed, switched off, skipped. */
export const hub88ImportEnvelope = envelope(
  z.object({
    added: z.number().int(),
    updated: z.number().int(),
    disabled: z.number().int(),
    skipped: z.number().int(),
  }),
);

/** POST /api/v1/backoffice/casino/hub88/reconcile { date }: one India day (over), YYYY-MM-DD. */
export const hub88ReconcileSchema = z.object({ date: calendarDate('Dates are YYYY-MM-DD') });
export const hub88ReconcileEnvelope = envelope(
  z.object({
    day: z.string(),
    ours: z.number().int(),
    theirs: z.number().int(),
    matched: z.number().int(),
    differences: z.number().int(),
  }),
);
