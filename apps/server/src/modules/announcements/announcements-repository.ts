import type { Queryable } from '../../db/database.js';
import { subtreeIdsSql } from '../../db/subtree-sql.js';

export interface AnnouncementRow {
  id: string;
  message: string;
  starts_at: Date;
  ends_at: Date;
  created_at: Date;
  updated_at: Date;
  author_id: string;
  author_name: string;
  author_username: string;
  root_id: string | null;
  root_name: string | null;
  root_username: string | null;
}

export interface AnnouncementFields {
  message: string;
  startsAt: Date;
  endsAt: Date;
}

const SELECT = `select a.id, a.message, a.starts_at, a.ends_at, a.created_at, a.updated_at,
    a.author_id, author.name as author_name, author.username as author_username,
    a.root_id, root.name as root_name, root.username as root_username
  from announcements a
  join users author on author.id = a.author_id
  left join users root on root.id = a.root_id`;

/** Announcements as stored (migration 0044): `root_id` is whose downline reads one, null everyone. */
export function createAnnouncementsRepository(db: Queryable) {
  return {
    async insert(authorId: string, rootId: string | null, fields: AnnouncementFields, at: Date): Promise<string> {
      const result = await db.query<{ id: string }>(
        `insert into announcements (author_id, root_id, message, starts_at, ends_at, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $6) returning id`,
        [authorId, rootId, fields.message, fields.startsAt, fields.endsAt, at],
      );
      return (result.rows[0] as { id: string }).id;
    },
    async update(id: string, fields: AnnouncementFields, at: Date): Promise<void> {
      await db.query(
        'update announcements set message = $2, starts_at = $3, ends_at = $4, updated_at = $5 where id = $1',
        [id, fields.message, fields.startsAt, fields.endsAt, at],
      );
    },
    async remove(id: string): Promise<void> {
      await db.query('delete from announcements where id = $1', [id]);
    },
    /** True when `userId` is `rootId` or below it. */
    async isInSubtree(rootId: string, userId: string): Promise<boolean> {
      return (await db.query(`select 1 from (${subtreeIdsSql(1)}) s where s.id = $2`, [rootId, userId])).rowCount > 0;
    },
    async find(id: string): Promise<AnnouncementRow | null> {
      const result = await db.query<AnnouncementRow>(`${SELECT} where a.id = $1`, [id]);
      return result.rows[0] ?? null;
    },
    /** Every announcement (root null) or those posted by an account at or below `rootId`; running and future first. */
    async list(rootId: string | null): Promise<AnnouncementRow[]> {
      const result = await db.query<AnnouncementRow>(
        `${SELECT} ${rootId === null ? '' : `where a.author_id in (${subtreeIdsSql(1)})`}
         order by a.ends_at desc, a.created_at desc limit 200`,
        rootId === null ? [] : [rootId],
      );
      return result.rows;
    },
    /** What `userId` reads at `at`: the operator's (root null) and its uplines', running now, newest start first. */
    async activeFor(userId: string, at: Date): Promise<AnnouncementRow[]> {
      const result = await db.query<AnnouncementRow>(
        `with recursive chain(id) as (
           select upline_id from users where id = $1 and upline_id is not null
           union all
           select u.upline_id from users u join chain on u.id = chain.id where u.upline_id is not null
         )
         ${SELECT}
         where a.starts_at <= $2 and a.ends_at > $2 and (a.root_id is null or a.root_id in (select id from chain))
         order by a.starts_at desc, a.created_at desc limit 20`,
        [userId, at],
      );
      return result.rows;
    },
  };
}
export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
