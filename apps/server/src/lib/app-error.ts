import { ERRORS } from '@khel/contract';
import type { ErrorCode } from '@khel/contract';

/**
 * A business outcome the client should hear about (wrong OTP, throttled, suspended, …). Thrown by
 * services, turned into `HTTP 200 { meta: { code, message, error } }` by the one error handler.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly metaCode: number;
  /** Extra data some outcomes carry to the client (e.g. the mobile number an OTP went to). */
  readonly data: unknown;

  constructor(code: ErrorCode, message?: string, data: unknown = null) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.metaCode = ERRORS[code].metaCode;
    this.data = data;
  }
}

export function fail(code: ErrorCode, message?: string, data?: unknown): never {
  throw new AppError(code, message, data);
}
