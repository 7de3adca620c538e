/**
 * Partnership and commission take effect from the next India week (issue 24, PRODUCT.md §9, decision
 * 0051): each change is a row for the week it starts (a Monday, like the agent statements' weeks), and a
 * week's statement uses, for each agent, the newest row that started on or before it. The running week and
 * every unsettled past week keep the rates they had. `agent_rates` keeps the newest rates set (the bounds
 * an upline's and a downline's rates are checked against, as they will stand from next week).
 *
 * Rates already set apply to every past week, as they did (a row from 2000-01-03, a Monday).
 */
export default /* sql */ `
create table agent_rate_weeks (
  user_id uuid not null references users(id),
  week_start date not null check (extract(isodow from week_start) = 1),
  partnership_bp integer not null check (partnership_bp between 0 and 10000),
  commission_bp integer not null check (commission_bp between 0 and 10000),
  set_by uuid not null references users(id),
  set_at timestamptz not null,
  primary key (user_id, week_start)
);
insert into agent_rate_weeks (user_id, week_start, partnership_bp, commission_bp, set_by, set_at)
  select user_id, date '2000-01-03', partnership_bp, commission_bp, set_by, updated_at from agent_rates;
`;
