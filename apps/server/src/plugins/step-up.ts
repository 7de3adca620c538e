import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { callerOf } from './auth.js';
import type { SecondFactorService } from '../modules/identity/second-factor-service.js';

/**
 * Back-office operations that ask for a fresh authenticator code (issue 28, decision 0049): giving or
 * taking chips or credit, settlements, password resets and voids. One list, by method and route; the
 * step-up test (modules/identity/step-up.test.ts) proves every one is guarded on the running app.
 */
export const STEP_UP_ROUTES: readonly string[] = [
  'POST /api/v1/backoffice/users/:id/chips',
  'POST /api/v1/backoffice/users/:id/credit',
  'POST /api/v1/backoffice/users/:id/settlement',
  'POST /api/v1/backoffice/users/:id/agent-statement/settle',
  'POST /api/v1/backoffice/users/:id/password',
  'POST /api/v1/backoffice/markets/:id/void',
  'POST /api/v1/backoffice/bets/:id/void',
  'POST /api/v1/backoffice/bets/void',
  // Moving a client or a subtree carries a credit line with it (decision 0066).
  'POST /api/v1/backoffice/users/:id/move',
];

/**
 * Adds the step-up check to the listed routes as they are declared (register before the routes, after
 * separation of duties so a target outside the caller's tree is refused first). It runs after the role
 * and second-factor guard, so the caller is known.
 */
export function registerStepUp(app: FastifyInstance, secondFactor: Pick<SecondFactorService, 'assertSteppedUp'>): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => STEP_UP_ROUTES.includes(`${method} ${route.url}`))) return;
    const guard: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
      await secondFactor.assertSteppedUp(callerOf(request));
    };
    const existing = route.preHandler === undefined ? [] : [route.preHandler].flat();
    route.preHandler = [...existing, guard];
  });
}
