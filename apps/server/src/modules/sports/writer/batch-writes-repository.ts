import type { Queryable } from '../../../db/database.js';
import type { BetRow } from '../sports-repository.js';

export interface FillInsert {
  marketId: string;
  runnerId: string;
  priceH: number;
  stakePaise: number;
  backBetId: string | null;
  layBetId: string | null;
  at: Date;
}
export interface ExposureUpsert {
  userId: string;
  marketId: string;
  wallet: 'main' | 'bonus';
  exposurePaise: number;
  outcomes: Record<string, number>;
}

/**
 * The rows' CTEs, parameters from $first on (bets, bet changes, fills, exposures, engine commands,
 * each a whole group commit's rows as one JSON array), each written only when `when` holds: the one
 * place a group commit's rows are written, alone (WRITE_ALL) or inside the market writer's
 * one-statement commit (decision 0039). The fills' foreign keys are checked at the statement's end,
 * when the bets are in. The changed bets are found by their ids (`= any`, the primary key), never by a
 * join the planner could run as a scan of every bet.
 */
export function rowsStatement(first: number, when: string): string {
  const p = (offset: number) => `$${first + offset}`;
  return `inserted_bets as (insert into bets (id, user_id, market_id, event_id, runner_id, side, price_h, line_runs, rate_h, stake_paise, matched_paise, matched_price_sum, cancelled_paise, status, lapse_reason,
           wallet, persistence, placed_version, delay_until, created_at, cash_out)
         select b.id, b.user_id, b.market_id, b.event_id, b.runner_id, b.side, b.price_h, b.line_runs, b.rate_h, b.stake_paise, b.matched_paise, b.matched_price_sum, b.cancelled_paise, b.status,
           b.lapse_reason, b.wallet, b.persistence, b.placed_version, b.delay_until, b.created_at, b.cash_out
         from rows from (jsonb_to_recordset(${p(0)}::jsonb) as (id uuid, user_id uuid, market_id uuid, event_id uuid, runner_id uuid, side text, price_h integer, line_runs integer,
           rate_h integer, stake_paise bigint, matched_paise bigint, matched_price_sum bigint, cancelled_paise bigint, status text, lapse_reason text, wallet text, persistence text, placed_version integer,
           delay_until timestamptz, created_at timestamptz, cash_out boolean)) with ordinality as b(id, user_id, market_id, event_id, runner_id, side, price_h, line_runs,
           rate_h, stake_paise, matched_paise, matched_price_sum, cancelled_paise, status, lapse_reason, wallet, persistence, placed_version, delay_until, created_at, cash_out, ord)
         where ${when} order by b.ord returning 1),
    updated_bets as (update bets t set matched_paise = b.matched_paise, matched_price_sum = b.matched_price_sum, cancelled_paise = b.cancelled_paise, status = b.status, lapse_reason = b.lapse_reason
         from jsonb_to_recordset(${p(1)}::jsonb) as b(id uuid, matched_paise bigint, matched_price_sum bigint, cancelled_paise bigint, status text, lapse_reason text)
         where t.id = b.id and t.id = any(array(select (x->>'id')::uuid from jsonb_array_elements(${p(1)}::jsonb) x)) and ${when} returning 1),
    inserted_fills as (insert into fills (market_id, runner_id, price_h, stake_paise, back_bet_id, lay_bet_id, created_at)
         select f."marketId", f."runnerId", f."priceH", f."stakePaise", f."backBetId", f."layBetId", f."at"
         from rows from (jsonb_to_recordset(${p(2)}::jsonb) as ("marketId" uuid, "runnerId" uuid, "priceH" integer, "stakePaise" bigint, "backBetId" uuid, "layBetId" uuid, "at" timestamptz))
           with ordinality as f("marketId", "runnerId", "priceH", "stakePaise", "backBetId", "layBetId", "at", ord)
         where ${when} order by f.ord returning 1),
    upserted as (insert into market_exposures (user_id, market_id, wallet, exposure_paise, outcomes)
         select e."userId", e."marketId", e.wallet, e."exposurePaise", e.outcomes
         from jsonb_to_recordset(${p(3)}::jsonb) as e("userId" uuid, "marketId" uuid, wallet text, "exposurePaise" bigint, outcomes jsonb)
         where ${when}
         on conflict (user_id, market_id, wallet) do update set exposure_paise = excluded.exposure_paise, outcomes = excluded.outcomes returning 1),
    appended as (insert into market_commands (market_id, seq, command)
         select c."marketId", c.seq, c.command from jsonb_to_recordset(${p(4)}::jsonb) as c("marketId" uuid, seq bigint, command jsonb) where ${when} returning 1)`;
}

/** The group commit's rows' parameters, in rowsStatement's order. */
export function rowsParams(
  bets: readonly BetRow[],
  updates: readonly BetRow[],
  fills: readonly FillInsert[],
  exposures: readonly ExposureUpsert[],
  commands: readonly CommandAppend[],
): string[] {
  const changed = updates.map(({ id, matched_paise, matched_price_sum, cancelled_paise, status, lapse_reason }) => ({
    id,
    matched_paise,
    matched_price_sum,
    cancelled_paise,
    status,
    lapse_reason,
  }));
  return [bets, changed, fills, exposures, commands].map((rows) => JSON.stringify(rows));
}

export interface CommandAppend {
  marketId: string;
  seq: number;
  command: unknown;
}

/** All five in one statement (one round trip). */
const WRITE_ALL = {
  name: 'batch_write_all',
  text: `with ${rowsStatement(1, 'true')}
    select (select count(*) from inserted_bets) + (select count(*) from updated_bets) + (select count(*) from inserted_fills) + (select count(*) from upserted)
      + (select count(*) from appended) as n`,
};

/**
 * The group commit's deferred rows (decision 0027): the bets, bet changes, fills and market exposures
 * of a whole batch of placed bets, and the engine commands of every market in the transaction, in one
 * statement instead of some ten per bet.
 */
export function createBatchWritesRepository(db: Queryable) {
  return {
    /** The batch's bets, bet changes, fills, exposures and engine commands in one statement. */
    async writeAll(
      bets: readonly BetRow[],
      updates: readonly BetRow[],
      fills: readonly FillInsert[],
      exposures: readonly ExposureUpsert[],
      commands: readonly CommandAppend[] = [],
    ): Promise<void> {
      if (bets.length + updates.length + fills.length + exposures.length + commands.length === 0) return;
      await db.query(WRITE_ALL.text, rowsParams(bets, updates, fills, exposures, commands), WRITE_ALL.name);
    },
  };
}
