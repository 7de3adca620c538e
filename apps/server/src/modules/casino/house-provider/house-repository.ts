import type { Queryable } from '../../../db/database.js';

export interface SeedRow {
  id: string;
  user_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
  active: boolean;
  created_at: Date;
  revealed_at: Date | null;
}

export interface SpinRow {
  id: string;
  user_id: string;
  game_code: string;
  seed_id: string;
  nonce: number;
  stake_paise: number;
  stops: number[];
  payout_paise: number;
  status: 'pending' | 'debited' | 'settled' | 'refused';
  created_at: Date;
}

export interface TableRoundRow {
  table_id: string;
  round_number: number;
  game: unknown;
  phase: 'betting' | 'closed' | 'revealed' | 'settled' | 'voided';
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  opened_at_ms: number;
  closes_at_ms: number;
  result: unknown;
  total_stake_paise: number;
  total_payout_paise: number;
  finished_at_ms: number | null;
}

export interface TableBetRow {
  bet_id: string;
  table_id: string;
  round_number: number;
  user_id: string;
  kind: string;
  stake_paise: number;
  payout_paise: number | null;
  status: 'pending' | 'placed' | 'refused' | 'settled' | 'voided';
  created_at: Date;
}

/** The house provider's own books: slot seed pairs and spins, table rounds and bets. */
export function createHouseRepository(db: Queryable) {
  return {
    async activeSeed(userId: string): Promise<SeedRow | null> {
      const result = await db.query<SeedRow>('select * from house_slot_seeds where user_id = $1 and active', [userId]);
      return result.rows[0] ?? null;
    },
    /** A new active pair; null when another request made one first (the unique index on active pairs). */
    async insertSeed(input: {
      userId: string;
      serverSeed: string;
      serverSeedHash: string;
      clientSeed: string;
      at: Date;
    }): Promise<SeedRow | null> {
      const result = await db.query<SeedRow>(
        `insert into house_slot_seeds (user_id, server_seed, server_seed_hash, client_seed, created_at) values ($1, $2, $3, $4, $5)
         on conflict (user_id) where active do nothing returning *`,
        [input.userId, input.serverSeed, input.serverSeedHash, input.clientSeed, input.at],
      );
      return result.rows[0] ?? null;
    },
    /** Takes the next nonce of an active pair atomically; null when the pair was rotated meanwhile. */
    async takeNonce(seedId: string): Promise<number | null> {
      const result = await db.query<{ nonce: number }>(
        'update house_slot_seeds set next_nonce = next_nonce + 1 where id = $1 and active returning next_nonce - 1 as nonce',
        [seedId],
      );
      return result.rows[0]?.nonce ?? null;
    },
    async retireSeed(seedId: string, at: Date): Promise<SeedRow | null> {
      const result = await db.query<SeedRow>(
        'update house_slot_seeds set active = false, revealed_at = $2 where id = $1 and active returning *',
        [seedId, at],
      );
      return result.rows[0] ?? null;
    },
    async insertSpin(input: {
      id: string;
      userId: string;
      gameCode: string;
      seedId: string;
      nonce: number;
      stakePaise: number;
      stops: number[];
      payoutPaise: number;
      at: Date;
    }): Promise<void> {
      await db.query(
        `insert into house_slot_spins (id, user_id, game_code, seed_id, nonce, stake_paise, stops, payout_paise, status, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9)`,
        [
          input.id,
          input.userId,
          input.gameCode,
          input.seedId,
          input.nonce,
          input.stakePaise,
          JSON.stringify(input.stops),
          input.payoutPaise,
          input.at,
        ],
      );
    },
    async setSpinStatus(id: string, status: SpinRow['status']): Promise<void> {
      await db.query('update house_slot_spins set status = $2 where id = $1', [id, status]);
    },
    async spin(id: string): Promise<SpinRow | null> {
      const result = await db.query<SpinRow>('select * from house_slot_spins where id = $1', [id]);
      return result.rows[0] ?? null;
    },
    async seed(id: string): Promise<SeedRow | null> {
      const result = await db.query<SeedRow>('select * from house_slot_seeds where id = $1', [id]);
      return result.rows[0] ?? null;
    },
    async recentSpins(userId: string, limit: number): Promise<SpinRow[]> {
      const result = await db.query<SpinRow>(
        `select * from house_slot_spins where user_id = $1 and status = 'settled' order by created_at desc, id limit $2`,
        [userId, limit],
      );
      return result.rows;
    },
    async unsettledSpins(before: Date): Promise<SpinRow[]> {
      const result = await db.query<SpinRow>(
        `select * from house_slot_spins where status in ('pending', 'debited') and created_at < $1 order by created_at limit 200`,
        [before],
      );
      return result.rows;
    },

    async insertRound(
      row: Omit<TableRoundRow, 'result' | 'total_stake_paise' | 'total_payout_paise' | 'finished_at_ms'>,
    ): Promise<void> {
      await db.query(
        `insert into house_table_rounds (table_id, round_number, game, phase, server_seed, server_seed_hash, client_seed, opened_at_ms, closes_at_ms)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          row.table_id,
          row.round_number,
          JSON.stringify(row.game),
          row.phase,
          row.server_seed,
          row.server_seed_hash,
          row.client_seed,
          row.opened_at_ms,
          row.closes_at_ms,
        ],
      );
    },
    async updateRound(
      tableId: string,
      roundNumber: number,
      change: {
        phase: TableRoundRow['phase'];
        result?: unknown;
        totalStakePaise?: number;
        totalPayoutPaise?: number;
        finishedAtMs?: number;
      },
    ): Promise<void> {
      await db.query(
        `update house_table_rounds set phase = $3, result = coalesce($4::jsonb, result), total_stake_paise = coalesce($5, total_stake_paise),
           total_payout_paise = coalesce($6, total_payout_paise), finished_at_ms = coalesce($7, finished_at_ms)
         where table_id = $1 and round_number = $2`,
        [
          tableId,
          roundNumber,
          change.phase,
          change.result === undefined ? null : JSON.stringify(change.result),
          change.totalStakePaise ?? null,
          change.totalPayoutPaise ?? null,
          change.finishedAtMs ?? null,
        ],
      );
    },
    async round(tableId: string, roundNumber: number): Promise<TableRoundRow | null> {
      const result = await db.query<TableRoundRow>(
        'select * from house_table_rounds where table_id = $1 and round_number = $2',
        [tableId, roundNumber],
      );
      return result.rows[0] ?? null;
    },
    async finishedRounds(tableId: string, limit: number): Promise<TableRoundRow[]> {
      const result = await db.query<TableRoundRow>(
        `select * from house_table_rounds where table_id = $1 and phase in ('settled', 'voided') order by round_number desc limit $2`,
        [tableId, limit],
      );
      return result.rows;
    },
    async lastRoundNumber(tableId: string): Promise<number> {
      const result = await db.query<{ n: number | null }>(
        'select max(round_number) as n from house_table_rounds where table_id = $1',
        [tableId],
      );
      return result.rows[0]?.n ?? 0;
    },
    async unfinishedRounds(tableId: string): Promise<TableRoundRow[]> {
      const result = await db.query<TableRoundRow>(
        `select * from house_table_rounds where table_id = $1 and phase in ('betting', 'closed', 'revealed') order by round_number`,
        [tableId],
      );
      return result.rows;
    },
    async insertBet(input: {
      betId: string;
      tableId: string;
      roundNumber: number;
      userId: string;
      kind: string;
      stakePaise: number;
      at: Date;
    }): Promise<boolean> {
      const result = await db.query(
        `insert into house_table_bets (bet_id, table_id, round_number, user_id, kind, stake_paise, status, created_at) values ($1, $2, $3, $4, $5, $6, 'pending', $7)
         on conflict (bet_id) do nothing`,
        [input.betId, input.tableId, input.roundNumber, input.userId, input.kind, input.stakePaise, input.at],
      );
      return result.rowCount > 0;
    },
    async setBet(betId: string, status: TableBetRow['status'], payoutPaise?: number): Promise<void> {
      await db.query(
        'update house_table_bets set status = $2, payout_paise = coalesce($3, payout_paise) where bet_id = $1',
        [betId, status, payoutPaise ?? null],
      );
    },
    async betsOfRound(tableId: string, roundNumber: number): Promise<TableBetRow[]> {
      const result = await db.query<TableBetRow>(
        'select * from house_table_bets where table_id = $1 and round_number = $2 order by created_at, bet_id',
        [tableId, roundNumber],
      );
      return result.rows;
    },
    /** Bets of settled rounds whose credit has not gone through yet (the wallet was unreachable). */
    async uncreditedBets(tableId: string): Promise<TableBetRow[]> {
      const result = await db.query<TableBetRow>(
        `select b.* from house_table_bets b join house_table_rounds r on r.table_id = b.table_id and r.round_number = b.round_number
         where b.table_id = $1 and r.phase = 'settled' and b.status = 'placed' and b.payout_paise is not null order by b.created_at limit 500`,
        [tableId],
      );
      return result.rows;
    },
    async recentBetsOf(userId: string, tableId: string, limit: number): Promise<TableBetRow[]> {
      const result = await db.query<TableBetRow>(
        `select * from house_table_bets where user_id = $1 and table_id = $2 and status in ('placed', 'settled', 'voided') order by created_at desc limit $3`,
        [userId, tableId, limit],
      );
      return result.rows;
    },
  };
}
export type HouseRepository = ReturnType<typeof createHouseRepository>;
