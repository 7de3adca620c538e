import { ROLES } from '@khel/contract';
import type { Announcement, AnnouncementRequest, PlayerAnnouncement } from '@khel/contract';
import type { Database } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { downlineRootOf } from '../../lib/downline.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { AnnouncementFields, AnnouncementRow } from './announcements-repository.js';
import { createAnnouncementsRepository } from './announcements-repository.js';

const iso = (value: Date | string) => new Date(value).toISOString();

function statusAt(row: AnnouncementRow, now: Date): Announcement['status'] {
  if (new Date(row.starts_at) > now) return 'scheduled';
  return new Date(row.ends_at) > now ? 'active' : 'ended';
}

function toWire(row: AnnouncementRow, now: Date): Announcement {
  return {
    _id: row.id,
    message: row.message,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    author: { _id: row.author_id, name: row.author_name, username: row.author_username },
    audience:
      row.root_id === null ? null : { _id: row.root_id, name: row.root_name ?? '', username: row.root_username ?? '' },
    status: statusAt(row, now),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const fieldsOf = (request: AnnouncementRequest): AnnouncementFields => ({
  message: request.message,
  startsAt: new Date(request.startsAt),
  endsAt: new Date(request.endsAt),
});

/**
 * Announcements (issue 28, decision 0065). A DIRECTOR's reach every player; an agent's reach the
 * players of its own downline. An agent lists, edits and deletes the announcements posted at or below
 * it (NOT_IN_DOWNLINE for any other, as for accounts); the DIRECTOR every one. Each change is audited.
 */
export function createAnnouncementsService(deps: { db: Database; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;
  const repository = createAnnouncementsRepository(db);

  /** The announcement as the caller may change it: its own or a downline agent's (the DIRECTOR: any). */
  async function inScope(caller: Caller, id: string): Promise<AnnouncementRow> {
    const row = await repository.find(id);
    const root = downlineRootOf(caller);
    if (root !== null && (row === null || !(await repository.isInSubtree(root, row.author_id))))
      fail('NOT_IN_DOWNLINE');
    return row ?? fail('NOT_FOUND', 'Announcement not found');
  }

  async function record(caller: Caller, action: string, id: string, details: Record<string, unknown>, ip: string) {
    await audit.record({ actorId: caller.userId, action, targetType: 'announcement', targetId: id, details, ip });
  }

  return {
    async list(caller: Caller): Promise<Announcement[]> {
      const now = clock.now();
      return (await repository.list(downlineRootOf(caller))).map((row) => toWire(row, now));
    },

    async create(caller: Caller, request: AnnouncementRequest, ip: string): Promise<Announcement> {
      const rootId = caller.role === ROLES.DIRECTOR ? null : downlineRootOf(caller);
      if (caller.role !== ROLES.DIRECTOR && rootId === null) fail('FORBIDDEN');
      const fields = fieldsOf(request);
      const id = await repository.insert(caller.userId, rootId, fields, clock.now());
      await record(caller, 'announcement.create', id, { ...request, rootId }, ip);
      return toWire((await repository.find(id)) as AnnouncementRow, clock.now());
    },

    async update(caller: Caller, id: string, request: AnnouncementRequest, ip: string): Promise<Announcement> {
      const before = await inScope(caller, id);
      await repository.update(id, fieldsOf(request), clock.now());
      await record(
        caller,
        'announcement.update',
        id,
        {
          before: { message: before.message, startsAt: iso(before.starts_at), endsAt: iso(before.ends_at) },
          ...request,
        },
        ip,
      );
      return toWire((await repository.find(id)) as AnnouncementRow, clock.now());
    },

    async remove(caller: Caller, id: string, ip: string): Promise<void> {
      const before = await inScope(caller, id);
      await repository.remove(id);
      await record(caller, 'announcement.delete', id, { message: before.message }, ip);
    },

    /** The player's ticker: the operator's and its uplines' announcements running now. */
    async activeFor(caller: Caller): Promise<PlayerAnnouncement[]> {
      const rows = await repository.activeFor(caller.userId, clock.now());
      return rows.map((row) => ({ _id: row.id, message: row.message, endsAt: iso(row.ends_at) }));
    },
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
