import type { FastifyInstance } from 'fastify';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter } from '@khel/contract';

/** A request carrying a control character; answered as a validation failure (plugins/errors.ts). */
export class ControlCharacterError extends Error {
  constructor(readonly path: string) {
    super(CONTROL_CHARACTER_MESSAGE);
  }
}

/**
 * Refuses NUL and the other control characters in every body, query and path parameter before any
 * route validates or stores them (the rule and its one exception live in @khel/contract's text.ts):
 * PostgreSQL cannot store NUL in text or jsonb, so without this a NUL would be a 500 at the database.
 */
export function registerControlCharacterGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: every request runs it (decision 0029).
  app.addHook('preValidation', (request, _reply, done) => {
    // Path parameters always; a query or body only where the route reads one (declares its schema):
    // what a route ignores never reaches the database, and /api/health answers no envelope to refuse with.
    const schema = request.routeOptions.schema;
    const found =
      findControlCharacter(request.params, ['params']) ??
      (schema?.querystring === undefined ? null : findControlCharacter(request.query, ['query'])) ??
      (schema?.body === undefined ? null : findControlCharacter(request.body, []));
    done(found === null ? undefined : new ControlCharacterError(found));
  });
}
