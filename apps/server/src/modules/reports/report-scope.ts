import type { Caller } from '../identity/identity-service.js';
import { downlineRootOf } from '../../lib/downline.js';
import type { ReportScope } from './report-sql.js';

/**
 * The scope of a report (issue 12): the whole site for DIRECTOR and SUPPORT_ADMIN, the accounts below
 * the caller for AGENT and CREDIT_AGENT. The route's guard (`requireBackoffice`) has refused every
 * other role; the tree's root rule itself is `downlineRootOf`, shared with every agent-scoped list.
 */
export function scopeOf(caller: Pick<Caller, 'userId' | 'role'>): ReportScope {
  return { rootId: downlineRootOf(caller) };
}
