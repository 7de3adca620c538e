import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS } from '@khel/contract';
import type { ErrorCode, Meta } from '@khel/contract';
import { AppError } from '../lib/app-error.js';
import { HttpError } from '../lib/http-error.js';
import { ControlCharacterError } from './control-characters.js';

function transport(statusCode: number, code: ErrorCode, message: string = ERRORS[code].message) {
  return { statusCode, body: { message, meta: { code: statusCode, message, error: code } satisfies Meta } };
}

function business(code: ErrorCode, message: string, extra: Partial<Meta> = {}, data: unknown = null) {
  return { statusCode: 200, body: { meta: { code: ERRORS[code].metaCode, message, error: code, ...extra }, data } };
}

/**
 * The one error handler. Business outcomes become HTTP 200 with meta.code and meta.error; transport
 * problems keep their HTTP status; anything unexpected is a 500 whose details go only to the log.
 * Nothing a client can send should reach the last branch.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  /** Told of every refusal with its catalogue code (metrics: errors per route). */
  onRefused?: (request: FastifyRequest, code: ErrorCode) => void,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = classify(error);
    if (answer.statusCode >= 500) request.log.error({ err: error }, 'unhandled error');
    else request.log.info({ code: answer.body.meta.error }, 'request refused');
    onRefused?.(request, answer.body.meta.error as ErrorCode);
    void reply.status(answer.statusCode).send(answer.body);
  });
}

/** Errors the router raises before any route (a malformed URL) answer through the same classification. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const answer = classify(error);
  void reply.status(answer.statusCode).send(answer.body);
}

function classify(error: FastifyError) {
  if (error instanceof AppError) return business(error.code, error.message, {}, error.data);
  if (error instanceof HttpError) return transport(error.statusCode, error.code, error.message);
  if (error instanceof ControlCharacterError)
    return business('VALIDATION_FAILED', error.message, { issues: [{ path: error.path, message: error.message }] });

  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: issue.message ?? 'Invalid value',
    }));
    const first = issues[0];
    // A missing or non-object body fails at the root; say so plainly instead of zod's type jargon.
    const message =
      first === undefined || first.path === '' ? 'Send the request fields as a JSON object' : first.message;
    return business('VALIDATION_FAILED', message, { issues });
  }

  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return transport(413, 'PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return transport(415, 'UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return business('VALIDATION_FAILED', 'Send the request fields as a JSON object');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return business('VALIDATION_FAILED', 'The request body is not valid JSON');
    default:
      break;
  }
  if (error.statusCode === 429) return transport(429, 'RATE_LIMITED');
  if (error.statusCode === 413) return transport(413, 'PAYLOAD_TOO_LARGE');
  if (error.statusCode === 415) return transport(415, 'UNSUPPORTED_MEDIA_TYPE');
  // JSON syntax errors and other client mistakes the framework catches before validation.
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return business(
      'VALIDATION_FAILED',
      error.name === 'SyntaxError' ? 'The request body is not valid JSON' : 'The request could not be read',
    );
  }
  return transport(500, 'INTERNAL');
}
