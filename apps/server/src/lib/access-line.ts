import { hostname } from 'node:os';

/** What the line is written with; pino's defaults (pid and hostname as its base, epoch milliseconds). */
export interface AccessLineOptions {
  /** False when the logger's level is above info (the line is then not written, as pino would not). */
  enabled: boolean;
  write: (line: string) => void;
  pid?: number;
  hostname?: string;
  nowMs?: () => number;
}

/**
 * The access line of a request (one per request, decision 0029), written straight to the log stream in
 * exactly the JSON pino writes for `request.log.info({ method, path, status, ms }, 'request')` on
 * Fastify's request logger: `{"level":30,"time":…,"pid":…,"hostname":…,"reqId":…,"method":…,
 * "path":…,"status":…,"ms":…,"msg":"request"}`. Pino's generic path (level check, bindings, a key
 * loop, its string escaper, a time call) was the largest share of what a cached call still cost
 * beyond a bare route; `access-line.test.ts` holds the two lines equal. The path is the URL without
 * its query: a socket's ?token= (and any other secret a client puts there) stays out of the logs.
 * Strings a client chose (the request id from X-Request-Id, the path) are escaped with JSON.stringify.
 */
export function createAccessLine(
  options: AccessLineOptions,
): (reqId: string, method: string, url: string, status: number, elapsedMs: number) => void {
  if (!options.enabled) return () => undefined;
  const write = options.write;
  const nowMs = options.nowMs ?? Date.now;
  const base = `,"pid":${options.pid ?? process.pid},"hostname":${JSON.stringify(options.hostname ?? hostname())},"reqId":`;
  return (reqId, method, url, status, elapsedMs) => {
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    write(
      `{"level":30,"time":${nowMs()}${base}${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${Math.round(elapsedMs)},"msg":"request"}\n`,
    );
  };
}
