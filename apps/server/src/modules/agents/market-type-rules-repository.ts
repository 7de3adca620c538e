import type { Queryable } from '../../db/database.js';
import { withinSubtreeSql } from '../../db/subtree-sql.js';

export type MarketTypeId = 'EXCHANGE' | 'BOOKMAKER' | 'FANCY';

export interface MarketTypeRuleRow {
  owner_id: string;
  set_by: string;
  market_type: MarketTypeId;
  locked: boolean;
  min_stake_paise: number | null;
  max_stake_paise: number | null;
  max_profit_paise: number | null;
}

const COLUMNS =
  'r.owner_id, r.set_by, r.market_type, r.locked, r.min_stake_paise, r.max_stake_paise, r.max_profit_paise';

/** The account `$1` and its uplines, as `chain(id)` (the same walk as downline-limits-repository's). */
const CHAIN = `with recursive chain(id, depth) as (
  select $1::uuid, 0
  union all
  select u.upline_id, chain.depth + 1 from users u join chain on u.id = chain.id where u.upline_id is not null and chain.depth < 16
)`;

const fromDb = (row: MarketTypeRuleRow): MarketTypeRuleRow => ({
  ...row,
  min_stake_paise: row.min_stake_paise === null ? null : Number(row.min_stake_paise),
  max_stake_paise: row.max_stake_paise === null ? null : Number(row.max_stake_paise),
  max_profit_paise: row.max_profit_paise === null ? null : Number(row.max_profit_paise),
});

/** Locks and limits per market type on downline accounts (migration 0043, decision 0064). */
export function createMarketTypeRulesRepository(db: Queryable) {
  return {
    /** The lines one setter hung on one account. */
    async ownLines(ownerId: string, setBy: string): Promise<MarketTypeRuleRow[]> {
      const result = await db.query<MarketTypeRuleRow>(
        `select ${COLUMNS} from downline_market_type_rules r where r.owner_id = $1 and r.set_by = $2`,
        [ownerId, setBy],
      );
      return result.rows.map(fromDb);
    },

    /** Every line binding an account but the setter's own on it: on the account by others, and on every upline. */
    async linesFromOthers(ownerId: string, setBy: string): Promise<MarketTypeRuleRow[]> {
      const result = await db.query<MarketTypeRuleRow>(
        `${CHAIN} select ${COLUMNS} from downline_market_type_rules r
         where r.owner_id in (select id from chain) and not (r.owner_id = $1 and r.set_by = $2)`,
        [ownerId, setBy],
      );
      return result.rows.map(fromDb);
    },

    /**
     * The locks binding each of `userIds` inside the subtree of `rootId` (the whole site when null),
     * by type, with whether `setBy`'s own lock on that very account is one of them and whether any
     * other is (on it or any upline).
     */
    async locksOf(
      userIds: readonly string[],
      setBy: string,
      rootId: string | null,
    ): Promise<{ user_id: string; market_type: MarketTypeId; own: boolean; others: boolean }[]> {
      if (userIds.length === 0) return [];
      const result = await db.query<{ user_id: string; market_type: MarketTypeId; own: boolean; others: boolean }>(
        `with recursive chain(user_id, id, depth) as (
           select u, u, 0 from unnest($1::uuid[]) as u where u <> $2${withinSubtreeSql('u', 3, rootId)}
           union all
           select chain.user_id, x.upline_id, chain.depth + 1 from users x join chain on x.id = chain.id
             where x.upline_id is not null and chain.depth < 16
         )
         select chain.user_id, r.market_type, bool_or(r.owner_id = chain.user_id and r.set_by = $2) as own,
           bool_or(not (r.owner_id = chain.user_id and r.set_by = $2)) as others
         from chain join downline_market_type_rules r on r.owner_id = chain.id and r.locked
         group by chain.user_id, r.market_type`,
        rootId === null ? [userIds, setBy] : [userIds, setBy, rootId],
      );
      return result.rows;
    },

    /** Replaces one setter's lines on one account (a line with no lock and no figure is no line). */
    async replace(
      ownerId: string,
      setBy: string,
      lines: {
        marketType: MarketTypeId;
        locked: boolean;
        min: number | null;
        max: number | null;
        profit: number | null;
      }[],
      at: Date,
    ): Promise<void> {
      await db.query('delete from downline_market_type_rules where owner_id = $1 and set_by = $2', [ownerId, setBy]);
      for (const line of lines) {
        if (!line.locked && line.min === null && line.max === null && line.profit === null) continue;
        await db.query(
          `insert into downline_market_type_rules (owner_id, set_by, market_type, locked, min_stake_paise, max_stake_paise, max_profit_paise, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [ownerId, setBy, line.marketType, line.locked, line.min, line.max, line.profit, at],
        );
      }
    },
  };
}
