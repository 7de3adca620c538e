import { ROLES } from '@khel/contract';
import { AppError } from '../../lib/app-error.js';
import type { ReportScope } from './report-sql.js';

/** Roles that open reports: the site's operators and, for their own downline, the agents. */
export const REPORT_ROLES = [ROLES.DIRECTOR, ROLES.SUPPORT_ADMIN, ROLES.AGENT, ROLES.CREDIT_AGENT] as const;

/**
 * The scope rule of issue 12 in one place: DIRECTOR and SUPPORT_ADMIN see the whole site, AGENT and
 * CREDIT_AGENT the accounts below them; nobody else opens reports.
 */
export function scopeOf(caller: { userId: string; role: number }): ReportScope {
  if (caller.role === ROLES.DIRECTOR || caller.role === ROLES.SUPPORT_ADMIN) return { rootId: null };
  if (caller.role === ROLES.AGENT || caller.role === ROLES.CREDIT_AGENT) return { rootId: caller.userId };
  throw new AppError('FORBIDDEN');
}
