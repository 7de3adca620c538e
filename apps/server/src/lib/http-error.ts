import { ERRORS } from '@khel/contract';
import type { ErrorCode } from '@khel/contract';

/** A transport failure: answered with a real HTTP status and `{ message, meta }` (PRODUCT.md §2). */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;

  constructor(statusCode: number, code: ErrorCode, message?: string) {
    super(message ?? ERRORS[code].message);
    this.statusCode = statusCode;
    this.code = code;
  }
}
