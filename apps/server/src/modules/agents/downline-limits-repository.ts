import type { LimitRule } from '@khel/exchange';
import type { Queryable } from '../../db/database.js';

/** The account and its uplines (nearest first), as `chain(id, depth)` for the queries below. */
const CHAIN = `with recursive chain(id, depth) as (
  select $1::uuid, 0
  union all
  select u.upline_id, chain.depth + 1 from users u join chain on u.id = chain.id where u.upline_id is not null and chain.depth < 16
)`;

export interface LimitRow {
  owner_id: string;
  set_by: string;
  sport_id: string;
  sport_name: string;
  min_stake_paise: number | null;
  max_stake_paise: number | null;
  max_profit_paise: number | null;
}

export interface BlockRow {
  owner_id: string;
  set_by: string;
  sport_id: string | null;
  event_id: string | null;
  name: string;
}

const LIMIT_COLUMNS =
  'l.owner_id, l.set_by, l.sport_id, s.name as sport_name, l.min_stake_paise, l.max_stake_paise, l.max_profit_paise';
const BLOCK_COLUMNS = 'b.owner_id, b.set_by, b.sport_id, b.event_id, coalesce(s.name, e.name) as name';

/**
 * The limit tables' fingerprint as an expression: their version (migration 0024), moved by a trigger on
 * every change to either table. Read `for share`: the newest committed version whatever the reader's
 * snapshot (the market writer reads it with its batch's market state, decisions 0037 and 0039), and a
 * change to the rules waits for the batches that read the version before it.
 */
export const LIMITS_FINGERPRINT = `(select version::text from downline_limits_version for share)`;

export function createDownlineLimitsRepository(db: Queryable) {
  return {
    /**
     * What binds a bet of `userId` on `eventId` in a market of `marketType`: every rule hung on the
     * account or any upline for the event's sport or for the market type (decision 0064), and whether a
     * block on the sport or the event, or a lock on the type, hangs anywhere on that chain.
     */
    async rulesForBet(userId: string, eventId: string, marketType: string): Promise<LimitRule[]> {
      return (await this.rulesForBets([userId], eventId, marketType)).get(userId) ?? [];
    },

    /**
     * rulesForBet for several accounts at once (a group commit's players first seen by its lane,
     * decision 0075): each account's rules by its id, in one statement; an account with none has an
     * empty list. The one reading of the chain's rules: rulesForBet is this for one account.
     */
    async rulesForBets(
      userIds: readonly string[],
      eventId: string,
      marketType: string,
    ): Promise<Map<string, LimitRule[]>> {
      const rules = new Map<string, LimitRule[]>(userIds.map((userId) => [userId, []]));
      if (userIds.length === 0) return rules;
      const result = await db.query<{
        user_id: string;
        min_stake_paise: number | null;
        max_stake_paise: number | null;
        max_profit_paise: number | null;
        blocked: boolean;
        locked: boolean;
      }>(
        `with recursive chain(user_id, id, depth) as (
           select u, u, 0 from unnest($1::uuid[]) as u
           union all
           select chain.user_id, x.upline_id, chain.depth + 1 from users x join chain on x.id = chain.id
             where x.upline_id is not null and chain.depth < 16
         ), target as (select e.id as event_id, l.sport_id from events e join leagues l on l.id = e.league_id where e.id = $2)
         select c.user_id, d.min_stake_paise, d.max_stake_paise, d.max_profit_paise, false as blocked, false as locked
           from chain c join downline_bet_limits d on d.owner_id = c.id join target t on d.sport_id = t.sport_id
         union all
         select c.user_id, null, null, null, true, false
           from chain c join downline_bet_blocks b on b.owner_id = c.id join target t on b.sport_id = t.sport_id or b.event_id = t.event_id
         union all
         select c.user_id, r.min_stake_paise, r.max_stake_paise, r.max_profit_paise, false, r.locked
           from chain c join downline_market_type_rules r on r.owner_id = c.id where r.market_type = $3`,
        [userIds, eventId, marketType],
      );
      for (const row of result.rows)
        rules.get(row.user_id)?.push({
          minStakePaise: row.min_stake_paise === null ? null : Number(row.min_stake_paise),
          maxStakePaise: row.max_stake_paise === null ? null : Number(row.max_stake_paise),
          maxProfitPaise: row.max_profit_paise === null ? null : Number(row.max_profit_paise),
          blocked: row.blocked,
          locked: row.locked,
        });
      return rules;
    },

    /** Changes whenever any limit or block is added, changed or removed (migration 0024): read once per group commit to keep cached rules honest. */
    async fingerprint(): Promise<string> {
      const result = await db.query<{ mark: string }>(
        `select ${LIMITS_FINGERPRINT} as mark`,
        [],
        'downline_limits_fingerprint',
      );
      return result.rows[0]?.mark ?? '';
    },

    /** The rules one setter hung on one account. */
    async ownRules(ownerId: string, setBy: string): Promise<{ limits: LimitRow[]; blocks: BlockRow[] }> {
      const limits = await db.query<LimitRow>(
        `select ${LIMIT_COLUMNS} from downline_bet_limits l join sports s on s.id = l.sport_id where l.owner_id = $1 and l.set_by = $2 order by s.name`,
        [ownerId, setBy],
      );
      const blocks = await db.query<BlockRow>(
        `select ${BLOCK_COLUMNS} from downline_bet_blocks b left join sports s on s.id = b.sport_id left join events e on e.id = b.event_id where b.owner_id = $1 and b.set_by = $2 order by 5`,
        [ownerId, setBy],
      );
      return { limits: limits.rows, blocks: blocks.rows };
    },

    /** Every rule binding an account: hung on it or on any of its uplines, by anyone. */
    async bindingRules(ownerId: string): Promise<{ limits: LimitRow[]; blocks: BlockRow[] }> {
      const limits = await db.query<LimitRow>(
        `${CHAIN} select ${LIMIT_COLUMNS} from downline_bet_limits l join sports s on s.id = l.sport_id where l.owner_id in (select id from chain)`,
        [ownerId],
      );
      const blocks = await db.query<BlockRow>(
        `${CHAIN} select ${BLOCK_COLUMNS} from downline_bet_blocks b left join sports s on s.id = b.sport_id left join events e on e.id = b.event_id where b.owner_id in (select id from chain)`,
        [ownerId],
      );
      return { limits: limits.rows, blocks: blocks.rows };
    },

    async missing(table: 'sports' | 'events', ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const found = await db.query<{ id: string }>(`select id from ${table} where id = any($1::uuid[])`, [ids]);
      const known = new Set(found.rows.map((row) => row.id));
      return ids.filter((id) => !known.has(id));
    },

    /** Replaces one setter's rules on one account. */
    async replace(
      ownerId: string,
      setBy: string,
      rules: {
        limits: { sportId: string; min: number | null; max: number | null; profit: number | null }[];
        sports: string[];
        events: string[];
      },
      at: Date,
    ): Promise<void> {
      await db.query('delete from downline_bet_limits where owner_id = $1 and set_by = $2', [ownerId, setBy]);
      await db.query('delete from downline_bet_blocks where owner_id = $1 and set_by = $2', [ownerId, setBy]);
      for (const limit of rules.limits) {
        if (limit.min === null && limit.max === null && limit.profit === null) continue;
        await db.query(
          'insert into downline_bet_limits (owner_id, set_by, sport_id, min_stake_paise, max_stake_paise, max_profit_paise, updated_at) values ($1, $2, $3, $4, $5, $6, $7)',
          [ownerId, setBy, limit.sportId, limit.min, limit.max, limit.profit, at],
        );
      }
      for (const sportId of new Set(rules.sports))
        await db.query(
          'insert into downline_bet_blocks (owner_id, set_by, sport_id, created_at) values ($1, $2, $3, $4)',
          [ownerId, setBy, sportId, at],
        );
      for (const eventId of new Set(rules.events))
        await db.query(
          'insert into downline_bet_blocks (owner_id, set_by, event_id, created_at) values ($1, $2, $3, $4)',
          [ownerId, setBy, eventId, at],
        );
    },
  };
}
