/**
 * SQL for "the accounts in the subtree of the user in parameter $n" (the root included), for the
 * repositories of modules that scope a list to an agent's downline without reaching into
 * `modules/agents` (whose tree repository keeps the same walk).
 */
export function subtreeOfParam(param: number): string {
  return `with recursive subtree(id) as (
    select id from users where id = $${param}::uuid
    union all
    select child.id from users child join subtree on child.upline_id = subtree.id
  ) select id from subtree`;
}
