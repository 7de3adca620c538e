import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A port on 127.0.0.1 that nothing listens on, for a server another process is about to start (a throwaway
 * PostgreSQL, a product, a bench's peer). Chosen below the kernel's range of ports for outgoing connections
 * (`ip_local_port_range`, 32768–60999 by default): a port asked of the kernel with `listen(0)` comes from that
 * range, and between closing the probe and the server's bind any outgoing connection of the busy machine (a
 * test's pool, Chromium) may take it as its own end. Seen on 30 November: `pitr-restore.test.ts`'s PostgreSQL
 * failed to start, "could not bind IPv4 address: Address already in use" on 34101.
 */
export async function freePort(): Promise<number> {
  const floor = 20_000;
  const ceiling = Math.max(floor + 1_000, lowestOutgoingPort()) - 1;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = floor + Math.floor(Math.random() * (ceiling - floor + 1));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port found between ${floor} and ${ceiling}`);
}

/** The bottom of the kernel's range for outgoing connections (Linux), or of IANA's dynamic ports elsewhere. */
function lowestOutgoingPort(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low)) return low;
  } catch {
    // not Linux
  }
  return 49_152;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
