import { describe, expect, it, vi } from 'vitest';
import { ApiError, shouldRetry } from './api-error';
import { fetchApiBlob } from './api-blob';
import { answerFailure, buildUrl, sendApiCall, type ApiWording } from './api-transport';

const WORDING: ApiWording = { network: 'Offline', http: (status) => `HTTP ${status}`, unexpected: 'Odd answer' };

function answerWith(status: number, body: unknown, type = 'application/json') {
  const fetchMock = vi.fn(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': type },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the API transport', () => {
  it('sends the bearer token, JSON body and query under /api/v1', async () => {
    const fetchMock = answerWith(200, { meta: { code: 200, message: 'OK' }, data: 1 });
    const answer = await sendApiCall(
      '/thing',
      { method: 'POST', body: { a: 1 }, query: { q: 'x', skip: undefined }, token: 't', headers: { 'X-Extra': '1' } },
      WORDING,
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/thing?q=x');
    expect(init.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer t',
      'X-Extra': '1',
    });
    expect(init.body).toBe('{"a":1}');
    expect(answer.meta?.code).toBe(200);
    expect(answerFailure(answer, WORDING)).toBeNull();
  });

  it('leaves empty query values out unless asked to keep them', () => {
    expect(buildUrl('/list', { q: '', page: 2 })).toBe('/api/v1/list?page=2');
    expect(buildUrl('/list', { q: '', page: 2 }, true)).toBe('/api/v1/list?q=&page=2');
    expect(buildUrl('/list', undefined)).toBe('/api/v1/list');
  });

  it('turns no answer into ApiError status 0 with the app’s wording, and lets an abort through', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(sendApiCall('/x', { token: null }, WORDING)).rejects.toMatchObject({
      status: 0,
      code: 0,
      message: 'Offline',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('stop', 'AbortError'))),
    );
    await expect(sendApiCall('/x', { token: null }, WORDING)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('words an HTTP failure with the server’s message, else the app’s', async () => {
    answerWith(429, { message: 'Slow down', meta: { code: 429, message: 'Slow down', error: 'RATE_LIMITED' } });
    const limited = answerFailure(await sendApiCall('/x', { token: null }, WORDING), WORDING);
    expect(limited).toMatchObject({ status: 429, code: 429, message: 'Slow down', error: 'RATE_LIMITED' });
    answerWith(502, '<html>bad gateway</html>', 'text/html');
    expect(answerFailure(await sendApiCall('/x', { token: null }, WORDING), WORDING)).toMatchObject({
      status: 502,
      code: 502,
      message: 'HTTP 502',
    });
    answerWith(200, 'not json', 'text/plain');
    expect(answerFailure(await sendApiCall('/x', { token: null }, WORDING), WORDING)).toMatchObject({
      status: 200,
      code: 0,
      message: 'Odd answer',
    });
  });

  it('downloads bytes, or hands back the JSON that came instead', async () => {
    answerWith(200, 'PNG', 'image/png');
    const bytes = await fetchApiBlob('/api/v1/shot/1', 't', WORDING);
    expect('blob' in bytes ? await bytes.blob.text() : null).toBe('PNG');
    answerWith(200, { meta: { code: 404, message: 'Not found' }, data: null });
    const answer = await fetchApiBlob('/api/v1/shot/2', 't', WORDING);
    expect('failed' in answer ? answer.failed.meta?.code : null).toBe(404);
    await expect(fetchApiBlob('https://elsewhere.example/x', 't', WORDING)).rejects.toBeInstanceOf(ApiError);
  });
});

describe('the one error model', () => {
  it('carries the envelope’s code, error and field issues', () => {
    const error = ApiError.fromMeta({
      code: 422,
      message: 'Check the form',
      error: 'VALIDATION_FAILED',
      issues: [{ path: 'amount', message: 'Too small' }],
    });
    expect(error).toMatchObject({ status: 200, code: 422, isBusiness: true, message: 'Check the form' });
    expect(error.issueFor('amount')).toBe('Too small');
    expect(error.issueFor('upi')).toBeUndefined();
  });

  it('retries only what may change: no answer and server failures, twice', () => {
    expect(shouldRetry(0, ApiError.fromMeta({ code: 409, message: 'Done' }))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 404, 'Gone'))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 0, 'Offline'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 503, 'Busy'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 503, 'Busy'))).toBe(false);
  });
});
