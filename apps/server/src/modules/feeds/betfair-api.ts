/**
 * Betfair's HTTPS APIs the live source needs, as Betfair publishes them ("Login & Session Management",
 * "listMarketCatalogue"): a session token by interactive login (`/api/login`) or, for an unattended
 * process, non-interactive login with a client certificate (`/api/certlogin`), kept alive by
 * `/api/keepAlive`; and the Betting API's JSON-RPC `SportsAPING/v1.0/listMarketCatalogue` for what the
 * Exchange Stream does not carry (runner names, event, competition, start time). Every answer is
 * checked before use: a failure is a `BetfairApiError` with Betfair's own code, never a crash.
 */
import { request } from 'node:https';
import { z } from 'zod';

export interface BetfairEndpoints {
  /** Interactive login and keep-alive, e.g. https://identitysso.betfair.com/api/ */
  identityUrl: string;
  /** Non-interactive (certificate) login, e.g. https://identitysso-cert.betfair.com/api/ */
  certIdentityUrl: string;
  /** The Betting API's JSON-RPC endpoint, e.g. https://api.betfair.com/exchange/betting/json-rpc/v1 */
  bettingUrl: string;
  /** Trusted certificate(s) for servers that are not Betfair's (tests). */
  ca?: string;
}

export class BetfairApiError extends Error {
  constructor(
    /** Betfair's code (INVALID_USERNAME_OR_PASSWORD, NO_SESSION, INVALID_APP_KEY, …) or ours (HTTP_503, BAD_RESPONSE, NETWORK). */
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

const TIMEOUT_MS = 15_000;

/** POSTs and reads a JSON answer; anything else is a BetfairApiError. */
async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  tls: { ca?: string; cert?: string; key?: string },
): Promise<unknown> {
  const text = await new Promise<string>((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { Accept: 'application/json', ...headers }, timeout: TIMEOUT_MS, ...tls },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () =>
          (res.statusCode ?? 0) >= 400 && !data.trim().startsWith('{')
            ? reject(new BetfairApiError(`HTTP_${res.statusCode}`, `${url} answered ${res.statusCode}`))
            : resolve(data),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
    req.on('error', (error) =>
      reject(error instanceof BetfairApiError ? error : new BetfairApiError('NETWORK', error.message)),
    );
    req.end(body);
  });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BetfairApiError('BAD_RESPONSE', `${url} did not answer JSON`);
  }
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, url: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new BetfairApiError('BAD_RESPONSE', `${url} answered an unexpected shape`);
  return result.data;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

export interface Credentials {
  username: string;
  password: string;
  /** PEM client certificate and key registered with Betfair: non-interactive login. */
  cert?: string;
  key?: string;
}

/** A new session token: certlogin with a certificate, else the interactive login API. */
export async function login(endpoints: BetfairEndpoints, appKey: string, credentials: Credentials): Promise<string> {
  const { username, password, cert, key } = credentials;
  const headers = { 'X-Application': appKey, ...FORM };
  if (cert !== undefined && key !== undefined) {
    const url = `${endpoints.certIdentityUrl}certlogin`;
    const answer = parsed(
      z.object({ sessionToken: z.string().optional(), loginStatus: z.string() }),
      await post(url, headers, form({ username, password }), { ca: endpoints.ca, cert, key }),
      url,
    );
    if (answer.loginStatus !== 'SUCCESS' || !answer.sessionToken)
      throw new BetfairApiError(answer.loginStatus, 'certificate login refused');
    return answer.sessionToken;
  }
  const url = `${endpoints.identityUrl}login`;
  const answer = parsed(
    z.object({ token: z.string().optional(), status: z.string(), error: z.string().optional() }),
    await post(url, headers, form({ username, password }), { ca: endpoints.ca }),
    url,
  );
  if (answer.status !== 'SUCCESS' || !answer.token)
    throw new BetfairApiError(answer.error || answer.status, 'login refused');
  return answer.token;
}

/** Resets the session's expiry; answers the token to use from now on. */
export async function keepAlive(endpoints: BetfairEndpoints, appKey: string, token: string): Promise<string> {
  const url = `${endpoints.identityUrl}keepAlive`;
  const answer = parsed(
    z.object({ token: z.string().optional(), status: z.string(), error: z.string().optional() }),
    await post(url, { 'X-Application': appKey, 'X-Authentication': token }, '', { ca: endpoints.ca }),
    url,
  );
  if (answer.status !== 'SUCCESS') throw new BetfairApiError(answer.error || answer.status, 'keep-alive refused');
  return answer.token || token;
}

const catalogueSchema = z.object({
  marketId: z.string(),
  marketName: z.string().optional(),
  marketStartTime: z.string().optional(),
  runners: z
    .array(z.object({ selectionId: z.number(), runnerName: z.string(), sortPriority: z.number().optional() }))
    .default([]),
  eventType: z.object({ id: z.string(), name: z.string() }).optional(),
  competition: z.object({ id: z.string(), name: z.string() }).optional(),
  event: z.object({ id: z.string(), name: z.string(), openDate: z.string().optional() }).optional(),
});
export type MarketCatalogue = z.infer<typeof catalogueSchema>;

const rpcAnswer = z.union([
  z.object({ result: z.array(z.unknown()) }),
  z.object({
    error: z.object({
      code: z.number().optional(),
      message: z.string().optional(),
      data: z.object({ APINGException: z.object({ errorCode: z.string() }).optional() }).optional(),
    }),
  }),
]);

/** The projections the live source reads; all of weight 0 in Betfair's request limits. */
export const CATALOGUE_PROJECTION = ['RUNNER_DESCRIPTION', 'EVENT', 'EVENT_TYPE', 'COMPETITION', 'MARKET_START_TIME'];

/** `listMarketCatalogue` for these markets (Betfair leaves out markets it no longer lists). */
export async function listMarketCatalogue(
  endpoints: BetfairEndpoints,
  appKey: string,
  token: string,
  marketIds: readonly string[],
): Promise<MarketCatalogue[]> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    method: 'SportsAPING/v1.0/listMarketCatalogue',
    params: {
      filter: { marketIds },
      marketProjection: CATALOGUE_PROJECTION,
      maxResults: marketIds.length,
    },
    id: 1,
  });
  const headers = { 'X-Application': appKey, 'X-Authentication': token, 'Content-Type': 'application/json' };
  const answer = parsed(rpcAnswer, await post(endpoints.bettingUrl, headers, body, { ca: endpoints.ca }), 'betting');
  if ('error' in answer) {
    const code = answer.error.data?.APINGException?.errorCode ?? answer.error.message ?? 'UNKNOWN';
    throw new BetfairApiError(code, 'listMarketCatalogue refused');
  }
  // One odd entry does not cost the others their names.
  return answer.result.flatMap((entry) => {
    const market = catalogueSchema.safeParse(entry);
    return market.success ? [market.data] : [];
  });
}
