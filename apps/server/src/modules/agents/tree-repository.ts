import type { Queryable } from '../../db/database.js';
import { subtreeIdsSql, withinSubtreeSql } from '../../db/subtree-sql.js';

/** Kept here for the modules that imported it from the tree's first commit; it lives in `db/subtree-sql.ts`. */
export { subtreeIdsSql };

/** An account as the tree sees it. */
export interface TreeMember {
  id: string;
  name: string;
  username: string;
  role: number;
  upline_id: string | null;
}

export function createTreeRepository(db: Queryable) {
  return {
    /** True when `userId` is `rootId` or anywhere below it. */
    async isInSubtree(rootId: string, userId: string): Promise<boolean> {
      const result = await db.query(`select 1 from (${subtreeIdsSql(1)}) s where s.id = $2`, [rootId, userId]);
      return result.rowCount > 0;
    },
    /** The uplines of each of `userIds`, nearest first, with their roles (one walk for many accounts). */
    async uplineChainsOf(userIds: readonly string[]): Promise<{ user_id: string; id: string; role: number }[]> {
      if (userIds.length === 0) return [];
      const result = await db.query<{ user_id: string; id: string; role: number }>(
        `with recursive up(user_id, id, depth) as (
           select u.id, u.upline_id, 1 from users u where u.id = any($1::uuid[]) and u.upline_id is not null
           union all
           select up.user_id, x.upline_id, up.depth + 1 from users x join up on x.id = up.id
             where x.upline_id is not null and up.depth < 16
         ) select up.user_id, up.id, u.role from up join users u on u.id = up.id order by up.user_id, up.depth`,
        [userIds],
      );
      return result.rows;
    },
    /** The uplines of `userId`, nearest first, ending at the root of the tree. */
    async uplineChain(userId: string): Promise<{ id: string; role: number }[]> {
      const result = await db.query<{ id: string; role: number }>(
        `with recursive chain(id, role, upline_id, depth) as (
           select u.id, u.role, u.upline_id, 0 from users u where u.id = (select upline_id from users where id = $1)
           union all
           select u.id, u.role, u.upline_id, chain.depth + 1 from users u join chain on u.id = chain.upline_id
         ) select id, role from chain order by depth`,
        [userId],
      );
      return result.rows.map((row) => ({ id: row.id, role: Number(row.role) }));
    },
    async findMember(id: string): Promise<TreeMember | null> {
      const result = await db.query<TreeMember>('select id, name, username, role, upline_id from users where id = $1', [
        id,
      ]);
      const row = result.rows[0];
      return row === undefined ? null : { ...row, role: Number(row.role) };
    },
    /** The accounts of the given roles at and below `rootId` (the whole site when null), with their uplines. */
    async withRolesWithin(roles: number[], rootId: string | null): Promise<{ id: string; upline_id: string | null }[]> {
      const result = await db.query<{ id: string; upline_id: string | null }>(
        `select u.id, u.upline_id from users u where u.role = any($1::int[]) ${withinSubtreeSql('u.id', 2, rootId)}`,
        rootId === null ? [roles] : [roles, rootId],
      );
      return result.rows;
    },
    async setUpline(userId: string, uplineId: string | null): Promise<void> {
      await db.query('update users set upline_id = $2 where id = $1', [userId, uplineId]);
    },
  };
}
export type TreeRepository = ReturnType<typeof createTreeRepository>;
