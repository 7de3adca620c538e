import type { Meta } from '@khel/contract';

export type ApiIssue = NonNullable<Meta['issues']>[number];

/**
 * The one error model of both apps' API clients: every failure of a call, whatever its transport.
 * `status` is the HTTP status (0 = no answer at all, 200 = a business outcome in the envelope), `code`
 * the meta.code (the status itself when the answer had no envelope), `error` the catalogue's stable
 * machine code. `message` is safe to show: the server's message or the app's own wording.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly error?: string,
    readonly issues: readonly ApiIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** A business outcome (HTTP 200, meta.code 4xx): the envelope's meta, as the server sent it. */
  static fromMeta(meta: Meta): ApiError {
    return new ApiError(200, meta.code, meta.message, meta.error, meta.issues);
  }

  /**
   * The server answered HTTP 200, with a business outcome (meta.code 4xx) or a body the app could not
   * use: asking again gives the same answer.
   */
  get isBusiness(): boolean {
    return this.status === 200;
  }

  /** The message of the field a form shows beside it (meta.issues paths are dotted: `suspendedReason`). */
  issueFor(field: string): string | undefined {
    return this.issues.find((issue) => issue.path === field)?.message;
  }
}

/**
 * React Query should not hammer the server with retries of answers that will not change: a business
 * outcome or an HTTP 4xx. No answer and 5xx are tried twice more.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.isBusiness || (error.status >= 400 && error.status < 500))) return false;
  return failureCount < 2;
}

/** A failure's message to show, whatever threw it. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  return 'Something went wrong, please try again';
}
