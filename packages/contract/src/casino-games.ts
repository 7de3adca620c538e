import { z } from 'zod';
import { rupeesToPaise } from '@khel/money';
import { envelope } from './envelope.js';
import { casinoGameSchema } from './casino.js';

/**
 * The fuller casino (issue 15): a player's favourite and recently played games, and the house
 * provider's crash game (X-Game-Token: the launch token).
 */

// Favourites and recently played (per player, server-stored)

export const casinoFavouriteParamsSchema = z.object({ gameId: z.string().trim().min(1, 'Choose a game').max(60) });
/** The player's favourites, newest first, and the games they launched lately (distinct, newest first). */
export const casinoMyGamesEnvelope = envelope(
  z.object({ favourites: z.array(casinoGameSchema), recent: z.array(casinoGameSchema) }),
);
export type CasinoMyGames = z.infer<typeof casinoMyGamesEnvelope>['data'];

// The crash game

const stakeRupees = z
  .number()
  .finite()
  .positive('Enter a stake')
  .max(100_000_000, 'Amount too large')
  .refine((value) => rupeesToPaise(value) !== null, 'Amounts have at most two decimals');

export const houseCrashParamsSchema = z.object({ game: z.string().min(1).max(60) });
export const houseCrashBetSchema = z.object({
  /** 0 or 1: a player may have two bets in a round. */
  slot: z.number().int().min(0).max(1),
  stake: stakeRupees,
  /** Cash out automatically at this multiplier (1.01–1000, rounded to hundredths); null: manual only. */
  autoCashOut: z
    .number()
    .finite()
    .min(1.01, 'Auto cash out starts at 1.01×')
    .max(1000, 'Auto cash out is at most 1000×')
    .nullable()
    .default(null),
  betId: z.string().uuid().optional(),
});
export const houseCrashCashOutSchema = z.object({ slot: z.number().int().min(0).max(1) });

const crashRoundViewSchema = z.object({
  roundNumber: z.number().int(),
  phase: z.enum(['betting', 'running', 'crashed']),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  /** Hundredths (250 = 2.50×), only after the crash. */
  crashPointHundredths: z.number().int().nullable(),
  startsAtMs: z.number(),
  crashAtMs: z.number().nullable(),
  bets: z.array(
    z.object({
      /** The player's name masked ("Ra***"): never an account id. */
      player: z.string(),
      /** The caller's own bet. */
      mine: z.boolean(),
      slot: z.number().int(),
      stakePaise: z.number().int(),
      status: z.enum(['open', 'cashed_out', 'lost']),
      cashOutHundredths: z.number().int().nullable(),
      payoutPaise: z.number().int().nullable(),
    }),
  ),
});
export const houseCrashStateEnvelope = envelope(
  z.object({
    round: crashRoundViewSchema.nullable(),
    serverNowMs: z.number(),
    growthPerMs: z.number(),
    houseEdgeBasisPoints: z.number().int(),
    minStake: z.number(),
    maxStake: z.number(),
    betsPerPlayer: z.number().int(),
    /** The seed chain's published commitment (the hash every revealed seed leads back to). */
    commitment: z.string().nullable(),
    history: z.array(z.object({ roundNumber: z.number().int(), crashPoint: z.number().int() })),
    myBets: z.array(
      z.object({
        betId: z.string(),
        roundNumber: z.number().int(),
        slot: z.number().int(),
        stake: z.number(),
        autoCashOut: z.number().int().nullable(),
        cashOut: z.number().int().nullable(),
        payout: z.number().nullable(),
        status: z.enum(['open', 'cashed_out', 'lost', 'voided']),
      }),
    ),
  }),
);
export const houseCrashBetEnvelope = envelope(
  z.object({
    betId: z.string(),
    roundNumber: z.number().int(),
    slot: z.number().int(),
    stake: z.number(),
    balance: z.number(),
  }),
);
export const houseCrashCashOutEnvelope = envelope(
  z.object({
    roundNumber: z.number().int(),
    slot: z.number().int(),
    multiplier: z.number().int(),
    payout: z.number(),
    balance: z.number().nullable(),
  }),
);
export const houseCrashVerifyParamsSchema = z.object({
  game: z.string().min(1).max(60),
  roundNumber: z.coerce.number().int().min(1),
});
export const houseCrashVerifyEnvelope = envelope(
  z.object({
    roundNumber: z.number().int(),
    phase: z.enum(['betting', 'running', 'crashed', 'voided']),
    chainIndex: z.number().int(),
    commitment: z.string(),
    serverSeedHash: z.string(),
    serverSeed: z.string().nullable(),
    salt: z.string(),
    houseEdgeBasisPoints: z.number().int(),
    crashPoint: z.number().int().nullable(),
    verification: z
      .object({ chainValid: z.boolean(), recomputedCrashPoint: z.number().int().nullable(), valid: z.boolean() })
      .nullable(),
  }),
);
