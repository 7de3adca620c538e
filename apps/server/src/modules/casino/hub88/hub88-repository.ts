import type { Hub88Answer } from '@khel/contract';
import type { Queryable } from '../../../db/database.js';

/** One difference between our wallet transactions and the aggregator's report. */
export interface Hub88Difference {
  kind:
    | 'AGGREGATOR_ONLY'
    | 'OURS_ONLY'
    | 'AGGREGATOR_DECLINED'
    | 'AGGREGATOR_PENDING'
    | 'AMOUNT_DIFFERS'
    | 'KIND_DIFFERS';
  transactionId: string;
  detail: string;
}
export interface Hub88Reconciliation {
  /** India date, YYYY-MM-DD. */
  day: string;
  ranAt: Date;
  ours: number;
  theirs: number;
  matched: number;
  differences: Hub88Difference[];
}

/** Hub88's own rows: the answers kept under each request_uuid, and what user/info tells about a player. */
export function createHub88Repository(db: Queryable) {
  return {
    async storedAnswer(requestUuid: string): Promise<Hub88Answer | null> {
      const result = await db.query<{ response: Hub88Answer }>(
        'select response from hub88_requests where request_uuid = $1',
        [requestUuid],
      );
      return result.rows[0]?.response ?? null;
    },
    /** Keeps the answer unless the request_uuid already has one; answers the one kept (this, or the first). */
    async keepAnswer(requestUuid: string, endpoint: string, answer: Hub88Answer, at: Date): Promise<Hub88Answer> {
      const result = await db.query<{ response: Hub88Answer }>(
        `with kept as (
           insert into hub88_requests (request_uuid, endpoint, response, created_at) values ($1, $2, $3::jsonb, $4)
           on conflict (request_uuid) do nothing returning response
         )
         select response from kept
         union all select response from hub88_requests where request_uuid = $1 and not exists (select 1 from kept)`,
        [requestUuid, endpoint, JSON.stringify(answer), at],
      );
      // A racing request with this uuid committed after this statement's snapshot: read it now.
      return result.rows[0]?.response ?? (await this.storedAnswer(requestUuid)) ?? answer;
    },
    /**
     * The aggregator's list into the catalogue: a new game goes in `enabled` as asked (operators enable
     * games), at the end of the lobby; a known one takes the aggregator's title, category, image, kind
     * and studio but keeps the operators' order and switch, except that a game the aggregator no longer
     * offers is switched off. Answers the codes added and updated, and how many were switched off.
     */
    async importGames(
      providerId: number,
      games: {
        code: string;
        title: string;
        category: string;
        image: string;
        isSlot: boolean;
        studio: string;
        enabled: boolean;
      }[],
      enableNew: boolean,
    ): Promise<{ added: string[]; updated: string[]; disabled: number }> {
      const result = await db.query<{ code: string; inserted: boolean }>(
        `with listed as (
           select * from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[], $8::boolean[])
             with ordinality as l(code, title, category, image, is_slot, studio, enabled, position)
         ), tail as (select coalesce(max(sort_order), 0) as last from casino_games)
         insert into casino_games (provider_id, code, title, category, image, is_slot, launch_kind, sort_order, enabled, studio)
         select $1, l.code, l.title, l.category, l.image, l.is_slot, 'play', (select last from tail) + l.position::int, l.enabled and $9, l.studio
         from listed l
         on conflict (provider_id, code) do update set title = excluded.title, category = excluded.category, image = excluded.image,
           is_slot = excluded.is_slot, studio = excluded.studio,
           enabled = casino_games.enabled and (select l.enabled from listed l where l.code = excluded.code)
         returning code, (xmax = 0) as inserted`,
        [
          providerId,
          games.map((g) => g.code),
          games.map((g) => g.title),
          games.map((g) => g.category),
          games.map((g) => g.image),
          games.map((g) => g.isSlot),
          games.map((g) => g.studio),
          games.map((g) => g.enabled),
          enableNew,
        ],
      );
      const gone = await db.query(
        'update casino_games set enabled = false where provider_id = $1 and enabled and not (code = any($2::text[]))',
        [providerId, games.map((g) => g.code)],
      );
      return {
        added: result.rows.filter((row) => row.inserted).map((row) => row.code),
        updated: result.rows.filter((row) => !row.inserted).map((row) => row.code),
        disabled: gone.rowCount ?? 0,
      };
    },
    /** Our wallet transactions with the aggregator in a time window (tombstones are not calls). */
    async ourTransactions(
      providerId: number,
      from: Date,
      to: Date,
    ): Promise<
      {
        transaction_id: string;
        kind: 'debit' | 'credit' | 'rollback';
        amount_paise: number;
        debit_transaction_id: string | null;
        created_at: Date;
      }[]
    > {
      const result = await db.query<{
        transaction_id: string;
        kind: 'debit' | 'credit' | 'rollback';
        amount_paise: string;
        debit_transaction_id: string | null;
        created_at: Date;
      }>(
        `select transaction_id, kind, amount_paise, debit_transaction_id, created_at from casino_transactions
         where provider_id = $1 and kind <> 'rollback_tombstone' and created_at >= $2 and created_at < $3`,
        [providerId, from, to],
      );
      return result.rows.map((row) => ({ ...row, amount_paise: Number(row.amount_paise) }));
    },
    async saveReconciliation(run: Hub88Reconciliation): Promise<void> {
      await db.query(
        `insert into hub88_reconciliations (day, ran_at, ours, theirs, matched, differences) values ($1, $2, $3, $4, $5, $6::jsonb)
         on conflict (day) do update set ran_at = excluded.ran_at, ours = excluded.ours, theirs = excluded.theirs,
           matched = excluded.matched, differences = excluded.differences`,
        [run.day, run.ranAt, run.ours, run.theirs, run.matched, JSON.stringify(run.differences)],
      );
    },
    async reconciliations(sinceDay: string): Promise<Hub88Reconciliation[]> {
      const result = await db.query<{
        day: string;
        ran_at: Date;
        ours: number;
        theirs: number;
        matched: number;
        differences: Hub88Difference[];
      }>(
        `select to_char(day, 'YYYY-MM-DD') as day, ran_at, ours, theirs, matched, differences from hub88_reconciliations
         where day >= $1::date order by day desc`,
        [sinceDay],
      );
      return result.rows.map((row) => ({ ...row, ranAt: row.ran_at }));
    },
    async player(userId: string): Promise<{ id: string; mobile_no: string; created_at: Date } | null> {
      const result = await db.query<{ id: string; mobile_no: string; created_at: Date }>(
        'select id, mobile_no, created_at from users where id = $1',
        [userId],
      );
      return result.rows[0] ?? null;
    },
  };
}
