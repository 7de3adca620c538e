import { vi } from 'vitest';
import type { AppSettings, BackofficeUser, Profile } from '@khel/contract';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
  idempotencyKey: string | null;
}

type Handler = (call: RecordedCall) => unknown;

/** `{ meta: { code: 200 }, data }`: the envelope of a success. */
export function ok<T>(data: T, message = 'OK', extra: Record<string, unknown> = {}) {
  return { meta: { code: 200, message, ...extra }, data };
}

/** A business outcome: HTTP 200 with a non-200 meta.code. */
export function fail(code: number, message: string, error: string) {
  return { meta: { code, message, error }, data: null };
}

/** A transport failure with a real HTTP status. */
export class HttpFailure {
  constructor(
    readonly status: number,
    readonly message: string,
  ) {}
}

/**
 * Stubs global fetch with a table of `METHOD /path` handlers (path without /api/v1 and query) and
 * records every call, so a test can render real routes and assert on what went over the wire.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const headers = new Headers(init?.headers);
    const call: RecordedCall = {
      method,
      path,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('authorization'),
      idempotencyKey: headers.get('idempotency-key'),
    };
    calls.push(call);
    const handler =
      handlers[`${method} ${path}`] ?? Object.entries(handlers).find(([key]) => matches(key, method, path))?.[1];
    if (handler === undefined)
      return json(404, { message: `No stub for ${method} ${path}`, meta: { code: 404, message: 'No stub' } });
    // A handler may answer later (a promise), to test what a page shows while a read is on its way.
    const result: unknown = await handler(call);
    if (result instanceof Response) return result;
    if (result instanceof HttpFailure)
      return json(result.status, { message: result.message, meta: { code: result.status, message: result.message } });
    return json(200, result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

/** `GET /backoffice/users/:id` matches `/backoffice/users/abc`. */
function matches(key: string, method: string, path: string): boolean {
  const [keyMethod, keyPath = ''] = key.split(' ');
  if (keyMethod !== method || !keyPath.includes(':')) return false;
  const pattern = new RegExp(`^${keyPath.replace(/:[^/]+/g, '[^/]+')}$`);
  return pattern.test(path);
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const SETTINGS: AppSettings = {
  siteName: 'Khel',
  logoImg: '',
  faviconImg: '',
  color: '#f5b301',
  moneyMode: 'play',
  currency: 'INR',
  helpWhatsapp: null,
  helpPhone: null,
};

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    name: 'Demo Director',
    username: 'director',
    mobile_no: '919999900000',
    role: 1,
    wallet: '1',
    balance: 0,
    exposure: 0,
    bonus: 0,
    bonusExposure: 0,
    refBonus: 0,
    referralAllow: false,
    referralCode: 'DIR123',
    allowHome: true,
    allowLiveCasino: true,
    allowSlots: true,
    allowStatements: true,
    allowProfitLoss: true,
    ...overrides,
  };
}

export function backofficeUser(overrides: Partial<BackofficeUser> = {}): BackofficeUser {
  return {
    uplineId: '00000000-0000-4000-8000-000000000001',
    _id: '00000000-0000-4000-8000-000000000002',
    name: 'Demo Player',
    username: 'player1',
    mobile_no: '919999900001',
    role: 4,
    referralAllow: true,
    referralCode: 'PLY123',
    phoneVerified: true,
    suspended: false,
    suspendedReason: null,
    selfExcludedUntil: null,
    createdAt: '2025-01-01T10:00:00.000Z',
    lastLoginAt: null,
    allowHome: true,
    allowLiveCasino: true,
    allowSlots: true,
    allowStatements: true,
    allowProfitLoss: true,
    ...overrides,
  };
}

/**
 * The four reads the app shell makes on mount for a signed-in operator: the brand, who is signed in (`user`
 * over `profile()`), and the deposit and withdrawal queues whose waiting counts the sidebar shows (both empty).
 * Spread it first into `stubApi`'s table; a key written after it answers instead.
 */
export function shellReads(user: Partial<Profile> = {}): Record<string, Handler> {
  return {
    'GET /app-settings': () => ok(SETTINGS),
    'GET /getUserData': () => ok(profile(user)),
    'GET /backoffice/deposits': () => ok({ items: [], total: 0 }),
    'GET /backoffice/withdrawals': () => ok({ items: [], total: 0 }),
  };
}
