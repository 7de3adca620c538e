/**
 * Messages applied per second by the stream cache over the whole NED v PNG recording (18,529 mcm
 * lines), the figure decision 0042 and docs/benchmarks.md quote. Same run, same process: JSON.parse of
 * the same lines alone (the floor every consumer pays), apply alone, parse + apply, and parse + apply
 * + the operators' book view after every message (what the adapter reads). Median of 7 rounds.
 *
 *   npx tsx packages/betfair-stream/bench/stream-cache-bench.ts
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { bookView, StreamCache } from '../src/index.js';
import type { MarketChangeMessage } from '../src/index.js';

const lines = gunzipSync(readFileSync(join(import.meta.dirname, '../../../fixtures/betfair/1.200806927.jsonl.gz')))
  .toString('utf8')
  .trim()
  .split('\n');
const parsed = lines.map((line) => JSON.parse(line) as MarketChangeMessage);

function rate(label: string, body: () => void): void {
  const rounds: number[] = [];
  for (let round = 0; round < 7; round += 1) {
    const started = process.hrtime.bigint();
    body();
    rounds.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  rounds.sort((a, b) => a - b);
  const ms = rounds[3]!;
  console.log(
    `  ${label.padEnd(34)} ${String(Math.round((lines.length / ms) * 1000)).padStart(10)} msg/s  (${ms.toFixed(1)} ms per pass)`,
  );
}

console.log(
  `\n== Betfair stream cache, ${lines.length} messages of 1.200806927 (load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
rate('JSON.parse only (floor)', () => {
  for (const line of lines) JSON.parse(line);
});
rate('apply (pre-parsed)', () => {
  const cache = new StreamCache();
  for (const message of parsed) cache.apply(message);
});
rate('parse + apply', () => {
  const cache = new StreamCache();
  for (const line of lines) cache.apply(JSON.parse(line) as MarketChangeMessage);
});
rate('parse + apply + book view each', () => {
  const cache = new StreamCache();
  for (const line of lines) {
    const { marketIds } = cache.apply(JSON.parse(line) as MarketChangeMessage);
    for (const id of marketIds) bookView(cache.book(id)!);
  }
});
