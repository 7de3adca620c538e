/**
 * The agent tree (PRODUCT.md §9): every account but a DIRECTOR has one upline. Accounts made before
 * the tree existed hang under the first director. Depth, role and money rules live in `modules/agents`.
 */
export default /* sql */ `
alter table users add column upline_id uuid references users(id);
alter table users add constraint users_upline_not_self check (upline_id is distinct from id);
create index users_upline_idx on users (upline_id);
update users set upline_id = (select id from users where role = 1 order by created_at, id limit 1)
  where role <> 1 and upline_id is null;
`;
