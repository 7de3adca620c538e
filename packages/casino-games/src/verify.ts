/**
 * The verify page's maths (SPEC.md VER-1..VER-2): given what the round published, anyone recomputes
 * the outcome and checks it against the commitment shown before the round.
 */
import { checkSeeds, verifyServerSeed } from './provably-fair.js';
import { spinSlot, type SlotConfig, type SlotSpin } from './slot.js';
import { dealTableRound, type TableGame, type TableResult } from './table-round.js';

export interface PublishedSeeds {
  serverSeed: string;
  /** The hash shown before the round. */
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export const VERIFY_FAILURES = ['MALFORMED_SEEDS', 'HASH_MISMATCH', 'RESULT_MISMATCH'] as const;
export type VerifyFailure = (typeof VERIFY_FAILURES)[number];

export type Verification<T> =
  | { valid: true; recomputed: T }
  | { valid: false; failure: VerifyFailure; recomputed: T | null };

/** JSON with object keys sorted, so a result read back from a database (jsonb reorders keys) compares equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

function checkPublished(published: PublishedSeeds): VerifyFailure | null {
  if (checkSeeds(published) !== null) return 'MALFORMED_SEEDS';
  if (!verifyServerSeed(published.serverSeed, published.serverSeedHash)) return 'HASH_MISMATCH';
  return null;
}

/** VER-1: recompute a table round; `claimed` is the result the table announced. */
export function verifyTableRound(
  game: TableGame,
  published: PublishedSeeds,
  claimed: TableResult,
): Verification<TableResult> {
  const failure = checkPublished(published);
  if (failure === 'MALFORMED_SEEDS') return { valid: false, failure, recomputed: null };
  const recomputed = dealTableRound(game, published);
  if (failure !== null) return { valid: false, failure, recomputed };
  if (canonical(recomputed) !== canonical(claimed)) return { valid: false, failure: 'RESULT_MISMATCH', recomputed };
  return { valid: true, recomputed };
}

/** VER-2: recompute a slot spin; `claimed` carries the stops and the total the game announced. */
export function verifySlotSpin(
  config: SlotConfig,
  published: PublishedSeeds,
  claimed: { stakePaise: number; stops: readonly number[]; totalPayoutPaise: number },
): Verification<SlotSpin> {
  const failure = checkPublished(published);
  if (failure === 'MALFORMED_SEEDS') return { valid: false, failure, recomputed: null };
  const recomputed = spinSlot(config, published, claimed.stakePaise);
  if (failure !== null) return { valid: false, failure, recomputed };
  const sameStops =
    recomputed.stops.length === claimed.stops.length && recomputed.stops.every((s, i) => s === claimed.stops[i]);
  if (!sameStops || recomputed.totalPayoutPaise !== claimed.totalPayoutPaise)
    return { valid: false, failure: 'RESULT_MISMATCH', recomputed };
  return { valid: true, recomputed };
}
