import type { Queryable } from '../../db/database.js';
import type { BetRow } from './sports-repository.js';

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

/** The parts of one named statement (parsed once per connection, decision 0027); each carries a whole group commit's rows as one JSON array. */
const INSERT_BETS = {
  text: `insert into bets (id, user_id, market_id, event_id, runner_id, side, price_h, line_runs, rate_h, stake_paise, matched_paise, cancelled_paise, status, lapse_reason,
           wallet, persistence, placed_version, delay_until, created_at, cash_out)
         select b.id, b.user_id, b.market_id, b.event_id, b.runner_id, b.side, b.price_h, b.line_runs, b.rate_h, b.stake_paise, b.matched_paise, b.cancelled_paise, b.status,
           b.lapse_reason, b.wallet, b.persistence, b.placed_version, b.delay_until, b.created_at, b.cash_out
         from rows from (jsonb_to_recordset($1::jsonb) as (id uuid, user_id uuid, market_id uuid, event_id uuid, runner_id uuid, side text, price_h integer, line_runs integer,
           rate_h integer, stake_paise bigint, matched_paise bigint, cancelled_paise bigint, status text, lapse_reason text, wallet text, persistence text, placed_version integer,
           delay_until timestamptz, created_at timestamptz, cash_out boolean)) with ordinality as b(id, user_id, market_id, event_id, runner_id, side, price_h, line_runs,
           rate_h, stake_paise, matched_paise, cancelled_paise, status, lapse_reason, wallet, persistence, placed_version, delay_until, created_at, cash_out, ord)
         order by b.ord`,
};
const UPDATE_BETS = {
  text: `update bets t set matched_paise = b.matched_paise, cancelled_paise = b.cancelled_paise, status = b.status, lapse_reason = b.lapse_reason
         from jsonb_to_recordset($1::jsonb) as b(id uuid, matched_paise bigint, cancelled_paise bigint, status text, lapse_reason text) where t.id = b.id`,
};
const INSERT_FILLS = {
  text: `insert into fills (market_id, runner_id, price_h, stake_paise, back_bet_id, lay_bet_id, created_at)
         select f."marketId", f."runnerId", f."priceH", f."stakePaise", f."backBetId", f."layBetId", f."at"
         from rows from (jsonb_to_recordset($1::jsonb) as ("marketId" uuid, "runnerId" uuid, "priceH" integer, "stakePaise" bigint, "backBetId" uuid, "layBetId" uuid, "at" timestamptz))
           with ordinality as f("marketId", "runnerId", "priceH", "stakePaise", "backBetId", "layBetId", "at", ord)
         order by f.ord`,
};
const UPSERT_EXPOSURES = {
  text: `insert into market_exposures (user_id, market_id, wallet, exposure_paise, outcomes)
         select e."userId", e."marketId", e.wallet, e."exposurePaise", e.outcomes
         from jsonb_to_recordset($1::jsonb) as e("userId" uuid, "marketId" uuid, wallet text, "exposurePaise" bigint, outcomes jsonb)
         on conflict (user_id, market_id, wallet) do update set exposure_paise = excluded.exposure_paise, outcomes = excluded.outcomes`,
};

/** The engine commands the batch applied, on every market of its transaction (the command log, decision 0027). */
const APPEND_COMMANDS = {
  text: `insert into market_commands (market_id, seq, command) select c."marketId", c.seq, c.command from jsonb_to_recordset($5::jsonb) as c("marketId" uuid, seq bigint, command jsonb)`,
};
export interface CommandAppend {
  marketId: string;
  seq: number;
  command: unknown;
}

const strip = (text: string, param: string) => text.replace('$1::jsonb', `${param}::jsonb`);
/** All four in one statement (one round trip); the fills' foreign keys are checked at its end, when the bets are in. */
const WRITE_ALL = {
  name: 'batch_write_all',
  text: `with inserted_bets as (${strip(INSERT_BETS.text, '$1')} returning 1),
    updated_bets as (${strip(UPDATE_BETS.text, '$2')} returning 1),
    inserted_fills as (${strip(INSERT_FILLS.text, '$3')} returning 1),
    upserted as (${strip(UPSERT_EXPOSURES.text, '$4')} returning 1),
    appended as (${APPEND_COMMANDS.text} returning 1)
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
    async writeAll(bets: readonly BetRow[], updates: readonly BetRow[], fills: readonly FillInsert[], exposures: readonly ExposureUpsert[], commands: readonly CommandAppend[] = []): Promise<void> {
      if (bets.length + updates.length + fills.length + exposures.length + commands.length === 0) return;
      const changed = updates.map(({ id, matched_paise, cancelled_paise, status, lapse_reason }) => ({ id, matched_paise, cancelled_paise, status, lapse_reason }));
      const values = [bets, changed, fills, exposures, commands].map((rows) => JSON.stringify(rows));
      await db.query(WRITE_ALL.text, values, WRITE_ALL.name);
    },
  };
}
