import type { Meta } from '@khel/contract';
import { ApiError } from './api-error';

export const API_BASE = '/api/v1';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type ApiQuery = Record<string, string | number | boolean | undefined>;

/** The app's own words for failures the server could not word (each app keeps its voice). */
export interface ApiWording {
  /** No HTTP answer at all (offline, DNS, connection reset). */
  network: string;
  /** An HTTP failure whose body carried no message. */
  http(status: number): string;
  /** An answer that is not the envelope (a proxy's HTML page, a truncated body). */
  unexpected: string;
}

export interface ApiCall {
  method?: ApiMethod;
  body?: unknown;
  query?: ApiQuery;
  headers?: Record<string, string>;
  /** The bearer token of this call, or null for an anonymous one. */
  token: string | null;
  signal?: AbortSignal;
  /** The browser's HTTP cache mode: 'no-cache' revalidates a response the server allows to be cached. */
  cache?: RequestCache;
  /** Empty strings in the query are sent (`?q=`) rather than left out. */
  keepEmptyQuery?: boolean;
}

/** What came back over HTTP: the JSON body (undefined when not JSON) and its envelope meta if any. */
export interface ApiAnswer {
  response: Response;
  body: unknown;
  meta: Meta | undefined;
}

export function buildUrl(path: string, query: ApiQuery | undefined, keepEmpty = false): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && (keepEmpty || value !== '')) params.set(key, String(value));
  const text = params.toString();
  return `${API_BASE}${path}${text === '' ? '' : `?${text}`}`;
}

export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** The envelope's meta, when the body is an envelope (an object with a numeric meta.code). */
export function metaOf(body: unknown): Meta | undefined {
  if (typeof body !== 'object' || body === null || !('meta' in body)) return undefined;
  const meta = (body as { meta: unknown }).meta;
  if (typeof meta !== 'object' || meta === null || typeof (meta as { code?: unknown }).code !== 'number')
    return undefined;
  return meta as Meta;
}

/** The `message` a transport failure's body carries ('' when none). */
export function bodyMessageOf(body: unknown): string {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : '';
}

/** fetch, with a failure that has no HTTP answer turned into ApiError status 0; an abort stays an abort. */
export async function fetchOrFail(url: string, init: RequestInit, wording: ApiWording): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 0, wording.network);
  }
}

/** The ApiError of an HTTP failure (not 2xx): the server's message, else the app's wording. */
export function httpFailure({ response, body, meta }: ApiAnswer, wording: ApiWording): ApiError {
  const message = bodyMessageOf(body) || meta?.message || wording.http(response.status);
  return new ApiError(response.status, meta?.code ?? response.status, message, meta?.error, meta?.issues);
}

/** The failure of an answer that is not a 2xx envelope (HTTP failure, or not JSON), or null for an envelope. */
export function answerFailure(answer: ApiAnswer, wording: ApiWording): ApiError | null {
  if (!answer.response.ok) return httpFailure(answer, wording);
  if (answer.meta === undefined) return new ApiError(answer.response.status, 0, wording.unexpected);
  return null;
}

/** One JSON call to the API: bearer token, JSON body, query string; the answer as it came. */
export async function sendApiCall(path: string, call: ApiCall, wording: ApiWording): Promise<ApiAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  if (call.token !== null) headers.Authorization = `Bearer ${call.token}`;
  const response = await fetchOrFail(
    buildUrl(path, call.query, call.keepEmptyQuery),
    {
      method: call.method ?? 'GET',
      headers,
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
      ...(call.cache ? { cache: call.cache } : {}),
    },
    wording,
  );
  const body = await readJson(response);
  return { response, body, meta: metaOf(body) };
}
