/**
 * Issue 31: the price a bet actually got. An exchange bet fills at the resting offers' prices, which can
 * be better than the price asked (a back at 1.85 filled at 2.00), so its `matchedOdds` is the
 * stake-weighted average of its fills. Each bet keeps Σ(fill stake in paise × fill price in hundredths)
 * beside `matched_paise`, written with it by the same statements, so no read of the fills is needed to
 * answer a bet; the bets matched before this migration get theirs from their fills.
 */
export default /* sql */ `
alter table bets add column matched_price_sum bigint not null default 0 check (matched_price_sum >= 0);

update bets b set matched_price_sum = f.total
from (
  select bet_id, sum(stake_paise * price_h)::bigint as total
  from (
    select back_bet_id as bet_id, stake_paise, price_h from fills where back_bet_id is not null
    union all
    select lay_bet_id as bet_id, stake_paise, price_h from fills where lay_bet_id is not null
  ) x
  group by bet_id
) f
where b.id = f.bet_id;
`;
