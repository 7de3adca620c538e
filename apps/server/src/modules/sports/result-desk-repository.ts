import type { Queryable } from '../../db/database.js';

/** A result, a void (`void`: its reason) or, for a void of some bets (decision 0055), the bets (`betIds`). */
export type StoredResult = { winnerId?: string; runs?: number; void?: string; betIds?: string[] };

export interface DeclarationRow {
  id: string;
  market_id: string;
  kind: 'settle' | 'correct' | 'void' | 'void_bets';
  result: StoredResult;
  previous_result: StoredResult | null;
  reason: string | null;
  status: 'pending' | 'confirmed' | 'rejected';
  declared_by: string;
  declared_by_name: string;
  declared_at: Date;
}

export interface PendingDeclarationRow extends DeclarationRow {
  market_name: string;
  market_type: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY';
  event_id: string;
  event_name: string;
}

const COLUMNS = `d.id, d.market_id, d.kind, d.result, d.previous_result, d.reason, d.status, d.declared_by, u.name as declared_by_name, d.declared_at`;

/** Results waiting for a second operator, and the sports desk's switches. */
export function createResultDeskRepository(db: Queryable) {
  return {
    async resultsNeedConfirmation(): Promise<boolean> {
      const result = await db.query<{ results_need_confirmation: boolean }>(
        'select results_need_confirmation from sports_desk_settings where id = 1',
      );
      // On by default (issue 24): migration 0029 writes the row; a missing one still means on.
      return result.rows[0]?.results_need_confirmation ?? true;
    },
    async setResultsNeedConfirmation(value: boolean, by: string, at: Date): Promise<void> {
      await db.query(
        `insert into sports_desk_settings (id, results_need_confirmation, updated_by, updated_at) values (1, $1, $2, $3)
         on conflict (id) do update set results_need_confirmation = excluded.results_need_confirmation, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        [value, by, at],
      );
    },
    /** Answers null when another declaration already waits on the market (one at a time). */
    async insert(row: {
      marketId: string;
      kind: 'settle' | 'correct' | 'void' | 'void_bets';
      result: StoredResult;
      previousResult: StoredResult | null;
      reason: string | null;
      declaredBy: string;
      at: Date;
    }): Promise<string | null> {
      const result = await db.query<{ id: string }>(
        `insert into market_result_declarations (market_id, kind, result, previous_result, reason, declared_by, declared_at)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing returning id`,
        [
          row.marketId,
          row.kind,
          JSON.stringify(row.result),
          row.previousResult === null ? null : JSON.stringify(row.previousResult),
          row.reason,
          row.declaredBy,
          row.at,
        ],
      );
      return result.rows[0]?.id ?? null;
    },
    async pendingOf(marketId: string): Promise<DeclarationRow | null> {
      const result = await db.query<DeclarationRow>(
        `select ${COLUMNS} from market_result_declarations d join users u on u.id = d.declared_by where d.market_id = $1 and d.status = 'pending'`,
        [marketId],
      );
      return result.rows[0] ?? null;
    },
    /** Decides a waiting declaration; false when it no longer waits (someone else decided first). */
    async decide(
      id: string,
      status: 'confirmed' | 'rejected',
      by: string,
      reason: string | null,
      at: Date,
    ): Promise<boolean> {
      const result = await db.query(
        `update market_result_declarations set status = $2, decided_by = $3, decision_reason = $4, decided_at = $5 where id = $1 and status = 'pending'`,
        [id, status, by, reason, at],
      );
      return result.rowCount === 1;
    },
    /** Whether any bet on the market still holds money: matched, unmatched or waiting out its delay. */
    async hasLiveBets(marketId: string): Promise<boolean> {
      const result = await db.query(
        `select 1 from bets where market_id = $1 and status in ('pending', 'unmatched', 'matched') limit 1`,
        [marketId],
      );
      return result.rowCount > 0;
    },
    /**
     * The bets of a market a bulk void takes (decision 0055): a player's, those struck in a time
     * window, or both; only bets a void can still change (not void, cancelled, lapsed or cashed out).
     */
    async voidableBets(marketId: string, filter: { userId?: string; from?: Date; to?: Date }): Promise<string[]> {
      const result = await db.query<{ id: string }>(
        `select id from bets where market_id = $1 and status in ('pending', 'unmatched', 'matched', 'settled')
           and not cash_out and closed_by is null
           and ($2::uuid is null or user_id = $2) and ($3::timestamptz is null or created_at >= $3)
           and ($4::timestamptz is null or created_at <= $4)
         order by seq`,
        [marketId, filter.userId ?? null, filter.from ?? null, filter.to ?? null],
      );
      return result.rows.map((row) => row.id);
    },
    /** The market a bet is on, or null when there is no such bet. */
    async marketOfBet(betId: string): Promise<string | null> {
      const result = await db.query<{ market_id: string }>('select market_id from bets where id = $1', [betId]);
      return result.rows[0]?.market_id ?? null;
    },
    async listPending(): Promise<PendingDeclarationRow[]> {
      const result = await db.query<PendingDeclarationRow>(
        `select ${COLUMNS}, m.name as market_name, m.type as market_type, e.id as event_id, e.name as event_name
         from market_result_declarations d join users u on u.id = d.declared_by join markets m on m.id = d.market_id join events e on e.id = m.event_id
         where d.status = 'pending' order by d.declared_at, d.id`,
      );
      return result.rows;
    },
  };
}
