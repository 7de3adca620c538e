/**
 * The house accounts that exist once per installation, made here so they are always committed rows:
 * services cache their ids without ever creating them inside a caller's transaction. Accounts with a
 * ref (one pool per market) are still made on first use, inside the transaction that uses them.
 */
export default /* sql */ `
insert into ledger_accounts (kind, ref, is_player)
select kind, '', false
from unnest(array['play_chips_issuer', 'house_cash', 'clearing_bank', 'clearing_upi', 'withdrawal_hold', 'commission', 'casino_house']) as kind
on conflict (kind, ref) where user_id is null do nothing;
`;
