/**
 * SQL for "the accounts in the subtree rooted at $n" (the root included), to join or `in (...)` in
 * any module's queries: `where u.id in (${subtreeIdsSql(1)})`. One recursive walk down `upline_id`
 * (PRODUCT.md §9, decision 0018). Shared SQL, so repositories of every module may use it.
 */
export function subtreeIdsSql(rootParam: number): string {
  return `with recursive subtree(id) as (
    select id from users where id = $${rootParam}
    union all
    select child.id from users child join subtree on child.upline_id = subtree.id
  ) select id from subtree`;
}

/**
 * `and <column> in (subtree of $n)` when a root is given, else nothing: a list query scoped to an
 * agent's downline, or to the whole site for an operator (root null).
 */
export function withinSubtreeSql(column: string, rootParam: number, root: string | null): string {
  return root === null ? '' : ` and ${column} in (${subtreeIdsSql(rootParam)})`;
}
