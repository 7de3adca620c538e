import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { fail } from '../lib/app-error.js';
import { downlineRootOf } from '../lib/downline.js';
import type { Parties } from '../lib/separation-of-duties.js';
import { refuseSelfService } from '../lib/separation-of-duties.js';

/** What a back-office route's `:id` names. */
export type ActionTarget =
  | 'user'
  | 'deposit'
  | 'withdrawal'
  | 'adjustment'
  | 'result'
  | 'bonusGrant'
  | 'houseMoney'
  | 'treeMove';
/** Finds the parties of a target by its id; null when there is no such thing (the route answers NOT_FOUND). */
export type PartiesOf = (id: string) => Promise<Parties | null>;
/** True when `userId` is `rootId` or anywhere below it in the agent tree. */
export type InDownline = (rootId: string, userId: string) => Promise<boolean>;

/**
 * Back-office routes that name a player or a request by `:id`, by path. One place resolves the
 * target's parties for both rules: separation of duties (every method but GET: reading one's own
 * record changes nothing) and, for agents, the subtree (every method, GET included: an agent may not
 * even read outside its downline). A new route under one of these paths is guarded without a line of
 * its own; a new kind of target needs a line here, and the OpenAPI tests (separation-of-duties.test.ts,
 * modules/agents/agent-authorisation.test.ts) fail until it is classified.
 */
export const GUARDED_ROUTES: readonly { prefix: string; target: ActionTarget }[] = [
  { prefix: '/api/v1/backoffice/users/:id', target: 'user' },
  { prefix: '/api/v1/backoffice/deposits/:id/', target: 'deposit' },
  { prefix: '/api/v1/backoffice/withdrawals/:id/', target: 'withdrawal' },
  { prefix: '/api/v1/backoffice/adjustments/:id/', target: 'adjustment' },
  { prefix: '/api/v1/backoffice/markets/:id/result/', target: 'result' },
  { prefix: '/api/v1/backoffice/bonus-grants/:id/', target: 'bonusGrant' },
  { prefix: '/api/v1/backoffice/house-money/:id/', target: 'houseMoney' },
  { prefix: '/api/v1/backoffice/tree-moves/:id/', target: 'treeMove' },
];

/** The target a route's `:id` names, whatever the method. */
export function routeTarget(url: string): ActionTarget | null {
  return (
    GUARDED_ROUTES.find(
      (rule) => url === rule.prefix || url.startsWith(rule.prefix.endsWith('/') ? rule.prefix : `${rule.prefix}/`),
    )?.target ?? null
  );
}

/** The target of a route that separation of duties guards: every method but GET and HEAD. */
export function guardedTarget(method: string, url: string): ActionTarget | null {
  if (method === 'GET' || method === 'HEAD') return null;
  return routeTarget(url);
}

/**
 * Adds the separation-of-duties and subtree checks to every route with a target as it is declared
 * (register before the routes). They run after authentication, role and validation, so the caller
 * and a well-formed id are known. An agent's target outside its downline is refused NOT_IN_DOWNLINE
 * (decision 0018); an operator's is not looked at here.
 */
export function registerSeparationOfDuties(
  app: FastifyInstance,
  partiesOf: Record<ActionTarget, PartiesOf>,
  inDownline: InDownline,
): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const target = routeTarget(route.url);
    if (target === null) return;
    const checksSelf = methods.some((method) => guardedTarget(method, route.url) !== null);
    const guard: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
      const id = (request.params as { id?: unknown } | undefined)?.id;
      if (request.caller === null || typeof id !== 'string') return;
      const root = downlineRootOf(request.caller);
      if (root === null && !checksSelf) return;
      const parties = await partiesOf[target](id);
      if (parties === null) return;
      if (root !== null && (parties.playerId === null || !(await inDownline(root, parties.playerId))))
        fail('NOT_IN_DOWNLINE');
      if (checksSelf) refuseSelfService(request.caller.userId, parties);
    };
    const existing = route.preHandler === undefined ? [] : [route.preHandler].flat();
    route.preHandler = [...existing, guard];
  });
}
