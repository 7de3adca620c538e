import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, preValidationHookHandler } from 'fastify';
import { BACKOFFICE_ROLES, OPERATOR_ROLES } from '@khel/contract';
import type { RoleId } from '@khel/contract';
import { AppError } from '../lib/app-error.js';
import { HttpError } from '../lib/http-error.js';
import type { AuthResult, Caller, IdentityService } from '../modules/identity/identity-service.js';
import type { SecondFactorService } from '../modules/identity/second-factor-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The caller of an authenticated route; the guard has run, so it is always set there. */
export function callerOf(request: FastifyRequest): Caller {
  if (request.caller === null) throw new HttpError(401, 'UNAUTHENTICATED');
  return request.caller;
}

/**
 * Guards for routes. A missing, unknown, expired or revoked token is HTTP 401; a session ended because
 * the account was suspended or self-excluded answers meta.code 401 with the reason (spec §4 treats the
 * two differently: /login versus /).
 */
export function createAuthGuards(
  app: FastifyInstance,
  identity: IdentityService,
  secondFactor: Pick<SecondFactorService, 'assertPassed'>,
) {
  app.decorateRequest('caller', null);

  const accept = (request: FastifyRequest, result: AuthResult): void => {
    if (result.kind === 'invalid') throw new HttpError(401, 'UNAUTHENTICATED');
    if (result.kind === 'ended') throw new AppError('SESSION_ENDED', result.message);
    request.caller = result.caller;
  };

  /**
   * Sets request.caller or throws. A session the cache can answer for is settled without a promise
   * (most signed-in calls); anything else goes through identity.authenticate (decision 0029).
   */
  const authenticateRequest = (request: FastifyRequest): Promise<void> | undefined => {
    const token = bearerToken(request);
    if (token === null) throw new HttpError(401, 'UNAUTHENTICATED');
    const cached = identity.authenticateCached(token);
    if (cached !== null) {
      accept(request, cached);
      return undefined;
    }
    return identity.authenticate(token).then((result) => accept(request, result));
  };

  /** A callback hook (decision 0029): a cached session costs no promise and no extra turn. */
  const requireUser: preValidationHookHandler = (request, _reply, done) => {
    let pending: Promise<void> | undefined;
    try {
      pending = authenticateRequest(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (pending === undefined) done();
    else pending.then(() => done(), done);
  };

  /** The role only: for the second-factor routes themselves, which a session uses before it has passed. */
  const requireRoleBeforeSecondFactor = (roles: readonly RoleId[]): preHandlerAsyncHookHandler =>
    async function (request) {
      await authenticateRequest(request);
      if (!roles.includes(callerOf(request).role as RoleId)) throw new AppError('FORBIDDEN');
    };

  /** Back-office routes: the role, and a session that has passed the operator's second factor. */
  const requireRole = (roles: readonly RoleId[]): preHandlerAsyncHookHandler =>
    async function (this: FastifyInstance, request, reply) {
      await requireRoleBeforeSecondFactor(roles).call(this, request, reply);
      await secondFactor.assertPassed(callerOf(request));
    };

  /** A player permission flag (spec §6) the route needs, e.g. allowStatements for /statements. */
  const requirePermission = (flag: keyof Caller['permissions'], what: string): preHandlerAsyncHookHandler =>
    async function (request) {
      await authenticateRequest(request);
      if (!callerOf(request).permissions[flag]) throw new AppError('FORBIDDEN', `You do not have access to ${what}`);
    };

  return {
    requireUser,
    /** requireUser's check for a guard of one's own: sets request.caller or throws (awaitable). */
    authenticateRequest: async (request: FastifyRequest): Promise<void> => authenticateRequest(request),
    requireRole,
    requirePermission,
    /** The site's operators only (DIRECTOR, SUPPORT_ADMIN): agents are refused FORBIDDEN by role. */
    requireOperator: requireRole(OPERATOR_ROLES),
    /**
     * Operators and agents (decision 0018): an agent's call is then confined to its downline by the
     * subtree guard (plugins/separation-of-duties.ts) and by the service's list filters.
     */
    requireBackoffice: requireRole(BACKOFFICE_ROLES),
    requireOperatorBeforeSecondFactor: requireRoleBeforeSecondFactor(BACKOFFICE_ROLES),
  };
}
export type AuthGuards = ReturnType<typeof createAuthGuards>;
