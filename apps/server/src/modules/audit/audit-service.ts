import type { AuditEntry } from '@khel/contract';
import type { Clock } from '../../lib/clock.js';
import type { AuditRecord, AuditRepository } from './audit-repository.js';

/** The append-only record of operator actions (PRODUCT.md §7); the table refuses updates and deletes. */
export function createAuditService(repository: AuditRepository, clock: Clock) {
  return {
    async record(record: AuditRecord): Promise<void> {
      await repository.insert(record, clock.now());
    },
    async list(query: { page: number; pageSize: number; targetId?: string }): Promise<{ items: AuditEntry[]; total: number }> {
      const { rows, total } = await repository.list({
        targetId: query.targetId,
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
          createdAt: row.created_at.toISOString(),
        })),
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
