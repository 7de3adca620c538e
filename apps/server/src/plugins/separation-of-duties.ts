import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Parties } from '../lib/separation-of-duties.js';
import { refuseSelfService } from '../lib/separation-of-duties.js';

/** What a back-office route's `:id` names. */
export type ActionTarget = 'user' | 'deposit' | 'withdrawal' | 'adjustment' | 'result' | 'bonusGrant';
/** Finds the parties of a target by its id; null when there is no such thing (the route answers NOT_FOUND). */
export type PartiesOf = (id: string) => Promise<Parties | null>;

/**
 * Back-office routes that act on a player or on a request, by path. Every method but GET under these
 * paths is guarded (reading one's own record changes nothing). A new route under one of these paths
 * is guarded without a line of its own; a new kind of target needs a line here, and the OpenAPI test
 * (separation-of-duties.test.ts) fails until it is classified.
 */
export const GUARDED_ROUTES: readonly { prefix: string; target: ActionTarget }[] = [
  { prefix: '/api/v1/backoffice/users/:id', target: 'user' },
  { prefix: '/api/v1/backoffice/deposits/:id/', target: 'deposit' },
  { prefix: '/api/v1/backoffice/withdrawals/:id/', target: 'withdrawal' },
  { prefix: '/api/v1/backoffice/adjustments/:id/', target: 'adjustment' },
  { prefix: '/api/v1/backoffice/markets/:id/result/', target: 'result' },
  { prefix: '/api/v1/backoffice/bonus-grants/:id/', target: 'bonusGrant' },
];

export function guardedTarget(method: string, url: string): ActionTarget | null {
  if (method === 'GET' || method === 'HEAD') return null;
  return GUARDED_ROUTES.find((rule) => url === rule.prefix || url.startsWith(rule.prefix.endsWith('/') ? rule.prefix : `${rule.prefix}/`))?.target ?? null;
}

/**
 * Adds the separation-of-duties check to every guarded route as it is declared (register before the
 * routes). It runs after authentication and validation, so the caller and a well-formed id are known.
 */
export function registerSeparationOfDuties(app: FastifyInstance, partiesOf: Record<ActionTarget, PartiesOf>): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const target = methods.map((method) => guardedTarget(method, route.url)).find((found) => found !== null) ?? null;
    if (target === null) return;
    const guard: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
      const id = (request.params as { id?: unknown } | undefined)?.id;
      if (request.caller === null || typeof id !== 'string') return;
      const parties = await partiesOf[target](id);
      if (parties !== null) refuseSelfService(request.caller.userId, parties);
    };
    const existing = route.preHandler === undefined ? [] : [route.preHandler].flat();
    route.preHandler = [...existing, guard];
  });
}
