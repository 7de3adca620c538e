import type { Meta } from '@khel/contract';
import { requireSecondFactor, secondFactorStepOf } from './auth/second-factor-gate';
import { currentToken, endSession } from './auth/session';

export const API_BASE = '/api/v1';

type Issue = NonNullable<Meta['issues']>[number];

/**
 * Every failure of a call, whatever its transport: `status` is the HTTP status (0 = no answer, 200 =
 * a business outcome), `code` the meta.code, `error` the stable machine code. `message` is safe to
 * show: it is the server's meta.message or our own wording.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly error?: string,
    readonly issues: readonly Issue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The message of the field a form shows beside it (meta.issues paths are dotted: `suspendedReason`). */
  issueFor(field: string): string | undefined {
    return this.issues.find((issue) => issue.path === field)?.message;
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
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

function buildUrl(path: string, query: ApiOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return `${API_BASE}${path}${text === '' ? '' : `?${text}`}`;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function metaOf(body: unknown): Meta | undefined {
  if (typeof body !== 'object' || body === null || !('meta' in body)) return undefined;
  const meta = (body as { meta: unknown }).meta;
  if (typeof meta !== 'object' || meta === null || typeof (meta as { code?: unknown }).code !== 'number') return undefined;
  return meta as Meta;
}

const HTTP_MESSAGES: Record<number, string> = {
  401: 'Please log in again',
  413: 'The upload is too large',
  429: 'Too many requests, please wait a moment',
  500: 'Something went wrong on the server, please try again',
};

/**
 * The one way the back office talks to the API. Resolves with data and meta.message for meta.code
 * 200; rejects with ApiError otherwise. Session endings (HTTP 401 for a dead token, meta.code 401 for
 * a suspended account) are handled here so no screen can forget them.
 */
export async function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  const method = options.method ?? 'GET';
  const sessionToken = currentToken();
  const token = options.token ?? sessionToken;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token !== null) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.cache ? { cache: options.cache } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 0, 'Network error, please check your connection');
  }

  const body = await readJson(response);
  const meta = metaOf(body);

  if (!response.ok) {
    const bodyMessage = typeof (body as { message?: unknown } | undefined)?.message === 'string' ? (body as { message: string }).message : '';
    const message = bodyMessage || meta?.message || HTTP_MESSAGES[response.status] || `Request failed (HTTP ${response.status})`;
    // Only the session's own token can end the session; a 401 to an anonymous or borrowed-token call is just an answer.
    const usedSession = options.token === undefined && sessionToken !== null;
    if (response.status === 401 && usedSession) endSession(message);
    throw new ApiError(response.status, meta?.code ?? response.status, message, meta?.error, meta?.issues);
  }

  if (meta === undefined) throw new ApiError(response.status, 0, 'Unexpected answer from the server');
  if (meta.code === 200) {
    return { data: (body as { data: T }).data, message: meta.message, meta };
  }
  if (meta.code === 401 && options.token === undefined && sessionToken !== null) endSession(meta.message);
  // A session that has not passed the operator's second factor is sent to it, whichever call noticed.
  const step = secondFactorStepOf(meta.error);
  if (step !== null && options.token === undefined && sessionToken !== null) requireSecondFactor(step);
  throw new ApiError(200, meta.code, meta.message, meta.error, meta.issues);
}

/**
 * A binary resource behind the bearer token (a deposit screenshot): an <img> cannot send the header,
 * so the bytes are fetched here and shown through an object URL. `url` is a full path from the API
 * (`/api/v1/deposit-screenshot/<id>`). Session endings behave as in apiRequest.
 */
export async function apiBlob(url: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  const token = currentToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token === null ? {} : { Authorization: `Bearer ${token}` }, ...(options.signal ? { signal: options.signal } : {}) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 0, 'Network error, please check your connection');
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('json')) return response.blob();
  // Failures come as JSON: an HTTP error, or an envelope with a business outcome (not found…).
  const body = await readJson(response);
  const meta = metaOf(body);
  const bodyMessage = typeof (body as { message?: unknown } | undefined)?.message === 'string' ? (body as { message: string }).message : '';
  const message = bodyMessage || meta?.message || HTTP_MESSAGES[response.status] || `Request failed (HTTP ${response.status})`;
  if ((response.status === 401 || meta?.code === 401) && token !== null) endSession(message);
  throw new ApiError(response.status, meta?.code ?? response.status, message, meta?.error, meta?.issues);
}

/** React Query must not retry answers that will not change: business outcomes and 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.status === 200 || (error.status >= 400 && error.status < 500))) return false;
  return failureCount < 2;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  return 'Something went wrong, please try again';
}
