import type { Queryable } from '../../../db/database.js';

export interface CrashChainRow {
  id: number;
  game_code: string;
  terminal_seed: string;
  commitment: string;
  length: number;
}

export interface CrashRoundRow {
  game_code: string;
  round_number: number;
  chain_id: number;
  chain_index: number;
  phase: 'betting' | 'running' | 'crashed' | 'voided';
  server_seed: string;
  server_seed_hash: string;
  crash_point_hundredths: number;
  opened_at_ms: number;
  starts_at_ms: number;
  crash_at_ms: number;
  total_stake_paise: number;
  total_payout_paise: number;
  finished_at_ms: number | null;
}

export type CrashBetStatusRow = 'pending' | 'placed' | 'refused' | 'decided' | 'settled' | 'voided';

export interface CrashBetRow {
  bet_id: string;
  game_code: string;
  round_number: number;
  user_id: string;
  slot: number;
  stake_paise: number;
  auto_cash_out_hundredths: number | null;
  cash_out_hundredths: number | null;
  payout_paise: number | null;
  status: CrashBetStatusRow;
  created_at: Date;
}

/** The house provider's crash books: seed chains, rounds and bets. */
export function createCrashRepository(db: Queryable) {
  return {
    async latestChain(gameCode: string): Promise<CrashChainRow | null> {
      const result = await db.query<CrashChainRow>(
        'select * from house_crash_chains where game_code = $1 order by id desc limit 1',
        [gameCode],
      );
      return result.rows[0] ?? null;
    },
    async chain(id: number): Promise<CrashChainRow | null> {
      const result = await db.query<CrashChainRow>('select * from house_crash_chains where id = $1', [id]);
      return result.rows[0] ?? null;
    },
    async insertChain(input: {
      gameCode: string;
      terminalSeed: string;
      commitment: string;
      length: number;
    }): Promise<CrashChainRow> {
      const result = await db.query<CrashChainRow>(
        'insert into house_crash_chains (game_code, terminal_seed, commitment, length) values ($1, $2, $3, $4) returning *',
        [input.gameCode, input.terminalSeed, input.commitment, input.length],
      );
      return result.rows[0] as CrashChainRow;
    },
    async lastRound(gameCode: string): Promise<CrashRoundRow | null> {
      const result = await db.query<CrashRoundRow>(
        'select * from house_crash_rounds where game_code = $1 order by round_number desc limit 1',
        [gameCode],
      );
      return result.rows[0] ?? null;
    },
    async round(gameCode: string, roundNumber: number): Promise<CrashRoundRow | null> {
      const result = await db.query<CrashRoundRow>(
        'select * from house_crash_rounds where game_code = $1 and round_number = $2',
        [gameCode, roundNumber],
      );
      return result.rows[0] ?? null;
    },
    async finishedRounds(gameCode: string, limit: number): Promise<CrashRoundRow[]> {
      const result = await db.query<CrashRoundRow>(
        "select * from house_crash_rounds where game_code = $1 and phase = 'crashed' order by round_number desc limit $2",
        [gameCode, limit],
      );
      return result.rows;
    },
    async unfinishedRounds(gameCode: string): Promise<CrashRoundRow[]> {
      const result = await db.query<CrashRoundRow>(
        "select * from house_crash_rounds where game_code = $1 and phase in ('betting', 'running') order by round_number",
        [gameCode],
      );
      return result.rows;
    },
    async insertRound(
      row: Omit<CrashRoundRow, 'total_stake_paise' | 'total_payout_paise' | 'finished_at_ms'>,
    ): Promise<void> {
      await db.query(
        `insert into house_crash_rounds (game_code, round_number, chain_id, chain_index, phase, server_seed, server_seed_hash, crash_point_hundredths, opened_at_ms, starts_at_ms, crash_at_ms)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          row.game_code,
          row.round_number,
          row.chain_id,
          row.chain_index,
          row.phase,
          row.server_seed,
          row.server_seed_hash,
          row.crash_point_hundredths,
          row.opened_at_ms,
          row.starts_at_ms,
          row.crash_at_ms,
        ],
      );
    },
    async finishRound(
      gameCode: string,
      roundNumber: number,
      input: { phase: 'crashed' | 'voided'; totalStakePaise?: number; totalPayoutPaise?: number; finishedAtMs: number },
    ): Promise<void> {
      await db.query(
        `update house_crash_rounds set phase = $3, total_stake_paise = coalesce($4, total_stake_paise), total_payout_paise = coalesce($5, total_payout_paise), finished_at_ms = $6
         where game_code = $1 and round_number = $2`,
        [
          gameCode,
          roundNumber,
          input.phase,
          input.totalStakePaise ?? null,
          input.totalPayoutPaise ?? null,
          input.finishedAtMs,
        ],
      );
    },
    async setRunning(gameCode: string, roundNumber: number): Promise<void> {
      await db.query(
        "update house_crash_rounds set phase = 'running' where game_code = $1 and round_number = $2 and phase = 'betting'",
        [gameCode, roundNumber],
      );
    },
    /** false when the bet id is already used. */
    async insertBet(input: {
      betId: string;
      gameCode: string;
      roundNumber: number;
      userId: string;
      slot: number;
      stakePaise: number;
      autoCashOutHundredths: number | null;
      at: Date;
    }): Promise<boolean> {
      const result = await db.query(
        `insert into house_crash_bets (bet_id, game_code, round_number, user_id, slot, stake_paise, auto_cash_out_hundredths, status, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, 'pending', $8) on conflict (bet_id) do nothing`,
        [
          input.betId,
          input.gameCode,
          input.roundNumber,
          input.userId,
          input.slot,
          input.stakePaise,
          input.autoCashOutHundredths,
          input.at,
        ],
      );
      return (result.rowCount ?? 0) > 0;
    },
    async setBetStatus(betId: string, status: CrashBetStatusRow): Promise<void> {
      await db.query('update house_crash_bets set status = $2 where bet_id = $1', [betId, status]);
    },
    /** A placed bet is decided once: cashed out (multiplier, payout) or lost (payout 0). */
    async decideBet(betId: string, cashOutHundredths: number | null, payoutPaise: number): Promise<void> {
      await db.query(
        "update house_crash_bets set status = 'decided', cash_out_hundredths = $2, payout_paise = $3 where bet_id = $1 and status = 'placed'",
        [betId, cashOutHundredths, payoutPaise],
      );
    },
    async betsOfRound(gameCode: string, roundNumber: number): Promise<CrashBetRow[]> {
      const result = await db.query<CrashBetRow>(
        'select * from house_crash_bets where game_code = $1 and round_number = $2 order by created_at',
        [gameCode, roundNumber],
      );
      return result.rows;
    },
    async undecidedCredits(gameCode: string): Promise<CrashBetRow[]> {
      const result = await db.query<CrashBetRow>(
        "select * from house_crash_bets where game_code = $1 and status = 'decided' order by created_at limit 500",
        [gameCode],
      );
      return result.rows;
    },
    async recentBetsOf(userId: string, gameCode: string, limit: number): Promise<CrashBetRow[]> {
      const result = await db.query<CrashBetRow>(
        "select * from house_crash_bets where user_id = $1 and game_code = $2 and status in ('placed', 'decided', 'settled', 'voided') order by created_at desc limit $3",
        [userId, gameCode, limit],
      );
      return result.rows;
    },
  };
}
export type CrashRepository = ReturnType<typeof createCrashRepository>;
