/**
 * Issue 28, decision 0055: a single bet (or a chosen set of bets on one market) can be voided. An
 * exchange bet's fills are voided with it, on both sides (the counterparty's matched part goes back
 * too, as on Betfair): a voided fill stays as history, and settlement, positions and exposure skip it.
 * A void of bets waits for a second operator like a result, as a declaration of its own kind.
 */
export default /* sql */ `
alter table fills add column voided_at timestamptz;

alter table market_result_declarations drop constraint market_result_declarations_kind_check;
alter table market_result_declarations add constraint market_result_declarations_kind_check
  check (kind in ('settle', 'correct', 'void', 'void_bets'));
`;
