/**
 * Hub88, the casino aggregator (issue 27, decision 0046). One provider row is the aggregator: its RSA
 * keys come from the configuration, so its HMAC secret is unused (random, as the column wants one);
 * its games carry the studio that made them (Evolution, Ezugi, …), which the lobby, the statement's
 * "Live Casino / <studio> / d/m/yyyy" and the profit-loss report show. Hub88's game codes use `_`.
 * `hub88_requests` keeps every signed money call's answer under its request_uuid, so a repeated
 * request gets its first answer (Hub88's request consistency rule).
 */
export default /* sql */ `
alter table casino_providers drop constraint casino_providers_kind_check;
alter table casino_providers add constraint casino_providers_kind_check check (kind in ('house', 'external', 'aggregator'));
alter table casino_games drop constraint casino_games_code_check;
alter table casino_games add constraint casino_games_code_check check (code ~ '^[a-z0-9][a-z0-9_-]{1,79}$');
alter table casino_games add column studio text check (studio is null or length(studio) between 1 and 60);

insert into casino_providers (code, name, kind, secret, launch_url_template)
values ('hub88', 'Hub88', 'aggregator', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), '');

create table hub88_requests (
  request_uuid text primary key,
  endpoint text not null,
  response jsonb not null,
  created_at timestamptz not null
);
create index hub88_requests_created_idx on hub88_requests (created_at);
`;
