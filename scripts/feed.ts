/**
 * Operators' and tests' look at a recorded Betfair stream file:
 *
 *   npm run feed -- book <file> [--at <publish time ms>]
 *
 * applies every market change message of the file published at or before `--at` (all of them without
 * it) and prints one JSON object: the market's status, in-play flag, bet delay and each runner's last
 * traded price, traded volume and best three prices to back and to lay (`bookView`, ESA-9). A `.gz`
 * file is read decompressed.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { bookView, parseMarketMessages, replayUntil } from '@khel/betfair-stream';

const USAGE = 'usage: npm run feed -- book <file> [--at <publish time ms>]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function readText(file: string): string {
  const bytes = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

function book(args: string[]): void {
  const [file, ...rest] = args;
  if (!file) fail('book: which file?');
  let atPt: number | undefined;
  for (let i = 0; i < rest.length; i += 1) {
    if (rest[i] === '--at' && /^\d+$/.test(rest[i + 1] ?? '')) atPt = Number(rest[(i += 1)]);
    else fail(`book: unexpected argument ${rest[i]}`);
  }
  const cache = replayUntil(parseMarketMessages(readText(file)), atPt);
  const [marketId] = cache.marketIds();
  if (marketId === undefined)
    fail(`book: no market change message in ${file}${atPt === undefined ? '' : ` at or before ${atPt}`}`);
  process.stdout.write(`${JSON.stringify(bookView(cache.book(marketId)!))}\n`);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'book') book(args);
else fail(command ? `unknown command ${command}` : 'which command?');
