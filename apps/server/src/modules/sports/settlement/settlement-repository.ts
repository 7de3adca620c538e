import type { Queryable } from '../../../db/database.js';

/**
 * Settlement's set-based statements (issue 10): a market's bets and exposures change in a few
 * multi-row statements, whatever the number of bets, instead of one statement per bet.
 */
export function createSettlementRepository(tx: Queryable) {
  return {
    /** Every pending (delayed) bet of the market lapses when it closes. */
    async lapsePending(marketId: string): Promise<void> {
      await tx.query(
        `update bets set status = 'lapsed', lapse_reason = 'MARKET_CLOSED', cancelled_paise = stake_paise where market_id = $1 and status = 'pending'`,
        [marketId],
      );
    },
    /** Zeroes every exposure held on the market; answers what each player and wallet held. */
    async clearExposures(
      marketId: string,
    ): Promise<{ user_id: string; wallet: 'main' | 'bonus'; exposure_paise: number }[]> {
      const result = await tx.query<{ user_id: string; wallet: 'main' | 'bonus'; exposure_paise: number }>(
        `with held as (
           select user_id, wallet, exposure_paise from market_exposures where market_id = $1 and exposure_paise <> 0 for update
         ),
         cleared as (
           update market_exposures m set exposure_paise = 0, outcomes = '{}'::jsonb
           from held where m.market_id = $1 and m.user_id = held.user_id and m.wallet = held.wallet
         )
         select user_id, wallet, exposure_paise from held`,
        [marketId],
      );
      return result.rows;
    },
    /** Each bet's result at once. */
    async settleBets(results: { betId: string; profitLossPaise: number }[], at: Date): Promise<void> {
      if (results.length === 0) return;
      await tx.query(
        `update bets b set status = 'settled', profit_loss_paise = r.pl, settled_at = $3
         from unnest($1::uuid[], $2::bigint[]) as r(id, pl) where b.id = r.id`,
        [results.map((row) => row.betId), results.map((row) => row.profitLossPaise), at],
      );
    },
    async voidBets(betIds: string[]): Promise<void> {
      if (betIds.length === 0) return;
      await tx.query(`update bets set status = 'voided', profit_loss_paise = 0 where id = any($1::uuid[])`, [betIds]);
    },
    /**
     * Voids the live fills of the given bets (decision 0055): they stay as history and settlement,
     * positions and exposure skip them from now on. Answers the fills it voided.
     */
    async voidFillsOf(betIds: string[], at: Date): Promise<VoidedFill[]> {
      if (betIds.length === 0) return [];
      const result = await tx.query<VoidedFill>(
        `update fills set voided_at = $2
         where (back_bet_id = any($1::uuid[]) or lay_bet_id = any($1::uuid[])) and voided_at is null
         returning runner_id, price_h, stake_paise::bigint as stake_paise, back_bet_id, lay_bet_id`,
        [betIds, at],
      );
      return result.rows.map((row) => ({ ...row, stake_paise: Number(row.stake_paise) }));
    },
  };
}

export interface VoidedFill {
  runner_id: string;
  price_h: number;
  stake_paise: number;
  back_bet_id: string | null;
  lay_bet_id: string | null;
}
