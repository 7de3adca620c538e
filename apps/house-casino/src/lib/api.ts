/**
 * Calls to the house provider's game server on the same origin, with the launch token from the URL.
 * Answers are the API's envelope `{ meta: { code, message }, data }`; a non-200 meta.code is thrown as
 * a GameError carrying the message to show.
 */
export class GameError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly error: string | undefined,
  ) {
    super(message);
  }
}

export function launchToken(): string | null {
  return new URLSearchParams(window.location.search).get('token');
}

export async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = launchToken();
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token === null ? {} : { 'x-game-token': token }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new GameError('No connection, trying again…', 0, 'NETWORK');
  }
  const json = (await response.json().catch(() => null)) as {
    meta?: { code: number; message: string; error?: string };
    data?: T;
    message?: string;
  } | null;
  if (json === null || json.meta === undefined)
    throw new GameError(`Something went wrong (HTTP ${response.status})`, response.status, undefined);
  if (json.meta.code !== 200) throw new GameError(json.meta.message, json.meta.code, json.meta.error);
  return json.data as T;
}

/** Tells the player app around the frame about a new balance, so its header stays in step. */
export function announceBalance(balance: number): void {
  if (window.parent !== window)
    window.parent.postMessage({ type: 'khel:casino-balance', balance }, window.location.origin);
}
