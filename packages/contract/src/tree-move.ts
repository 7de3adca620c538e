import { z } from 'zod';
import { envelope } from './envelope.js';

/**
 * Moving a client or a whole subtree to another upline (issue 28, decision 0066): a director asks, a
 * second operator confirms or rejects. The statements follow the new tree from the India week after the
 * confirmation (`effectiveWeek`).
 */
export const treeMoveRequestSchema = z.object({
  uplineId: z.string({ error: 'Choose the new upline' }).uuid('Choose the new upline'),
  reason: z.string({ error: 'Give a reason' }).trim().min(1, 'Give a reason').max(300),
});
export type TreeMoveRequest = z.infer<typeof treeMoveRequestSchema>;

const party = z.object({ _id: z.string(), name: z.string(), username: z.string(), role: z.number().int() });

export const TREE_MOVE_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export const treeMoveSchema = z.object({
  _id: z.string(),
  account: party,
  from: party,
  to: party,
  /** Accounts moving with it: the whole subtree below the account. */
  downlineCount: z.number().int(),
  /** The credit reference that moves from the old upline's free credit to the new one's (a credit account). */
  creditRef: z.number(),
  reason: z.string(),
  status: z.enum(TREE_MOVE_STATUSES),
  requestedBy: z.string(),
  requestedByName: z.string(),
  createdAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** The Monday from which the weekly statements follow the new tree (confirmed moves). */
  effectiveWeek: z.string().nullable(),
});
export type TreeMove = z.infer<typeof treeMoveSchema>;
export const treeMoveEnvelope = envelope(treeMoveSchema);

export const treeMoveQuerySchema = z.object({
  status: z.enum(TREE_MOVE_STATUSES).default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const treeMoveListEnvelope = envelope(z.object({ items: z.array(treeMoveSchema), total: z.number().int() }));
