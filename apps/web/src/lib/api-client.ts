import type { Meta } from '@khel/contract';
import { currentToken, expireFromHttp401, expireFromMeta401 } from './auth/session';
import { newIdempotencyKey } from './idempotency';
import { STORAGE_KEYS, local } from './storage';
import { toast } from './toast';
import { msg, serverText } from './i18n/i18n';

export const API_BASE = '/api/v1';

export interface ApiEnvelope<T> {
  meta: Meta;
  data: T | null;
}

/** A transport failure: a real HTTP status (401, 413, 415, 429, 500 …) or no answer at all (status 0). */
export class ApiHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiHttpError';
  }
}

/** A business outcome other than success: HTTP 200 with meta.code 400/403/404/409/422/429. */
export class ApiBusinessError extends Error {
  constructor(readonly meta: Meta) {
    super(meta.message);
    this.name = 'ApiBusinessError';
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /**
   * Success toast for meta.code 200 (spec §8: write calls show the success message). Defaults to
   * meta.message for writes and nothing for reads; a string replaces the server's wording.
   */
  successToast?: boolean | string;
  /** Warning toast with meta.message for non-200 meta codes (spec §8). On by default. */
  warningToast?: boolean;
  /**
   * HTTP statuses that mean "this capability is not on the server yet" for this call: no toast, the
   * caller shows an empty state. Used only by calls for later capabilities (My Bets).
   */
  quietStatuses?: readonly number[];
  signal?: AbortSignal;
}

interface TransportBody {
  message?: unknown;
  meta?: { error?: string };
}

/** A transport failure's words for the player: by its error code in the chosen language (ADR 0030). */
function transportText(body: unknown, message: string): string {
  return serverText({ message, error: (body as TransportBody | undefined)?.meta?.error });
}

/**
 * This browser's device id: random, made once and kept in local storage. The server keeps only a hash
 * and uses it to refuse referral earnings between accounts played from one device (PRODUCT.md §8).
 */
export function deviceId(): string {
  const stored = local.get(STORAGE_KEYS.deviceId);
  if (stored !== null && /^[0-9a-f-]{36}$/.test(stored)) return stored;
  const made = newIdempotencyKey();
  local.set(STORAGE_KEYS.deviceId, made);
  return made;
}

function buildUrl(path: string, query: ApiOptions['query']): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text === '' ? url : `${url}?${text}`;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  if (typeof value !== 'object' || value === null || !('meta' in value)) return false;
  const meta = (value as { meta: unknown }).meta;
  return typeof meta === 'object' && meta !== null && typeof (meta as { code?: unknown }).code === 'number';
}

/**
 * The one way the app talks to the API (spec §7, §8). Resolves with the envelope for every HTTP 2xx so
 * callers branch on meta.code as the specification does; rejects with ApiHttpError for transport
 * failures. Toasts and session expiry are handled here so no screen can forget them.
 */
export async function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<ApiEnvelope<T>> {
  const method = options.method ?? 'GET';
  const token = currentToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token !== null) {
    headers.Authorization = `Bearer ${token}`;
    headers['X-Device-Id'] = deviceId();
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // No HTTP answer at all: the spec's "server's message" cannot exist, but a player on a flaky
    // network must learn why nothing happened.
    toast.error(msg('Network error, please check your connection'));
    throw new ApiHttpError(0, 'Network error');
  }

  const body = await readJson(response);

  if (!response.ok) {
    const message = typeof (body as TransportBody | undefined)?.message === 'string' ? String((body as TransportBody).message) : '';
    const quiet = options.quietStatuses?.includes(response.status) ?? false;
    if (!quiet && message !== '') toast.error(transportText(body, message));
    // Only a call that carried a token can end a session; a 401 to an anonymous call is just an answer.
    if (response.status === 401 && token !== null) expireFromHttp401();
    throw new ApiHttpError(response.status, message || `HTTP ${response.status}`);
  }

  if (!isEnvelope(body)) {
    throw new ApiHttpError(response.status, 'Unexpected response');
  }
  const envelope = body as ApiEnvelope<T>;
  const { meta } = envelope;

  if (meta.code === 200) {
    const wantsToast = options.successToast ?? method !== 'GET';
    if (typeof wantsToast === 'string') toast.success(wantsToast);
    else if (wantsToast && meta.message) toast.success(serverText(meta));
    return envelope;
  }

  if (options.warningToast ?? true) toast.warning(serverText(meta));
  if (meta.code === 401) expireFromMeta401();
  return envelope;
}

/** For reads: the data of a 200, or an ApiBusinessError (already toasted) for anything else. */
export function unwrap<T>(envelope: ApiEnvelope<T>): T {
  if (envelope.meta.code !== 200 || envelope.data === null) throw new ApiBusinessError(envelope.meta);
  return envelope.data;
}

/** React Query should not hammer the server with retries of answers that will not change. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiBusinessError) return false;
  if (error instanceof ApiHttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * An authorised binary download (a deposit's full screenshot): `url` is a same-origin path the API
 * answered (e.g. /api/v1/deposit-screenshot/<id>). An <img src> cannot carry the bearer header, so the
 * image is fetched here and shown through an object URL. Failures toast and end sessions like apiRequest.
 */
export async function apiBlob(url: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  if (!url.startsWith('/api/')) throw new ApiHttpError(0, 'Unexpected address');
  const token = currentToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token === null ? {} : { Authorization: `Bearer ${token}` }, ...(options.signal ? { signal: options.signal } : {}) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    toast.error(msg('Network error, please check your connection'));
    throw new ApiHttpError(0, 'Network error');
  }
  if (!response.ok) {
    const body = await readJson(response);
    const message = typeof (body as TransportBody | undefined)?.message === 'string' ? String((body as TransportBody).message) : '';
    if (message !== '') toast.error(transportText(body, message));
    if (response.status === 401 && token !== null) expireFromHttp401();
    throw new ApiHttpError(response.status, message || `HTTP ${response.status}`);
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) {
    // A business answer (meta.code) instead of the image: same handling as any other call.
    const body = await readJson(response);
    if (isEnvelope(body)) {
      toast.warning(serverText(body.meta));
      if (body.meta.code === 401) expireFromMeta401();
      throw new ApiBusinessError(body.meta);
    }
    throw new ApiHttpError(response.status, 'Unexpected response');
  }
  return response.blob();
}
