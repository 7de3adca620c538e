import type { MarketSnapshot } from '@khel/exchange';
import type { Queryable } from '../../db/database.js';

export interface EventRow {
  id: string;
  slug: string;
  name: string;
  start_time: Date;
  status: 'upcoming' | 'in_play' | 'finished' | 'cancelled';
  score: unknown;
  stream_url: string | null;
  feed_ref: string | null;
  listed: boolean;
  league_id: string;
  league_slug: string;
  league_name: string;
  sport_id: string;
  sport_slug: string;
  sport_name: string;
}

/** What a bet view shows of its event: the catalogue names and slugs (a group commit's batch reads them with its markets). */
export type EventNames = Pick<
  EventRow,
  'id' | 'slug' | 'name' | 'league_id' | 'league_slug' | 'league_name' | 'sport_id' | 'sport_slug' | 'sport_name'
>;

export interface BookmakerQuoteJson {
  runners: { runnerId: string; backRateHundredths: number | null; layRateHundredths: number | null }[];
}
export interface FancyQuoteJson {
  noLineRuns: number | null;
  noRateHundredths: number | null;
  yesLineRuns: number | null;
  yesRateHundredths: number | null;
}
/** An exchange market's quote column: the id of the house's last quote (the offers themselves are in the book). */
export interface HouseQuoteJson {
  houseQuoteId: string;
}

export interface MarketRow {
  id: string;
  event_id: string;
  type: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY';
  name: string;
  status: 'open' | 'suspended' | 'closed' | 'settled' | 'voided';
  in_play: boolean;
  suspend_reason: string | null;
  version: number;
  bet_delay_seconds: number;
  min_stake_paise: number;
  max_stake_paise: number;
  max_profit_paise: number;
  commission_bp: number;
  quote: BookmakerQuoteJson | FancyQuoteJson | HouseQuoteJson | null;
  book_snapshot: MarketSnapshot | null;
  book_version: number;
  result: { winnerId?: string; runs?: number; void?: string } | null;
  settlement_count: number;
  feed_ref: string | null;
  sort_order: number;
}

export type MarketRulesRow = Pick<
  MarketRow,
  'id' | 'name' | 'type' | 'bet_delay_seconds' | 'commission_bp' | 'min_stake_paise' | 'max_stake_paise'
> & { rules: string | null };

export interface RunnerRow {
  id: string;
  market_id: string;
  name: string;
  sort_order: number;
  feed_ref: string | null;
}

export interface BetRow {
  id: string;
  seq: number;
  user_id: string;
  market_id: string;
  event_id: string;
  runner_id: string | null;
  side: 'back' | 'lay';
  price_h: number | null;
  line_runs: number | null;
  rate_h: number | null;
  stake_paise: number;
  matched_paise: number;
  /** EXCHANGE: Σ(fill stake in paise × fill price in hundredths); over matched_paise, the average matched price. */
  matched_price_sum: number;
  cancelled_paise: number;
  status: 'pending' | 'unmatched' | 'matched' | 'cancelled' | 'lapsed' | 'settled' | 'voided';
  lapse_reason: string | null;
  wallet: 'main' | 'bonus';
  persistence: 'lapse' | 'keep';
  placed_version: number;
  delay_until: Date | null;
  profit_loss_paise: number | null;
  created_at: Date;
  /** A Cash Out bet (decision 0022). */
  cash_out: boolean;
  /** Settled early by this cash-out closing bet (the closing bet points at itself). */
  closed_by: string | null;
}

export interface FillRow {
  runner_id: string;
  price_h: number;
  stake_paise: number;
  back_bet_id: string | null;
  lay_bet_id: string | null;
}

const EVENT_SELECT = `select e.id, e.slug, e.name, e.start_time, e.status, e.score, e.stream_url, e.feed_ref, e.listed,
    l.id as league_id, l.slug as league_slug, l.name as league_name, s.id as sport_id, s.slug as sport_slug, s.name as sport_name
  from events e join leagues l on l.id = e.league_id join sports s on s.id = l.sport_id`;

const MARKET_COLUMNS = `id, event_id, type, name, status, in_play, suspend_reason, version, bet_delay_seconds, min_stake_paise, max_stake_paise,
  max_profit_paise, commission_bp, quote, book_snapshot, book_version, result, settlement_count, feed_ref, sort_order`;

export const BET_COLUMNS = `id, seq, user_id, market_id, event_id, runner_id, side, price_h, line_runs, rate_h, stake_paise, matched_paise, matched_price_sum, cancelled_paise,
  status, lapse_reason, wallet, persistence, placed_version, delay_until, profit_loss_paise, created_at, cash_out, closed_by`;

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'item'
  );
}

export function createSportsRepository(db: Queryable) {
  return {
    // Catalogue
    async sports(): Promise<{ id: string; slug: string; name: string }[]> {
      return (
        await db.query<{ id: string; slug: string; name: string }>(
          'select id, slug, name from sports order by sort_order, name',
        )
      ).rows;
    },
    async leagues(): Promise<{ id: string; sport_id: string; slug: string; name: string }[]> {
      return (
        await db.query<{ id: string; sport_id: string; slug: string; name: string }>(
          'select id, sport_id, slug, name from leagues order by name',
        )
      ).rows;
    },
    async upsertSport(name: string, sortOrder = 0): Promise<string> {
      const result = await db.query<{ id: string }>(
        `insert into sports (slug, name, sort_order) values ($1, $2, $3) on conflict (slug) do update set name = excluded.name returning id`,
        [slugify(name), name, sortOrder],
      );
      return (result.rows[0] as { id: string }).id;
    },
    async upsertLeague(sportId: string, name: string): Promise<string> {
      const result = await db.query<{ id: string }>(
        `insert into leagues (sport_id, slug, name) values ($1, $2, $3) on conflict (sport_id, slug) do update set name = excluded.name returning id`,
        [sportId, slugify(name), name],
      );
      return (result.rows[0] as { id: string }).id;
    },
    async insertEvent(row: {
      leagueId: string;
      name: string;
      startTime: Date;
      streamUrl: string | null;
      feedRef: string | null;
    }): Promise<string> {
      let slug = slugify(row.name);
      const taken = await db.query('select 1 from events where league_id = $1 and slug = $2', [row.leagueId, slug]);
      if (taken.rowCount > 0)
        slug = `${slug}-${row.startTime
          .toISOString()
          .slice(0, 16)
          .replace(/[^0-9]/g, '')}`;
      const result = await db.query<{ id: string }>(
        `insert into events (league_id, slug, name, start_time, stream_url, feed_ref) values ($1, $2, $3, $4, $5, $6)
         on conflict (league_id, slug) do update set name = excluded.name returning id`,
        [row.leagueId, slug, row.name, row.startTime, row.streamUrl, row.feedRef],
      );
      return (result.rows[0] as { id: string }).id;
    },
    async updateEvent(
      id: string,
      changes: { status?: string; streamUrl?: string | null; startTime?: Date; score?: unknown; listed?: boolean },
    ): Promise<void> {
      const sets: string[] = [];
      const params: unknown[] = [id];
      const add = (column: string, value: unknown) => {
        params.push(value);
        sets.push(`${column} = $${params.length}`);
      };
      if (changes.status !== undefined) add('status', changes.status);
      if (changes.streamUrl !== undefined) add('stream_url', changes.streamUrl);
      if (changes.startTime !== undefined) add('start_time', changes.startTime);
      if (changes.score !== undefined) add('score', JSON.stringify(changes.score));
      if (changes.listed !== undefined) add('listed', changes.listed);
      if (sets.length > 0) await db.query(`update events set ${sets.join(', ')} where id = $1`, params);
    },
    async eventById(id: string): Promise<EventRow | null> {
      return (await db.query<EventRow>(`${EVENT_SELECT} where e.id = $1`, [id])).rows[0] ?? null;
    },
    async eventsByIds(ids: string[]): Promise<EventRow[]> {
      if (ids.length === 0) return [];
      return (await db.query<EventRow>(`${EVENT_SELECT} where e.id = any($1::uuid[])`, [ids])).rows;
    },
    async eventBySlugs(sport: string, league: string, event: string): Promise<EventRow | null> {
      return (
        (
          await db.query<EventRow>(`${EVENT_SELECT} where s.slug = $1 and l.slug = $2 and e.slug = $3`, [
            sport,
            league,
            event,
          ])
        ).rows[0] ?? null
      );
    },
    async eventByFeedRef(feedRef: string): Promise<EventRow | null> {
      return (await db.query<EventRow>(`${EVENT_SELECT} where e.feed_ref = $1`, [feedRef])).rows[0] ?? null;
    },
    async listEvents(filter: {
      sport?: string;
      league?: string;
      inPlay?: boolean;
      includeAll?: boolean;
    }): Promise<EventRow[]> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (filter.includeAll !== true) where.push(`e.listed and e.status in ('upcoming', 'in_play')`);
      if (filter.sport !== undefined) {
        params.push(filter.sport);
        where.push(`s.slug = $${params.length}`);
      }
      if (filter.league !== undefined) {
        params.push(filter.league);
        where.push(`l.slug = $${params.length}`);
      }
      if (filter.inPlay !== undefined) where.push(filter.inPlay ? `e.status = 'in_play'` : `e.status = 'upcoming'`);
      const clause = where.length > 0 ? `where ${where.join(' and ')}` : '';
      return (
        await db.query<EventRow>(
          `${EVENT_SELECT} ${clause} order by (e.status = 'in_play') desc, e.start_time, e.name limit 300`,
          params,
        )
      ).rows;
    },

    // Markets
    async insertMarket(row: {
      eventId: string;
      type: string;
      name: string;
      betDelaySeconds: number;
      minStakePaise: number;
      maxStakePaise: number;
      maxProfitPaise: number;
      feedRef: string | null;
      sortOrder: number;
      rules: string | null;
      runners: { name: string; feedRef: string | null }[];
    }): Promise<string> {
      const result = await db.query<{ id: string }>(
        `insert into markets (event_id, type, name, bet_delay_seconds, min_stake_paise, max_stake_paise, max_profit_paise, feed_ref, sort_order, rules)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
        [
          row.eventId,
          row.type,
          row.name,
          row.betDelaySeconds,
          row.minStakePaise,
          row.maxStakePaise,
          row.maxProfitPaise,
          row.feedRef,
          row.sortOrder,
          row.rules,
        ],
      );
      const id = (result.rows[0] as { id: string }).id;
      for (const [index, runner] of row.runners.entries()) {
        await db.query('insert into runners (market_id, name, sort_order, feed_ref) values ($1, $2, $3, $4)', [
          id,
          runner.name,
          index,
          runner.feedRef,
        ]);
      }
      return id;
    },
    /** What a market's Rules show (issue 26): its own rules, or null for its type's, with what those name. */
    async marketRules(id: string): Promise<MarketRulesRow | null> {
      return (
        (
          await db.query<MarketRulesRow>(
            'select id, name, type, rules, bet_delay_seconds, commission_bp, min_stake_paise, max_stake_paise from markets where id = $1',
            [id],
          )
        ).rows[0] ?? null
      );
    },
    async market(id: string): Promise<MarketRow | null> {
      return (await db.query<MarketRow>(`select ${MARKET_COLUMNS} from markets where id = $1`, [id])).rows[0] ?? null;
    },
    async marketsByIds(ids: string[]): Promise<MarketRow[]> {
      if (ids.length === 0) return [];
      return (await db.query<MarketRow>(`select ${MARKET_COLUMNS} from markets where id = any($1::uuid[])`, [ids]))
        .rows;
    },
    async marketByFeedRef(feedRef: string): Promise<MarketRow | null> {
      return (
        (await db.query<MarketRow>(`select ${MARKET_COLUMNS} from markets where feed_ref = $1`, [feedRef])).rows[0] ??
        null
      );
    },
    async marketsOfEvents(eventIds: string[]): Promise<MarketRow[]> {
      if (eventIds.length === 0) return [];
      return (
        await db.query<MarketRow>(
          `select ${MARKET_COLUMNS} from markets where event_id = any($1::uuid[]) order by sort_order, created_at`,
          [eventIds],
        )
      ).rows;
    },
    async runnersOf(marketIds: string[]): Promise<RunnerRow[]> {
      if (marketIds.length === 0) return [];
      return (
        await db.query<RunnerRow>(
          'select id, market_id, name, sort_order, feed_ref from runners where market_id = any($1::uuid[]) order by sort_order',
          [marketIds],
        )
      ).rows;
    },
    async updateMarket(
      id: string,
      changes: Partial<
        Record<
          | 'status'
          | 'in_play'
          | 'suspend_reason'
          | 'bet_delay_seconds'
          | 'min_stake_paise'
          | 'max_stake_paise'
          | 'max_profit_paise'
          | 'result'
          | 'settlement_count'
          | 'settled_at'
          | 'rules',
          unknown
        >
      > & { quote?: unknown; bumpVersion?: boolean },
    ): Promise<void> {
      const sets: string[] = [];
      const params: unknown[] = [id];
      for (const [column, value] of Object.entries(changes)) {
        if (column === 'bumpVersion' || value === undefined) continue;
        params.push(
          column === 'quote' || column === 'result' ? (value === null ? null : JSON.stringify(value)) : value,
        );
        sets.push(`${column} = $${params.length}`);
      }
      if (changes.bumpVersion === true) sets.push('version = version + 1');
      if (sets.length > 0) await db.query(`update markets set ${sets.join(', ')} where id = $1`, params);
    },
    async saveBook(id: string, snapshot: MarketSnapshot, bookVersion: number): Promise<void> {
      await db.query('update markets set book_snapshot = $2, book_version = $3 where id = $1', [
        id,
        JSON.stringify(snapshot),
        bookVersion,
      ]);
    },
    /** Serialises every change to one market across processes for the rest of the transaction. */
    async lockMarket(id: string): Promise<void> {
      await db.query('select pg_advisory_xact_lock(hashtext($1))', [`market:${id}`]);
    },

    // Bets
    async insertBet(row: {
      userId: string;
      marketId: string;
      eventId: string;
      runnerId: string | null;
      side: 'back' | 'lay';
      priceH: number | null;
      lineRuns: number | null;
      rateH: number | null;
      stakePaise: number;
      matchedPaise: number;
      status: BetRow['status'];
      wallet: 'main' | 'bonus';
      persistence: 'lapse' | 'keep';
      placedVersion: number;
      delayUntil: Date | null;
      at: Date;
      cashOut?: boolean;
    }): Promise<BetRow> {
      const result = await db.query<BetRow>(
        `insert into bets (user_id, market_id, event_id, runner_id, side, price_h, line_runs, rate_h, stake_paise, matched_paise, status, wallet, persistence, placed_version, delay_until, created_at, cash_out)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) returning ${BET_COLUMNS}`,
        [
          row.userId,
          row.marketId,
          row.eventId,
          row.runnerId,
          row.side,
          row.priceH,
          row.lineRuns,
          row.rateH,
          row.stakePaise,
          row.matchedPaise,
          row.status,
          row.wallet,
          row.persistence,
          row.placedVersion,
          row.delayUntil,
          row.at,
          row.cashOut ?? false,
        ],
      );
      return result.rows[0] as BetRow;
    },
    /** A placed bet as its placement built it (id included), inserted by itself: an in-play delay's pending bet, or a bet in a caller's transaction. */
    async insertPlacedBet(bet: BetRow): Promise<BetRow> {
      const result = await db.query<BetRow>(
        `insert into bets (id, user_id, market_id, event_id, runner_id, side, price_h, line_runs, rate_h, stake_paise, matched_paise, status, wallet, persistence, placed_version, delay_until, created_at, cash_out)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) returning ${BET_COLUMNS}`,
        [
          bet.id,
          bet.user_id,
          bet.market_id,
          bet.event_id,
          bet.runner_id,
          bet.side,
          bet.price_h,
          bet.line_runs,
          bet.rate_h,
          bet.stake_paise,
          bet.matched_paise,
          bet.status,
          bet.wallet,
          bet.persistence,
          bet.placed_version,
          bet.delay_until,
          bet.created_at,
          bet.cash_out,
        ],
      );
      return result.rows[0] as BetRow;
    },
    async bet(id: string): Promise<BetRow | null> {
      return (await db.query<BetRow>(`select ${BET_COLUMNS} from bets where id = $1`, [id])).rows[0] ?? null;
    },
    /** The players of a market book, for the operator's view (name and mobile number). */
    async playersOf(userIds: string[]): Promise<{ id: string; name: string; mobile_no: string }[]> {
      if (userIds.length === 0) return [];
      return (
        await db.query<{ id: string; name: string; mobile_no: string }>(
          'select id, name, mobile_no from users where id = any($1::uuid[])',
          [userIds],
        )
      ).rows;
    },
    async betsOfMarket(marketId: string): Promise<BetRow[]> {
      return (await db.query<BetRow>(`select ${BET_COLUMNS} from bets where market_id = $1 order by seq`, [marketId]))
        .rows;
    },
    async betsOfUserInMarket(userId: string, marketId: string): Promise<BetRow[]> {
      return (
        await db.query<BetRow>(`select ${BET_COLUMNS} from bets where user_id = $1 and market_id = $2 order by seq`, [
          userId,
          marketId,
        ])
      ).rows;
    },
    /** A player's bets still in play on these markets (positions and cash out read them). */
    /** Whether the player has a bet in this wallet that no settlement, void or cash out has closed yet. */
    async hasOpenBets(userId: string, wallet: 'main' | 'bonus'): Promise<boolean> {
      const result = await db.query(
        `select 1 from bets where user_id = $1 and wallet = $2 and status in ('pending', 'unmatched', 'matched') and closed_by is null limit 1`,
        [userId, wallet],
      );
      return result.rowCount > 0;
    },
    async liveBetsOfUserInMarkets(userId: string, marketIds: string[]): Promise<BetRow[]> {
      if (marketIds.length === 0) return [];
      return (
        await db.query<BetRow>(
          `select ${BET_COLUMNS} from bets where user_id = $1 and market_id = any($2::uuid[]) and status in ('pending', 'unmatched', 'matched') order by seq`,
          [userId, marketIds],
        )
      ).rows;
    },
    /** The live bets of several players on several markets (positions of everyone a group commit touched, one read). */
    async liveBetsOfUsersInMarkets(userIds: string[], marketIds: string[]): Promise<BetRow[]> {
      if (userIds.length === 0 || marketIds.length === 0) return [];
      return (
        await db.query<BetRow>(
          `select ${BET_COLUMNS} from bets where user_id = any($1::uuid[]) and market_id = any($2::uuid[]) and status in ('pending', 'unmatched', 'matched') order by seq`,
          [userIds, marketIds],
        )
      ).rows;
    },
    /** Which of these players have bets on which of these markets. */
    async usersWithBetsInMarkets(
      marketIds: string[],
      userIds: string[],
    ): Promise<{ market_id: string; user_id: string }[]> {
      if (userIds.length === 0 || marketIds.length === 0) return [];
      return (
        await db.query<{ market_id: string; user_id: string }>(
          `select distinct market_id, user_id from bets where market_id = any($1::uuid[]) and user_id = any($2::uuid[])`,
          [marketIds, userIds],
        )
      ).rows;
    },
    /** Which of these players have bets on a market (whose positions a change there may move, or clear). */
    async usersWithBets(marketId: string, userIds: string[]): Promise<string[]> {
      if (userIds.length === 0) return [];
      return (
        await db.query<{ user_id: string }>(
          `select distinct user_id from bets where market_id = $1 and user_id = any($2::uuid[])`,
          [marketId, userIds],
        )
      ).rows.map((row) => row.user_id);
    },
    /** A player's bets, newest first; My Bets' filters (issue 31): a sport's slug, a market type, placed in [from, to). */
    async betsOfUser(
      userId: string,
      open: boolean,
      limit: number,
      filter: { sport?: string; marketType?: string; eventId?: string; from?: Date; to?: Date } = {},
    ): Promise<BetRow[]> {
      const statuses = open ? `('pending', 'unmatched', 'matched')` : `('settled', 'voided', 'cancelled', 'lapsed')`;
      return (
        await db.query<BetRow>(
          `select ${BET_COLUMNS} from bets where user_id = $1 and status in ${statuses}
             and ($3::text is null or event_id in (
               select e.id from events e join leagues l on l.id = e.league_id join sports s on s.id = l.sport_id
               where s.slug = $3))
             and ($4::text is null or market_id in (select id from markets where type = $4))
             and ($5::timestamptz is null or created_at >= $5)
             and ($6::timestamptz is null or created_at < $6)
             and ($7::uuid is null or event_id = $7)
           order by seq desc limit $2`,
          [
            userId,
            limit,
            filter.sport ?? null,
            filter.marketType ?? null,
            filter.from ?? null,
            filter.to ?? null,
            filter.eventId ?? null,
          ],
        )
      ).rows;
    },
    async duePendingBets(now: Date): Promise<{ id: string; market_id: string }[]> {
      return (
        await db.query<{ id: string; market_id: string }>(
          `select id, market_id from bets where status = 'pending' and delay_until <= $1 order by delay_until limit 200`,
          [now],
        )
      ).rows;
    },
    async updateBet(
      id: string,
      changes: Partial<
        Pick<
          BetRow,
          | 'matched_paise'
          | 'matched_price_sum'
          | 'cancelled_paise'
          | 'status'
          | 'lapse_reason'
          | 'profit_loss_paise'
          | 'price_h'
          | 'rate_h'
          | 'line_runs'
          | 'delay_until'
          | 'closed_by'
        >
      > & { settled_at?: Date | null },
    ): Promise<void> {
      const sets: string[] = [];
      const params: unknown[] = [id];
      for (const [column, value] of Object.entries(changes)) {
        if (value === undefined) continue;
        params.push(value);
        sets.push(`${column} = $${params.length}`);
      }
      if (sets.length > 0) await db.query(`update bets set ${sets.join(', ')} where id = $1`, params);
    },
    async insertFill(row: {
      marketId: string;
      runnerId: string;
      priceH: number;
      stakePaise: number;
      backBetId: string | null;
      layBetId: string | null;
      at: Date;
    }): Promise<void> {
      await db.query(
        'insert into fills (market_id, runner_id, price_h, stake_paise, back_bet_id, lay_bet_id, created_at) values ($1, $2, $3, $4, $5, $6, $7)',
        [row.marketId, row.runnerId, row.priceH, row.stakePaise, row.backBetId, row.layBetId, row.at],
      );
    },
    async fillsOfMarket(marketId: string): Promise<FillRow[]> {
      return (
        await db.query<FillRow>(
          'select runner_id, price_h, stake_paise, back_bet_id, lay_bet_id from fills where market_id = $1 and voided_at is null order by id',
          [marketId],
        )
      ).rows;
    },
    async fillsOfBets(betIds: string[]): Promise<FillRow[]> {
      if (betIds.length === 0) return [];
      return (
        await db.query<FillRow>(
          'select runner_id, price_h, stake_paise, back_bet_id, lay_bet_id from fills where (back_bet_id = any($1::uuid[]) or lay_bet_id = any($1::uuid[])) and voided_at is null order by id',
          [betIds],
        )
      ).rows;
    },

    // Exposure bookkeeping
    async marketExposure(userId: string, marketId: string, wallet: string): Promise<number> {
      const result = await db.query<{ exposure_paise: number }>(
        'select exposure_paise from market_exposures where user_id = $1 and market_id = $2 and wallet = $3',
        [userId, marketId, wallet],
      );
      return result.rows[0]?.exposure_paise ?? 0;
    },
    async setMarketExposure(
      userId: string,
      marketId: string,
      wallet: string,
      exposurePaise: number,
      outcomes?: Record<string, number>,
    ): Promise<void> {
      await db.query(
        `insert into market_exposures (user_id, market_id, wallet, exposure_paise, outcomes) values ($1, $2, $3, $4, coalesce($5::jsonb, '{}'::jsonb))
         on conflict (user_id, market_id, wallet) do update set exposure_paise = excluded.exposure_paise,
           outcomes = coalesce($5::jsonb, market_exposures.outcomes)`,
        [userId, marketId, wallet, exposurePaise, outcomes === undefined ? null : JSON.stringify(outcomes)],
      );
    },
    async marketPositionsOfUsers(
      userIds: readonly string[],
      marketId: string,
    ): Promise<
      { user_id: string; wallet: 'main' | 'bonus'; exposure_paise: number; outcomes: Record<string, number> }[]
    > {
      return (
        await db.query<{
          user_id: string;
          wallet: 'main' | 'bonus';
          exposure_paise: number;
          outcomes: Record<string, number>;
        }>(
          'select user_id, wallet, exposure_paise, outcomes from market_exposures where user_id = any($1::uuid[]) and market_id = $2',
          [userIds, marketId],
          'market_positions_of_users',
        )
      ).rows;
    },
    async marketPositions(
      userId: string,
      marketId: string,
    ): Promise<{ wallet: 'main' | 'bonus'; exposure_paise: number; outcomes: Record<string, number> }[]> {
      return (
        await db.query<{ wallet: 'main' | 'bonus'; exposure_paise: number; outcomes: Record<string, number> }>(
          'select wallet, exposure_paise, outcomes from market_exposures where user_id = $1 and market_id = $2',
          [userId, marketId],
        )
      ).rows;
    },
    async betsByIds(ids: string[]): Promise<BetRow[]> {
      if (ids.length === 0) return [];
      return (await db.query<BetRow>(`select ${BET_COLUMNS} from bets where id = any($1::uuid[]) order by seq`, [ids]))
        .rows;
    },
    async marketPosition(
      userId: string,
      marketId: string,
      wallet: string,
    ): Promise<{ exposure_paise: number; outcomes: Record<string, number> } | null> {
      const result = await db.query<{ exposure_paise: number; outcomes: Record<string, number> }>(
        'select exposure_paise, outcomes from market_exposures where user_id = $1 and market_id = $2 and wallet = $3',
        [userId, marketId, wallet],
      );
      return result.rows[0] ?? null;
    },
    /** A player's bets on a market that still wait to be matched (the few that exposure needs besides the position). */
    async unmatchedBetsOfUser(userId: string, marketId: string): Promise<BetRow[]> {
      return (
        await db.query<BetRow>(
          `select ${BET_COLUMNS} from bets where market_id = $1 and user_id = $2 and status in ('unmatched', 'pending') order by seq`,
          [marketId, userId],
        )
      ).rows;
    },
    /** Every player's exposure rows on a market, per wallet (the repair of decision 0081 checks them against the fills). */
    async exposuresOfMarket(
      marketId: string,
    ): Promise<
      { user_id: string; wallet: 'main' | 'bonus'; exposure_paise: number; outcomes: Record<string, number> }[]
    > {
      return (
        await db.query<{
          user_id: string;
          wallet: 'main' | 'bonus';
          exposure_paise: number;
          outcomes: Record<string, number>;
        }>('select user_id, wallet, exposure_paise, outcomes from market_exposures where market_id = $1', [marketId])
      ).rows;
    },
    /** Every bet on a market still in play (pending, unmatched, matched), by seq. */
    async liveBetsOfMarket(marketId: string): Promise<BetRow[]> {
      return (
        await db.query<BetRow>(
          `select ${BET_COLUMNS} from bets where market_id = $1 and status in ('pending', 'unmatched', 'matched') order by seq`,
          [marketId],
        )
      ).rows;
    },
    /**
     * The exchange markets neither settled nor voided where money may be reserved: those with an
     * exposure row or a live bet (a feed's many markets nobody bet on are not read).
     */
    async exchangeMarketsHoldingMoney(): Promise<string[]> {
      return (
        await db.query<{ id: string }>(
          `select m.id from markets m where m.type = 'EXCHANGE' and m.status not in ('settled', 'voided')
             and (exists (select 1 from market_exposures e where e.market_id = m.id)
               or exists (select 1 from bets b where b.market_id = m.id and b.status in ('pending', 'unmatched', 'matched')))
           order by m.id`,
        )
      ).rows.map((row) => row.id);
    },

    // Feed state
    /** Takes or renews the feed lease; false while another process holds an unexpired one. */
    async takeFeedLease(holder: string, now: Date, until: Date): Promise<boolean> {
      const result = await db.query(
        `insert into feed_state (id, lease_holder, lease_until, updated_at) values (1, $1, $3, $2)
         on conflict (id) do update set lease_holder = excluded.lease_holder, lease_until = excluded.lease_until
         where feed_state.lease_holder is null or feed_state.lease_holder = $1 or feed_state.lease_until < $2
         returning id`,
        [holder, now, until],
      );
      return result.rowCount === 1;
    },
    async feedState(): Promise<unknown | null> {
      return (await db.query<{ state: unknown }>('select state from feed_state where id = 1')).rows[0]?.state ?? null;
    },
    async saveFeedState(state: unknown, at: Date): Promise<void> {
      await db.query('update feed_state set state = $1, updated_at = $2 where id = 1', [JSON.stringify(state), at]);
    },
  };
}
export type SportsRepository = ReturnType<typeof createSportsRepository>;
