import { z } from 'zod';
import { rupeesToPaise } from '@khel/money';
import { envelope, metaSchema } from './envelope.js';
import type { ErrorCode } from './errors.js';
import { calendarDate } from './text.js';

/**
 * Casino: the lobby, launching a game, the seamless wallet that providers call back (PRODUCT.md §3,
 * §4 "Casino wallet"), the house provider's game calls, and the back office's casino catalogue.
 */

/** A wire amount in rupees, at most two decimals, zero allowed (a losing round credits 0). */
const rupeesAmount = z
  .number()
  .finite()
  .min(0, 'Amounts are not negative')
  .max(100_000_000, 'Amount too large')
  .refine((value) => rupeesToPaise(value) !== null, 'Amounts have at most two decimals');
const positiveRupees = rupeesAmount.refine((value) => value > 0, 'Enter an amount');

const code = z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'Lowercase letters, digits and dashes');
const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

// Lobby and launch

export const CASINO_LAUNCH_KINDS = ['table', 'qtech', 'win', 'play'] as const;
export type CasinoLaunchKind = (typeof CASINO_LAUNCH_KINDS)[number];

/** GET /api/v1/casino-games */
export const casinoGamesQuerySchema = z.object({
  slots: booleanQuery,
  category: z.string().trim().min(1).max(60).optional(),
  provider: z.string().trim().min(1).max(60).optional(),
});

export const casinoGameSchema = z.object({
  _id: z.string(),
  title: z.string(),
  game_images: z.string(),
  game_category: z.string(),
  provider_name: z.string(),
  provider_code: z.string(),
  game_code: z.string(),
  is_slot: z.boolean(),
  order: z.number().int(),
  /** How the player app launches it: which call, and its path (every call answers `{ url }`). */
  launch: z.object({
    kind: z.enum(CASINO_LAUNCH_KINDS),
    method: z.enum(['GET', 'POST']),
    path: z.string(),
    body: z.object({ gameId: z.string() }).nullable(),
  }),
});
export type CasinoGame = z.infer<typeof casinoGameSchema>;
export const casinoGamesEnvelope = envelope(z.array(casinoGameSchema));

/** POST /play-game */
export const playGameSchema = z.object({ gameId: z.string().trim().min(1, 'Choose a game').max(60) });
export const launchEnvelope = envelope(z.object({ url: z.string() }));
export const liveCasinoTableParamsSchema = z.object({ table_id: z.string().min(1).max(60) });
export const liveCasinoGameParamsSchema = z.object({ game_id: z.string().min(1).max(60) });
export const liveCasinoWinParamsSchema = z.object({
  game_id: z.string().min(1).max(60),
  provider_id: z.string().min(1).max(60),
});

/** GET /api/v1/casino-bets-by-date?provider=&date= (date YYYY-MM-DD, India time) */
export const casinoBetsByDateQuerySchema = z.object({
  provider: z.string().trim().max(60).optional(),
  date: calendarDate('Dates are YYYY-MM-DD').optional(),
});
export const casinoBetSchema = z.object({
  _id: z.string(),
  roundId: z.string(),
  provider: z.string(),
  provider_name: z.string(),
  game_code: z.string(),
  title: z.string(),
  /** `Live Casino / <provider> / d/m/yyyy` or `Slots / <provider> / d/m/yyyy`. */
  description: z.string(),
  wallet: z.enum(['main', 'bonus']),
  status: z.enum(['open', 'credited', 'rolled_back']),
  stake: z.number(),
  payout: z.number(),
  /** payout − stake once credited; 0 while open or rolled back. */
  profitLoss: z.number(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type CasinoBet = z.infer<typeof casinoBetSchema>;
export const casinoBetsEnvelope = envelope(z.array(casinoBetSchema));

// The seamless wallet providers call (signed: X-Provider, X-Signature = hex HMAC-SHA256 of the raw body)

/** Outcomes of a wallet call, in precedence order; OK answers meta.code 200, the rest a 4xx meta.code. */
export const CASINO_WALLET_STATUSES = [
  'OK',
  'INVALID_REQUEST',
  'TOKEN_INVALID',
  'PLAYER_NOT_FOUND',
  'PLAYER_BLOCKED',
  'GAME_NOT_FOUND',
  'TRANSACTION_MISMATCH',
  'TRANSACTION_ROLLED_BACK',
  'ROUND_NOT_FOUND',
  'ROUND_CLOSED',
  'ROUND_ALREADY_CREDITED',
  'INSUFFICIENT_FUNDS',
  /** The provider's net payout limit would be passed (the ledger refuses it); raise the limit, then retry. */
  'LIMIT_REACHED',
] as const;
export type CasinoWalletStatus = (typeof CASINO_WALLET_STATUSES)[number];

/** The catalogue code in meta.error of each refusal: every refusal carries one, as on every other route. */
export const CASINO_WALLET_ERRORS: Record<Exclude<CasinoWalletStatus, 'OK'>, ErrorCode> = {
  INVALID_REQUEST: 'VALIDATION_FAILED',
  TOKEN_INVALID: 'CASINO_TOKEN_INVALID',
  PLAYER_NOT_FOUND: 'NOT_FOUND',
  PLAYER_BLOCKED: 'CASINO_PLAYER_BLOCKED',
  GAME_NOT_FOUND: 'CASINO_GAME_NOT_FOUND',
  TRANSACTION_MISMATCH: 'CASINO_TRANSACTION_MISMATCH',
  TRANSACTION_ROLLED_BACK: 'CASINO_TRANSACTION_ROLLED_BACK',
  ROUND_NOT_FOUND: 'CASINO_ROUND_NOT_FOUND',
  ROUND_CLOSED: 'CASINO_ROUND_CLOSED',
  ROUND_ALREADY_CREDITED: 'CASINO_ROUND_ALREADY_CREDITED',
  INSUFFICIENT_FUNDS: 'WALLET_INSUFFICIENT_FUNDS',
  LIMIT_REACHED: 'LEDGER_LIMIT_REACHED',
};

const signed = { timestamp: z.number().int().nonnegative() };
const txId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\x21-\x7e]+$/, 'Printable ASCII');
const roundId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\x21-\x7e]+$/, 'Printable ASCII');
const playerId = z.string().uuid();
/** When a provider names the currency it must be the launch session's (INR). */
const currency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'An ISO 4217 code')
  .optional();

export const casinoWalletAuthenticateSchema = z.object({ ...signed, token: z.string().min(10).max(200) });
export const casinoWalletBalanceSchema = z.object({ ...signed, playerId, currency });
export const casinoWalletDebitSchema = z.object({
  ...signed,
  playerId,
  transactionId: txId,
  roundId,
  gameCode: code,
  amount: positiveRupees,
  currency,
});
export const casinoWalletCreditSchema = z.object({
  ...signed,
  playerId,
  transactionId: txId,
  roundId,
  gameCode: code,
  amount: rupeesAmount,
  currency,
});
export const casinoWalletRollbackSchema = z.object({
  ...signed,
  playerId,
  transactionId: txId,
  debitTransactionId: txId,
  roundId,
  gameCode: code,
});
export type CasinoWalletDebit = z.infer<typeof casinoWalletDebitSchema>;
export type CasinoWalletCredit = z.infer<typeof casinoWalletCreditSchema>;
export type CasinoWalletRollback = z.infer<typeof casinoWalletRollbackSchema>;

export const casinoWalletResultSchema = z.object({
  status: z.enum(CASINO_WALLET_STATUSES),
  /** Available balance (balance + exposure) of the wallet concerned, in rupees; null when unknown. */
  balance: z.number().nullable(),
  currency: z.literal('INR'),
  transactionId: z.string().nullable(),
  /** Our journal transaction id, for the provider's reconciliation. */
  reference: z.string().nullable(),
  wallet: z.enum(['main', 'bonus']).nullable(),
  playerId: z.string().nullable(),
  playerName: z.string().nullable(),
});
export type CasinoWalletResult = z.infer<typeof casinoWalletResultSchema>;
/** The wallet protocol's answer: the usual envelope, meta.code 200 for OK, 4xx otherwise, data always set. */
export const casinoWalletResponseSchema = z.object({
  meta: metaSchema.pick({ code: true, message: true, error: true }).extend({ status: z.enum(CASINO_WALLET_STATUSES) }),
  data: casinoWalletResultSchema,
});
export type CasinoWalletResponse = z.infer<typeof casinoWalletResponseSchema>;

// The house provider's game calls (X-Game-Token: the launch token)

export const houseSessionEnvelope = envelope(
  z.object({
    playerName: z.string(),
    balance: z.number(),
    currency: z.literal('INR'),
    game: z.object({
      code: z.string(),
      title: z.string(),
      kind: z.enum(['slot', 'dragon-tiger', 'andar-bahar', 'teen-patti', 'lucky-seven', 'crash']),
      tableId: z.string().nullable(),
    }),
  }),
);
export const houseBalanceEnvelope = envelope(z.object({ balance: z.number() }));

export const houseSpinRequestSchema = z.object({ stake: positiveRupees });
const slotSeedView = z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() });
export const houseSlotSpinEnvelope = envelope(
  z.object({
    spinId: z.string(),
    stake: z.number(),
    payout: z.number(),
    balance: z.number(),
    stops: z.array(z.number().int()),
    grid: z.array(z.array(z.string())),
    lineWins: z.array(
      z.object({ lineIndex: z.number().int(), symbol: z.string(), count: z.number().int(), payout: z.number() }),
    ),
    scatterWin: z.object({ symbol: z.string(), count: z.number().int(), payout: z.number() }).nullable(),
    /** The free spins this spin triggered (SLOT-12), played out at once and paid with the spin; null when none. */
    freeSpins: z
      .object({
        triggerScatters: z.number().int(),
        spinsPlayed: z.number().int(),
        retriggers: z.number().int(),
        payout: z.number(),
        spins: z.array(
          z.object({
            stops: z.array(z.number().int()),
            grid: z.array(z.array(z.string())),
            lineWins: z.array(
              z.object({
                lineIndex: z.number().int(),
                symbol: z.string(),
                count: z.number().int(),
                payout: z.number(),
              }),
            ),
            scatterWin: z.object({ symbol: z.string(), count: z.number().int(), payout: z.number() }).nullable(),
            scatters: z.number().int(),
            multiplier: z.number().int(),
            /** The spin's own pay × the multiplier. */
            payout: z.number(),
            /** Free spins this one added (a retrigger). */
            added: z.number().int(),
          }),
        ),
      })
      .nullable(),
    /** The seed pair this spin used (the server seed is revealed when the pair is rotated). */
    seeds: slotSeedView,
    /** The pair the next spin will use. */
    next: slotSeedView,
  }),
);
export const houseSlotInfoEnvelope = envelope(
  z.object({
    config: z.unknown(),
    theoreticalRtp: z.number(),
    minStake: z.number(),
    maxStake: z.number(),
    seeds: slotSeedView,
    recent: z.array(z.object({ spinId: z.string(), stake: z.number(), payout: z.number(), createdAt: z.string() })),
  }),
);
export const houseRotateSeedSchema = z.object({
  clientSeed: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[^\p{Cc}]+$/u, 'No control characters')
    .optional(),
});
export const houseRotateSeedEnvelope = envelope(
  z.object({
    revealed: z
      .object({
        serverSeed: z.string(),
        serverSeedHash: z.string(),
        clientSeed: z.string(),
        lastNonce: z.number().int(),
      })
      .nullable(),
    next: slotSeedView,
  }),
);

export const houseTableParamsSchema = z.object({ tableId: z.string().min(1).max(60) });
export const houseTableBetSchema = z.object({
  kind: z.string().min(1).max(20),
  stake: positiveRupees,
  betId: z.string().uuid().optional(),
});
export const houseTableEnvelope = envelope(
  z.object({
    /** TBL-8 table view (serverSeed and result only once revealed), amounts in paise as the game package uses them. */
    view: z.unknown(),
    serverNowMs: z.number(),
    /** Phase timings so the page can animate: reveal lasts revealMs, the result shows for pauseMs. */
    revealMs: z.number(),
    pauseMs: z.number(),
    myBets: z.array(
      z.object({
        betId: z.string(),
        kind: z.string(),
        stake: z.number(),
        payout: z.number().nullable(),
        roundNumber: z.number().int(),
      }),
    ),
  }),
);
export const houseTableBetEnvelope = envelope(
  z.object({
    betId: z.string(),
    roundNumber: z.number().int(),
    kind: z.string(),
    stake: z.number(),
    balance: z.number(),
  }),
);

export const houseVerifyTableParamsSchema = z.object({
  tableId: z.string().min(1).max(60),
  roundNumber: z.coerce.number().int().min(1),
});
export const houseVerifySpinParamsSchema = z.object({ spinId: z.string().uuid() });
export const houseVerifyEnvelope = envelope(
  z.object({
    kind: z.enum(['table', 'slot']),
    game: z.unknown(),
    published: z.object({
      serverSeed: z.string().nullable(),
      serverSeedHash: z.string(),
      clientSeed: z.string(),
      nonce: z.number().int(),
    }),
    claimed: z.unknown(),
    /** null while the server seed is still secret (a slot pair not yet rotated, a round not yet revealed). */
    verification: z.object({ valid: z.boolean(), failure: z.string().nullable(), recomputed: z.unknown() }).nullable(),
  }),
);

// Back office: catalogue, providers, rounds, wallet transactions, reconciliation

export const casinoProviderSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(['house', 'external', 'aggregator']),
  launchUrlTemplate: z.string(),
  active: z.boolean(),
  /** Only the last 4 characters; the whole secret is shown once, when set or rotated. */
  secretHint: z.string(),
  /** How far the provider may pay out more than it took in stakes (rupees); the ledger refuses more. */
  netPayoutLimit: z.number(),
  /** What it has paid out above its stakes so far (negative while stakes exceed payouts). */
  netPaidOut: z.number(),
  createdAt: z.string(),
});
export const casinoProviderListEnvelope = envelope(z.array(casinoProviderSchema));
/** A provider's net payout limit in rupees: above ₹0, at most ₹100 crore. */
export const netPayoutLimitSchema = z
  .number()
  .finite()
  .gt(0, 'The limit must be above ₹0')
  .max(1_000_000_000, 'The limit is at most ₹100 crore')
  .refine((value) => rupeesToPaise(value) !== null, 'Amounts have at most two decimals');

export const casinoProviderCreateSchema = z.object({
  code,
  name: z.string().trim().min(1).max(60),
  launchUrlTemplate: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .refine((value) => value.includes('{token}'), 'The launch URL needs a {token} placeholder'),
  active: z.boolean().default(true),
  netPayoutLimit: netPayoutLimitSchema.default(10_000_000),
});
export const casinoProviderUpdateSchema = z.object({
  name: z.string().trim().min(1).max(60).optional(),
  launchUrlTemplate: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .refine((value) => value.includes('{token}'), 'The launch URL needs a {token} placeholder')
    .optional(),
  active: z.boolean().optional(),
  netPayoutLimit: netPayoutLimitSchema.optional(),
  rotateSecret: z.boolean().optional(),
});
export const casinoProviderSavedEnvelope = envelope(
  z.object({ provider: casinoProviderSchema, secret: z.string().nullable() }),
);
export const casinoProviderParamsSchema = z.object({ code: z.string().min(1).max(60) });

export const backofficeCasinoGameSchema = casinoGameSchema.extend({
  enabled: z.boolean(),
  launch_kind: z.enum(CASINO_LAUNCH_KINDS),
});
export const backofficeCasinoGameListEnvelope = envelope(z.array(backofficeCasinoGameSchema));
export const casinoGameCreateSchema = z.object({
  providerCode: z.string().min(1).max(60),
  code,
  title: z.string().trim().min(1).max(80),
  category: z.string().trim().min(1).max(60),
  image: z.string().trim().max(500).default(''),
  isSlot: z.boolean(),
  launchKind: z.enum(CASINO_LAUNCH_KINDS),
  order: z.number().int().min(0).max(100_000).default(0),
  enabled: z.boolean().default(true),
});
export const casinoGameUpdateSchema = z.object({
  title: z.string().trim().min(1).max(80).optional(),
  category: z.string().trim().min(1).max(60).optional(),
  image: z.string().trim().max(500).optional(),
  order: z.number().int().min(0).max(100_000).optional(),
  enabled: z.boolean().optional(),
});
export const casinoGameParamsSchema = z.object({ id: z.string().regex(/^\d{1,12}$/, 'Unknown game') });
export const backofficeCasinoGameEnvelope = envelope(backofficeCasinoGameSchema);

export const casinoBackofficeQuerySchema = z.object({
  provider: z.string().min(1).max(60),
  date: calendarDate('Dates are YYYY-MM-DD').optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export const casinoRoundRowSchema = casinoBetSchema.extend({
  userId: z.string(),
  username: z.string(),
  debits: z.number().int(),
  credits: z.number().int(),
  rollbacks: z.number().int(),
});
export type CasinoRoundRow = z.infer<typeof casinoRoundRowSchema>;
export const casinoRoundListEnvelope = envelope(z.array(casinoRoundRowSchema));
export const casinoTransactionRowSchema = z.object({
  _id: z.string(),
  transactionId: z.string(),
  kind: z.enum(['debit', 'credit', 'rollback', 'rollback_tombstone']),
  roundId: z.string(),
  userId: z.string(),
  username: z.string(),
  wallet: z.enum(['main', 'bonus']).nullable(),
  amount: z.number(),
  journalTransactionId: z.string().nullable(),
  createdAt: z.string(),
});
export const casinoTransactionListEnvelope = envelope(z.array(casinoTransactionRowSchema));
export const casinoReconciliationEnvelope = envelope(
  z.object({
    provider: z.string(),
    /** Sums over the whole history: the provider's wallet transactions against the journal. */
    debits: z.number(),
    credits: z.number(),
    rollbacks: z.number(),
    journalNet: z.number(),
    /** Anything unmatched: a transaction without its journal line (or the reverse), a round open too long, a tombstone. */
    problems: z.array(
      z.object({
        kind: z.string(),
        transactionId: z.string().nullable(),
        roundId: z.string().nullable(),
        detail: z.string(),
      }),
    ),
  }),
);
