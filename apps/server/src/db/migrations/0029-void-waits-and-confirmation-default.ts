/**
 * Issue 24, PRODUCT.md §4: results, corrections and voids of markets with bets need a second operator's
 * confirmation by default (a director may switch it off, audited). Until now the switch was off by
 * default and a void of an unsettled market was immediate. A site that never touched the switch now has
 * it on; one where a director set it keeps that choice (its row already exists). A void of a market
 * with live bets is a declaration of its own kind, confirmed like a result.
 */
export default /* sql */ `
alter table sports_desk_settings alter column results_need_confirmation set default true;
insert into sports_desk_settings (id, results_need_confirmation) values (1, true) on conflict (id) do nothing;

alter table market_result_declarations drop constraint market_result_declarations_kind_check;
alter table market_result_declarations add constraint market_result_declarations_kind_check
  check (kind in ('settle', 'correct', 'void'));
`;
