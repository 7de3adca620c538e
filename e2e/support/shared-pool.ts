import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { E2eRun, RunningProduct } from './harness.js';
import { bootProduct } from './harness.js';

/**
 * The run's lender of products browser test files may share (decision 0078), in the run's main process, asked
 * over HTTP on 127.0.0.1 by the files' workers (harness.ts: sharedProduct()):
 * - `POST /product`: a product with the default settings and no demo feed (the files that share one make
 *   their own sports, events and markets; a feed would burn a core's tenth, lent or idle), lent to one file until it posts
 *   `/product/<id>/return`. An idle one is lent again; when none is idle a new one is started, so there
 *   are at most as many as files running at once. Started lazily: a run of files that all start their own
 *   products starts none.
 * Everything is stopped when the run ends.
 */
export interface SharedPool {
  url: string;
  close(): Promise<void>;
}

/**
 * A shared product's settings. No demo feed (see above). Every file's requests come from 127.0.0.1, so a
 * product that serves one file after another counts all their requests against one address:
 * - their sign-ups' OTP texts: the per-address hourly limit (20 by default) is raised to what many files need;
 * - their API calls: the per-address limit of 600 a minute counts a file and the files lent the product in the
 *   minute before it together. `player/guards` alone makes about 400 in its 34 s; after a busy file it was
 *   refused its player's sign-in (the page stayed on /login: CI, 1 December). Raised likewise.
 * Each file's own use stays under the defaults, as it did on a product of its own. No file that shares one
 * tests either limit (the request limit's own: apps/server/src/plugins/rate-limit.test.ts).
 */
const SHARED_PRODUCT_ENV = { OTP_SENDS_PER_IP_PER_HOUR: '1000', RATE_LIMIT_PER_MINUTE: '100000' };

interface Shared {
  id: number;
  /** Unset while it starts. */
  product?: RunningProduct;
  lent: boolean;
  /** Files it was lent to; time lent and time idle, in milliseconds. */
  lends: number;
  busyMs: number;
  idleMs: number;
  since: number;
}

/** A process's CPU time so far (user + system), from /proc; 0 where there is none. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export async function startSharedPool(run: E2eRun): Promise<SharedPool> {
  const products: Shared[] = [];
  let lease = 0;

  async function lendProduct(): Promise<Shared> {
    // A product whose process ended (it should not) is dropped, not lent; one still starting has none yet.
    const ended = (item: Shared) =>
      item.product !== undefined &&
      (item.product.process.exitCode !== null || item.product.process.signalCode !== null);
    for (const shared of products.filter(ended)) {
      products.splice(products.indexOf(shared), 1);
    }
    const idle = products.find((item) => !item.lent);
    const now = Date.now();
    if (idle !== undefined) {
      idle.idleMs += now - idle.since;
      idle.since = now;
      idle.lent = true;
      idle.lends += 1;
      return idle;
    }
    const shared: Shared = {
      id: products.length === 0 ? 1 : Math.max(...products.map((item) => item.id)) + 1,
      lent: true,
      lends: 1,
      busyMs: 0,
      idleMs: 0,
      since: now,
    };
    products.push(shared);
    try {
      shared.product = await bootProduct({ env: SHARED_PRODUCT_ENV }, run, 300_000);
    } catch (error) {
      products.splice(products.indexOf(shared), 1);
      throw error;
    }
    return shared;
  }

  function returnProduct(id: number): boolean {
    const shared = products.find((item) => item.id === id && item.lent);
    if (shared === undefined) return false;
    const now = Date.now();
    shared.busyMs += now - shared.since;
    shared.since = now;
    shared.lent = false;
    return true;
  }

  const server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const returned = /^\/product\/(\d+)\/return$/.exec(request.url ?? '');
    if (request.method !== 'POST') answer(405, { error: 'POST only' });
    else if (request.url === '/product') {
      // A file that gave up waiting (its hook timed out while a product started on a loaded machine) and
      // ended has closed its connection: the product it would have borrowed is idle, not lent for ever.
      let asked = true;
      response.once('close', () => (asked = response.writableFinished));
      lendProduct().then(
        (shared) => {
          if (!asked) {
            returnProduct(shared.id);
            return;
          }
          lease += 1;
          answer(200, { id: shared.id, lease, baseUrl: shared.product?.baseUrl });
        },
        (error: Error) => answer(500, { error: error.message }),
      );
    } else if (returned !== null) {
      const id = Number(returned[1]);
      if (returnProduct(id)) answer(200, { id });
      else answer(404, { error: `no product ${id} is lent` });
    } else answer(404, { error: `no ${request.url}` });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.close();
      const now = Date.now();
      for (const shared of products) {
        if (shared.product === undefined) continue;
        if (shared.lent) shared.busyMs += now - shared.since;
        else shared.idleMs += now - shared.since;
        const cpu = cpuSeconds(shared.product.process.pid);
        await shared.product.stop();
        console.log(
          `e2e shared product ${shared.id}: lent to ${shared.lends} files, ` +
            `${Math.round(shared.busyMs / 1000)} s lent, ${Math.round(shared.idleMs / 1000)} s idle, ${cpu.toFixed(1)} CPU-s`,
        );
      }
    },
  };
}
