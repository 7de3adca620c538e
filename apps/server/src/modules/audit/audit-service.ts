import type { AuditEntry, AuditListQuery } from '@khel/contract';
import type { Clock } from '../../lib/clock.js';
import { indiaMidnight } from '@khel/money';
import type { AuditRecord, AuditRepository } from './audit-repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The append-only record of operator actions (PRODUCT.md §7); the table refuses updates and deletes. */
export function createAuditService(repository: AuditRepository, clock: Clock) {
  return {
    async record(record: AuditRecord): Promise<void> {
      await repository.insert(record, clock.now());
    },
    /** Dates are India calendar days, both inclusive: `to` runs until the next India midnight. */
    async list(
      query: Partial<AuditListQuery> & { page: number; pageSize: number },
      within: string | null = null,
    ): Promise<{ items: AuditEntry[]; total: number }> {
      const blank = (text: string | undefined) => (text === undefined || text === '' ? undefined : text);
      const { rows, total } = await repository.list({
        targetId: query.targetId,
        within,
        actor: blank(query.actor),
        action: blank(query.action),
        target: blank(query.target),
        from: query.from === undefined ? undefined : indiaMidnight(query.from),
        to: query.to === undefined ? undefined : new Date(indiaMidnight(query.to).getTime() + DAY_MS),
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        total,
        items: rows.map((row) => ({
          _id: row.id,
          actorId: row.actor_id,
          actorName: row.actor_name,
          action: row.action,
          targetType: row.target_type,
          targetId: row.target_id,
          targetName: row.target_name,
          details: row.details,
          ip: row.ip,
          userAgent: row.user_agent,
          createdAt: row.created_at.toISOString(),
        })),
      };
    },
    async actions(): Promise<string[]> {
      return repository.actions();
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
