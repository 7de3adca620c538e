import type { Meta } from '@khel/contract';
import {
  ApiError,
  answerFailure,
  fetchApiBlob,
  httpFailure,
  sendApiCall,
  type ApiMethod,
  type ApiQuery,
  type ApiWording,
} from '@khel/web-kit';
import { requireSecondFactor, secondFactorStepOf } from './auth/second-factor-gate';
import { requirePasswordChange } from './auth/password-change-gate';
import { currentToken, endSession } from './auth/session';
import { requestStepUp } from './auth/step-up-gate';

export { API_BASE, ApiError, errorMessage, shouldRetry } from '@khel/web-kit';

/** Where the shared step-up dialog sends a fresh authenticator code (decision 0049). */
export const STEP_UP_PATH = '/backoffice/step-up';

export interface ApiOptions {
  method?: ApiMethod;
  body?: unknown;
  query?: ApiQuery;
  /**
   * A token other than the session's: the login page uses it to log out an account that turned out
   * not to be an operator, without that token ever becoming the session.
   */
  token?: string;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the Idempotency-Key of a money submission. */
  headers?: Record<string, string>;
  /** The browser's HTTP cache mode: 'no-cache' revalidates a response the server allows to be cached. */
  cache?: RequestCache;
}

export interface ApiResult<T> {
  data: T;
  message: string;
  meta: Meta;
}

const HTTP_MESSAGES: Record<number, string> = {
  401: 'Please log in again',
  413: 'The upload is too large',
  429: 'Too many requests, please wait a moment',
  500: 'Something went wrong on the server, please try again',
};

const WORDING: ApiWording = {
  network: 'Network error, please check your connection',
  http: (status) => HTTP_MESSAGES[status] ?? `Request failed (HTTP ${status})`,
  unexpected: 'Unexpected answer from the server',
};

/**
 * The one way the back office talks to the API. Resolves with data and meta.message for meta.code
 * 200; rejects with ApiError otherwise. Session endings (HTTP 401 for a dead token, meta.code 401 for
 * a suspended account) are handled here so no screen can forget them.
 */
export async function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  const sessionToken = currentToken();
  const token = options.token ?? sessionToken;
  const { method, body, query, signal, cache, headers } = options;
  const answer = await sendApiCall(
    path,
    {
      method,
      body,
      query,
      token,
      ...(headers ? { headers } : {}),
      ...(signal ? { signal } : {}),
      ...(cache ? { cache } : {}),
    },
    WORDING,
  );
  // Only the session's own token can end the session; a 401 to an anonymous or borrowed-token call is just an answer.
  const usedSession = options.token === undefined && sessionToken !== null;

  const failure = answerFailure(answer, WORDING);
  if (failure !== null) {
    if (failure.status === 401 && usedSession) endSession(failure.message);
    throw failure;
  }
  const meta = answer.meta as Meta;
  if (meta.code === 200) return { data: (answer.body as { data: T }).data, message: meta.message, meta };
  if (meta.code === 401 && usedSession) endSession(meta.message);
  // A session that has not passed the operator's second factor is sent to it, whichever call noticed.
  const step = secondFactorStepOf(meta.error);
  if (step !== null && usedSession) requireSecondFactor(step);
  // An upline chose this account's password: the forced screen first (decision 0050).
  if (meta.error === 'PASSWORD_CHANGE_REQUIRED' && usedSession) requirePasswordChange();
  // A money call without a fresh code (decision 0049): nothing was done, so once the shared dialog has
  // passed a code the same call (with the same Idempotency-Key) goes again; a cancel fails it as refused.
  if (meta.error === 'STEP_UP_REQUIRED' && usedSession && path !== STEP_UP_PATH && (await requestStepUp()))
    return apiRequest<T>(path, options);
  throw ApiError.fromMeta(meta);
}

/**
 * A binary resource behind the bearer token (a deposit screenshot): an <img> cannot send the header,
 * so the bytes are fetched here and shown through an object URL. `url` is a full path from the API
 * (`/api/v1/deposit-screenshot/<id>`). Session endings behave as in apiRequest.
 */
export async function apiBlob(url: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  const token = currentToken();
  const fetched = await fetchApiBlob(url, token, WORDING, options.signal);
  if ('blob' in fetched) return fetched.blob;
  // Failures come as JSON: an HTTP error, or an envelope with a business outcome (not found…).
  const failure = httpFailure(fetched.failed, WORDING);
  if ((failure.status === 401 || failure.code === 401) && token !== null) endSession(failure.message);
  throw failure;
}
