/**
 * A local stand-in for Betfair's HTTPS APIs (identitysso and the Betting API's JSON-RPC endpoint),
 * over TLS with a self-signed certificate, answering as Betfair does with the answers betfairlightweight
 * recorded (fixtures/betfair-api): `/api/login` (form: username, password; header X-Application),
 * `/api/keepAlive` (headers X-Application, X-Authentication) and `/betting` for
 * `SportsAPING/v1.0/listMarketCatalogue` (the catalogue entries given, filtered by market id). A
 * request without the app key or the session is refused as Betfair refuses it.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { FIXTURES_DIR } from './recorded-files.js';

const recorded = (name: string) => readFileSync(join(FIXTURES_DIR, 'betfair-api', name), 'utf8');
/** The session token the recorded login answer gives. */
export const RECORDED_TOKEN = (JSON.parse(recorded('login_interactive_success.json')) as { token: string }).token;

export interface FakeBettingApi {
  /** The identity base (…/api/) and the Betting API endpoint (…/betting). */
  identityUrl: string;
  bettingUrl: string;
  ca: string;
  requests: { path: string; headers: Record<string, string | string[] | undefined>; body: string }[];
  close(): Promise<void>;
}

export async function startFakeBettingApi(options: {
  appKey: string;
  username: string;
  password: string;
  /** Raw catalogue entries, as in a listMarketCatalogue answer's `result`. */
  catalogue: unknown[];
}): Promise<FakeBettingApi> {
  // Its own subject: trusted in one CA file beside the stream server's certificate (also self-signed).
  const pems = await generate([{ name: 'commonName', value: 'betfair-api.localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const requests: FakeBettingApi['requests'] = [];
  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      const send = (text: string) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(text);
      const appKey = req.headers['x-application'];
      const session = req.headers['x-authentication'];
      if (req.url === '/api/login') {
        const form = new URLSearchParams(body);
        const good =
          appKey === options.appKey &&
          form.get('username') === options.username &&
          form.get('password') === options.password;
        return send(recorded(good ? 'login_interactive_success.json' : 'login_interactive_fail.json'));
      }
      if (req.url === '/api/keepAlive') {
        if (session !== RECORDED_TOKEN) return send(recorded('keep_alive_fail.json'));
        return send(JSON.stringify({ token: session, product: appKey, status: 'SUCCESS', error: '' }));
      }
      if (req.url === '/betting') {
        const call = JSON.parse(body) as { method: string; params: { filter: { marketIds?: string[] } }; id: number };
        const errorCode =
          appKey !== options.appKey
            ? 'INVALID_APP_KEY'
            : session !== RECORDED_TOKEN
              ? 'INVALID_SESSION_INFORMATION'
              : call.method !== 'SportsAPING/v1.0/listMarketCatalogue'
                ? 'INVALID_INPUT_DATA'
                : null;
        if (errorCode !== null)
          return send(
            JSON.stringify({
              jsonrpc: '2.0',
              error: {
                code: -32099,
                message: 'ANGX-0003',
                data: { exceptionname: 'APINGException', APINGException: { errorCode, errorDetails: '' } },
              },
              id: call.id,
            }),
          );
        const ids = call.params.filter.marketIds;
        const result = options.catalogue.filter(
          (entry) => !ids || ids.includes((entry as { marketId: string }).marketId),
        );
        return send(JSON.stringify({ jsonrpc: '2.0', result, id: call.id }));
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    identityUrl: `${base}/api/`,
    bettingUrl: `${base}/betting`,
    ca: pems.cert,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
