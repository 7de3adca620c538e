import type { Meta } from '@khel/contract';
import {
  ApiError,
  answerFailure,
  bodyMessageOf,
  newIdempotencyKey,
  sendApiCall,
  type ApiMethod,
  type ApiQuery,
  type ApiWording,
} from '@khel/web-kit';
import { currentToken, expireFromHttp401, expireFromMeta401 } from './auth/session';
import { STORAGE_KEYS, local } from './storage';
import { toast } from './toast';
import { msg, serverText } from './i18n/i18n';

export { API_BASE, ApiError, shouldRetry } from '@khel/web-kit';
/**
 * The player app's names for the kit's one error model: an HTTP failure and a business outcome are
 * both ApiError (status 0 or 4xx/5xx, or 200 with meta.code), as in the back office.
 */
export { ApiError as ApiHttpError } from '@khel/web-kit';

export interface ApiEnvelope<T> {
  meta: Meta;
  data: T | null;
}

/** A business outcome as an error (HTTP 200 with meta.code 400/403/404/409/422/429): unwrap's refusal. */
export const businessError = (meta: Meta): ApiError => ApiError.fromMeta(meta);

export const WORDING: ApiWording = {
  network: 'Network error',
  http: (status) => `HTTP ${status}`,
  unexpected: 'Unexpected response',
};
const NETWORK_TOAST = msg('Network error, please check your connection');

export interface ApiOptions {
  method?: ApiMethod;
  body?: unknown;
  query?: ApiQuery;
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

/** An HTTP failure: the server's message as an error toast (unless quiet), and a token refused ends the session. */
export function onHttpFailure(error: ApiError, body: unknown, token: string | null, quiet = false): ApiError {
  const serverMessage = bodyMessageOf(body);
  if (!quiet && serverMessage !== '') toast.error(transportText(body, serverMessage));
  // Only a call that carried a token can end a session; a 401 to an anonymous call is just an answer.
  if (error.status === 401 && token !== null) expireFromHttp401();
  return error;
}

/** No HTTP answer at all: the spec's "server's message" cannot exist, but a player on a flaky network must learn why nothing happened. */
export function onNetworkFailure(error: unknown): never {
  if (error instanceof ApiError && error.status === 0) toast.error(NETWORK_TOAST);
  throw error;
}

/** A business outcome other than 200: the warning toast, and meta.code 401 ends the session. */
export function onBusinessOutcome(meta: Meta, warn = true): void {
  if (warn) toast.warning(serverText(meta));
  if (meta.code === 401) expireFromMeta401();
}

/**
 * The one way the app talks to the API (spec §7, §8). Resolves with the envelope for every HTTP 2xx so
 * callers branch on meta.code as the specification does; rejects with ApiError (the kit's one error
 * model) for transport failures. Toasts and session expiry are handled here so no screen can forget them.
 */
export async function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<ApiEnvelope<T>> {
  const method = options.method ?? 'GET';
  const token = currentToken();
  const headers: Record<string, string> = { ...options.headers };
  if (token !== null) headers['X-Device-Id'] = deviceId();
  const call = {
    method,
    body: options.body,
    query: options.query,
    headers,
    token,
    keepEmptyQuery: true,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const answer = await sendApiCall(path, call, WORDING).catch(onNetworkFailure);

  const failure = answerFailure(answer, WORDING);
  // An answer to a session that has ended while it was on its way (the player logged out, or signed in as
  // another) speaks for nobody now: no toast, no expiry. Its 401 or warning would otherwise replace the phone's
  // one "Logged Out" toast (CI, 1 December: the toast never showed after Logout).
  const ended = token !== null && currentToken() !== token;
  if (failure !== null) {
    if (!ended && !answer.response.ok)
      throw onHttpFailure(failure, answer.body, token, options.quietStatuses?.includes(answer.response.status));
    throw failure;
  }
  const envelope = answer.body as ApiEnvelope<T>;
  if (ended) return envelope;
  const { meta } = envelope;

  if (meta.code === 200) {
    const wantsToast = options.successToast ?? method !== 'GET';
    if (typeof wantsToast === 'string') toast.success(wantsToast);
    else if (wantsToast && meta.message) toast.success(serverText(meta));
    return envelope;
  }

  onBusinessOutcome(meta, options.warningToast ?? true);
  return envelope;
}

/** For reads: the data of a 200, or an ApiError of the outcome (already toasted) for anything else. */
export function unwrap<T>(envelope: ApiEnvelope<T>): T {
  if (envelope.meta.code !== 200 || envelope.data === null) throw businessError(envelope.meta);
  return envelope.data;
}
