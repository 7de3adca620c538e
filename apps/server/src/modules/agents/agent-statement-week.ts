import type { Queryable } from '../../db/database.js';
import type { Rates } from './agent-rates.js';
import { isAgentRole } from './agent-scope.js';
import type { LevelSums, MarketNet } from './agent-statement-figures.js';
import { chainPartnershipRates } from './agent-statement-figures.js';
import { subtreeIdsSql } from './tree-repository.js';

export interface Account {
  id: string;
  role: number;
  name: string;
  upline_id: string | null;
}

/** A player's agent uplines, nearest first; the walk stops at the first account that is not an agent. */
export function agentChain(byId: Map<string, Account>, userId: string): string[] {
  const chain: string[] = [];
  let next = byId.get(userId)?.upline_id ?? null;
  while (next !== null && chain.length < 16) {
    const upline = byId.get(next);
    if (upline === undefined || !isAgentRole(upline.role)) break;
    chain.push(upline.id);
    next = upline.upline_id;
  }
  return chain;
}

/** The week's settled bets and closed casino rounds of the accounts in `$3`, from the house's side. */
const RESULTS_SQL = `select b.user_id, 'sports' as kind, -b.profit_loss_paise::bigint as pnl from bets b
     where b.status = 'settled' and b.settled_at >= $1 and b.settled_at < $2 and b.user_id = any($3::uuid[])
   union all
   select r.user_id, 'casino' as kind, (r.stake_paise - r.payout_paise - r.rolled_back_paise)::bigint as pnl from casino_rounds r
     where r.status <> 'open' and r.settled_at >= $1 and r.settled_at < $2 and r.user_id = any($3::uuid[])`;

/**
 * The accounts at and below `rootId` (the whole site when null) with the root's uplines, and the
 * week's results of the accounts in scope summed in the database (decision 0026): per player, kind
 * and chain level the P&L and the per-result rounded cumulative share; per player and exchange market
 * the net result. Nothing per bet is read into memory.
 */
export async function loadWeek(
  db: Queryable,
  rootId: string | null,
  from: Date,
  to: Date,
  ratesOf: (agentId: string) => Rates,
) {
  const accounts = await db.query<Account & { in_scope: boolean }>(
    rootId === null
      ? 'select id, role, name, upline_id, true as in_scope from users'
      : `with recursive up(id) as (select upline_id from users where id = $1 and upline_id is not null
           union all select u.upline_id from users u join up on u.id = up.id where u.upline_id is not null),
         scope as (${subtreeIdsSql(1)})
         select id, role, name, upline_id, id in (select id from scope) as in_scope from users where id in (select id from scope) or id in (select id from up)`,
    rootId === null ? [] : [rootId],
  );
  const byId = new Map(
    accounts.rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, upline_id: row.upline_id, role: Number(row.role) },
    ]),
  );
  const players: string[] = [];
  const levelUsers: string[] = [];
  const levelIndex: number[] = [];
  const levelRates: number[] = [];
  for (const row of accounts.rows) {
    const chain = agentChain(byId, row.id);
    if (!row.in_scope || chain.length === 0) continue;
    players.push(row.id);
    chainPartnershipRates(chain, ratesOf).forEach((rate, level) => {
      levelUsers.push(row.id);
      levelIndex.push(level);
      levelRates.push(rate);
    });
  }
  if (players.length === 0) return { byId, levels: [] as LevelSums[], nets: [] as MarketNet[] };
  const sums = await db.query<{
    user_id: string;
    level: number;
    kind: 'sports' | 'casino';
    pnl: string;
    cumulative: string;
  }>(
    `with lv as (select * from unnest($4::uuid[], $5::int[], $6::int[]) as t(user_id, level, rate_bp)),
          res as (${RESULTS_SQL})
     select lv.user_id, lv.level, res.kind, sum(res.pnl)::bigint as pnl, sum((res.pnl * lv.rate_bp) / 10000)::bigint as cumulative
     from res join lv on lv.user_id = res.user_id group by lv.user_id, lv.level, res.kind`,
    [from, to, players, levelUsers, levelIndex, levelRates],
  );
  const nets = await db.query<{ user_id: string; commission_bp: number; result: string }>(
    `select b.user_id, max(m.commission_bp) as commission_bp, sum(b.profit_loss_paise)::bigint as result from bets b join markets m on m.id = b.market_id
     where m.type = 'EXCHANGE' and b.status = 'settled' and b.settled_at >= $1 and b.settled_at < $2 and b.user_id = any($3::uuid[])
     group by b.user_id, b.market_id having sum(b.profit_loss_paise) > 0`,
    [from, to, players],
  );
  return {
    byId,
    levels: sums.rows.map((row) => ({
      userId: row.user_id,
      level: Number(row.level),
      kind: row.kind,
      pnlPaise: Number(row.pnl),
      cumulativePaise: Number(row.cumulative),
    })),
    nets: nets.rows.map((row) => ({
      userId: row.user_id,
      commissionBp: Number(row.commission_bp),
      resultPaise: Number(row.result),
    })),
  };
}
