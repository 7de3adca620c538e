import { vi } from 'vitest';

export interface StubResponse {
  status?: number;
  body: unknown;
}

export type StubHandler = (request: {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Headers;
}) => StubResponse | undefined | Promise<StubResponse | undefined>;

export interface RecordedCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export const ok = <T>(data: T, message = 'OK', extra: Record<string, unknown> = {}): StubResponse => ({
  body: { meta: { code: 200, message, ...extra }, data },
});
export const business = (
  code: number,
  message: string,
  extra: Record<string, unknown> = {},
  data: unknown = null,
): StubResponse => ({
  body: { meta: { code, message, ...extra }, data },
});
export const transport = (status: number, message?: string): StubResponse => ({
  status,
  body: message === undefined ? {} : { message, meta: { code: status, message } },
});

/**
 * Replaces fetch with a table of answers keyed "METHOD /path" (path without /api/v1), or a function for
 * anything dynamic (which may answer later: a promise). Unmatched calls answer HTTP 404 like the real server's unknown route.
 */
export function stubFetch(routes: Record<string, StubResponse | StubHandler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const headers = new Headers(init?.headers);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, search: url.searchParams, body, headers });
    const entry = routes[`${method} ${path}`];
    const answer =
      typeof entry === 'function' ? await entry({ method, path, search: url.searchParams, body, headers }) : entry;
    const response = answer ?? {
      status: 404,
      body: { message: 'No such endpoint', meta: { code: 404, message: 'No such endpoint' } },
    };
    return new Response(JSON.stringify(response.body), {
      status: response.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
