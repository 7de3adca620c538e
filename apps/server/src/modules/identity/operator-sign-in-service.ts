import { BACKOFFICE_ROLES } from '@khel/contract';
import type { ErrorCode, LoginRequest } from '@khel/contract';
import type { AuditService } from '../audit/audit-service.js';
import type { IdentityRepository } from './identity-repository.js';
import type { RequestOrigin } from './identity-service.js';

/** Refusals of a password sign-in worth an audit row, by the reason the row gives. */
const FAILURE_REASONS: Partial<Record<ErrorCode, string>> = {
  INVALID_CREDENTIALS: 'wrong_password',
  LOGIN_THROTTLED: 'throttled',
  ACCOUNT_SUSPENDED: 'suspended',
  FORBIDDEN: 'not_an_operator',
};

/**
 * Operators' sign-ins in the audit log, with IP and user agent: every password accepted for an
 * operator account, and every refused one that was aimed at the back office or at an operator account.
 * Players' own sign-ins stay out of the log (they are not operator actions).
 */
export function createOperatorSignInService(deps: { identity: IdentityRepository; audit: AuditService }) {
  const { identity, audit } = deps;
  const isOperator = (role: number) => BACKOFFICE_ROLES.includes(role as never);

  return {
    async recordSuccess(userId: string, role: number, request: LoginRequest, origin: RequestOrigin): Promise<void> {
      if (!isOperator(role)) return;
      await audit.record({
        actorId: userId,
        action: 'operator.sign_in',
        targetType: 'user',
        targetId: userId,
        details: { audience: request.audience ?? 'player' },
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
    },

    async recordFailure(code: ErrorCode, request: LoginRequest, origin: RequestOrigin): Promise<void> {
      const reason = FAILURE_REASONS[code];
      if (reason === undefined) return;
      const account =
        request.mobile_no !== undefined
          ? await identity.findByMobile(request.mobile_no)
          : await identity.findByUsername(request.username ?? '');
      if (request.audience !== 'backoffice' && (account === null || !isOperator(account.role))) return;
      await audit.record({
        actorId: null,
        action: 'operator.sign_in_failed',
        targetType: 'user',
        targetId: account?.id ?? null,
        details: { reason, identifier: request.mobile_no ?? request.username ?? '' },
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
    },
  };
}
export type OperatorSignInService = ReturnType<typeof createOperatorSignInService>;
