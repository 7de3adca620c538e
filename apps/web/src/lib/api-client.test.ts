import { beforeEach, describe, expect, it, vi } from 'vitest';
import { business, ok, stubFetch, transport } from '../testing/fetch-stub';
import { ApiHttpError, apiRequest } from './api-client';
import { endSession, loadSession, sessionStore } from './auth/session';
import { registerNavigate } from './navigation';
import { desktopToasts } from './toast';

const toasts = () => desktopToasts.get().map((toast) => `${toast.type}:${toast.message}`);

describe('API client (spec §8)', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    navigate.mockReset();
    registerNavigate(navigate);
    window.localStorage.setItem('token', 'secret-token');
    window.localStorage.setItem('userData', '{"_id":"u"}');
    loadSession();
  });

  it('sends the bearer token and JSON', async () => {
    const { calls } = stubFetch({ 'POST /thing': ok(null, 'Saved') });
    await apiRequest('/thing', { method: 'POST', body: { a: 1 } });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer secret-token');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ a: 1 });
  });

  it('shows the success message of a write, not of a read', async () => {
    stubFetch({ 'POST /thing': ok(null, 'Saved'), 'GET /thing': ok(1, 'Fetched') });
    await apiRequest('/thing', { method: 'POST', body: {} });
    await apiRequest('/thing');
    expect(toasts()).toEqual(['success:Saved']);
  });

  it('shows a warning toast with meta.message for a business failure and returns the body', async () => {
    stubFetch({ 'POST /thing': business(409, 'Already done') });
    const envelope = await apiRequest('/thing', { method: 'POST', body: {} });
    expect(envelope.meta.code).toBe(409);
    expect(toasts()).toEqual(['warning:Already done']);
  });

  it('shows an error toast with the message of an HTTP failure, or nothing without one', async () => {
    stubFetch({ 'GET /a': transport(500, 'Something went wrong, please try again'), 'GET /b': transport(502) });
    await expect(apiRequest('/a')).rejects.toBeInstanceOf(ApiHttpError);
    await expect(apiRequest('/b')).rejects.toBeInstanceOf(ApiHttpError);
    expect(toasts()).toEqual(['error:Something went wrong, please try again']);
  });

  it('meta.code 401 removes userData and token and goes to /', async () => {
    stubFetch({ 'GET /getUserData': business(401, 'Session ended') });
    await apiRequest('/getUserData');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('userData')).toBeNull();
    expect(sessionStore.get().loggedIn).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('HTTP 401 removes userData (not the token) and goes to /login, and stops sending the dead token', async () => {
    const { calls } = stubFetch({
      'GET /getUserData': transport(401, 'Your session has ended, please log in again'),
      'POST /login': ok(null),
    });
    await expect(apiRequest('/getUserData')).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem('userData')).toBeNull();
    expect(window.localStorage.getItem('token')).toBe('secret-token');
    expect(navigate).toHaveBeenCalledWith('/login');
    await apiRequest('/login', { method: 'POST', body: {} });
    expect(calls[1]?.headers.get('Authorization')).toBeNull();
  });

  it('a 401 to a call without a token does not end anything', async () => {
    window.localStorage.clear();
    loadSession();
    stubFetch({ 'GET /x': transport(401, 'Please log in again') });
    await expect(apiRequest('/x')).rejects.toBeInstanceOf(ApiHttpError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('an answer that arrives after its session ended (Logout) neither toasts nor expires anything', async () => {
    stubFetch({
      'GET /getUserData': transport(401, 'Your session has ended, please log in again'),
      'GET /balance': business(401, 'Session ended'),
    });
    const stale = apiRequest('/getUserData');
    const staleWarning = apiRequest('/balance');
    endSession();
    await expect(stale).rejects.toMatchObject({ status: 401 });
    expect((await staleWarning).meta.code).toBe(401);
    expect(toasts()).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });
});
