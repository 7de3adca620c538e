/**
 * Engine benchmark: one seeded workload (passive places, cancels, crossing places) run through our
 * exchange engine and through nodejs-order-book in the same process, with the same ids, prices and
 * sizes. Prints throughput of both, their ratio, and our per-command latency.
 *
 *   npx tsx packages/exchange/bench/engine-bench.ts [operations] [seed] [cancelShare]
 */
import { OrderBook, Side as PeerSide, type LimitOrderOptions } from 'nodejs-order-book';
import { applyCommand, createExchangeMarket, indexToPrice, type ExchangeCommand } from '../src/index.js';

const OPERATIONS = Number(process.argv[2] ?? 500_000);
const SEED = Number(process.argv[3] ?? 42);
/** Share of commands that are cancels (default 0.3). The peer's cancel walks its price queue, so this moves the ratio most. */
const CANCEL_SHARE = Number(process.argv[4] ?? 0.3);
const ROUNDS = 5;

/** mulberry32: a tiny deterministic PRNG, so every run and both engines see the same workload. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Op =
  | {
      kind: 'place';
      offerId: string;
      ownerId: string;
      side: 'back' | 'lay';
      priceHundredths: number;
      stakePaise: number;
    }
  | { kind: 'cancel'; offerId: string; ownerId: string };

/**
 * By default 55 % passive places within ±8 ticks of a mid price (these often cross a little), 30 %
 * cancels of a recent offer (some already filled: both engines must look it up and refuse), 15 %
 * aggressive places 6–12 ticks through the mid that sweep several levels.
 */
function workload(operations: number, seed: number, cancelShare = CANCEL_SHARE): Op[] {
  const random = mulberry32(seed);
  const int = (n: number) => Math.floor(random() * n);
  const MID = 100; // ladder index of 2.02
  const ops: Op[] = [];
  const recent: { offerId: string; ownerId: string }[] = [];
  for (let i = 0; i < operations; i++) {
    const roll = random();
    if (roll < cancelShare && recent.length > 0) {
      const target = recent[recent.length - 1 - int(Math.min(recent.length, 2000))] as {
        offerId: string;
        ownerId: string;
      };
      ops.push({ kind: 'cancel', ...target });
      continue;
    }
    const side = random() < 0.5 ? 'back' : 'lay';
    const aggressive = roll > 0.85;
    // A back rests above the mid (a layer takes it from below); a lay rests below. Aggressive orders go through.
    const offset = aggressive ? -(6 + int(7)) : int(9) - 1;
    const index = side === 'back' ? MID + offset : MID - offset;
    const offerId = `o${i}`;
    const ownerId = `p${int(1000)}`;
    ops.push({
      kind: 'place',
      offerId,
      ownerId,
      side,
      priceHundredths: indexToPrice(index) as number,
      stakePaise: (aggressive ? 5_000 + int(50_000) : 100 + int(20_000)) * 1,
    });
    recent.push({ offerId, ownerId });
    if (recent.length > 4000) recent.splice(0, 2000);
  }
  return ops;
}

function ourCommands(ops: Op[]): ExchangeCommand[] {
  return ops.map(
    (op, i): ExchangeCommand =>
      op.kind === 'place'
        ? {
            type: 'place',
            seq: i + 1,
            timeMs: i,
            offerId: op.offerId,
            ownerId: op.ownerId,
            runnerId: 'R',
            side: op.side,
            priceHundredths: op.priceHundredths,
            stakePaise: op.stakePaise,
            persistence: 'keep',
          }
        : { type: 'cancel', seq: i + 1, timeMs: i, offerId: op.offerId, ownerId: op.ownerId },
  );
}

type PeerOp = { cancel: string } | { limit: LimitOrderOptions };

/** Back at P = sell at P (it takes buys at P or higher); lay at P = buy at P. Same ids and sizes. */
function peerCommands(ops: Op[]): PeerOp[] {
  return ops.map((op) =>
    op.kind === 'cancel'
      ? { cancel: op.offerId }
      : {
          limit: {
            id: op.offerId,
            side: op.side === 'back' ? PeerSide.SELL : PeerSide.BUY,
            size: op.stakePaise,
            price: op.priceHundredths,
          },
        },
  );
}

function runOurs(commands: ExchangeCommand[]): { ms: number; fills: number } {
  const market = createExchangeMarket({ marketId: 'bench', runnerIds: ['R'] });
  let fills = 0;
  const start = process.hrtime.bigint();
  for (const command of commands) {
    const events = applyCommand(market, command);
    for (const event of events) if (event.type === 'filled') fills++;
  }
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, fills };
}

function runPeer(commands: PeerOp[]): { ms: number; fills: number } {
  const book = new OrderBook();
  let fills = 0;
  const start = process.hrtime.bigint();
  for (const command of commands) {
    if ('cancel' in command) book.cancel(command.cancel);
    else fills += book.limit(command.limit).done.length;
  }
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, fills };
}

/** Per-command latency, each command timed on its own. The timer's own cost is measured and reported. */
function latencies(
  run: (i: number) => void,
  count: number,
): { p50: number; p99: number; p999: number; timerNs: number } {
  const samples = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const t0 = process.hrtime.bigint();
    run(i);
    samples[i] = Number(process.hrtime.bigint() - t0);
  }
  const empty = new Float64Array(100_000);
  for (let i = 0; i < empty.length; i++) {
    const t0 = process.hrtime.bigint();
    empty[i] = Number(process.hrtime.bigint() - t0);
  }
  samples.sort();
  empty.sort();
  const at = (a: Float64Array, q: number) => a[Math.min(a.length - 1, Math.floor(a.length * q))] as number;
  return { p50: at(samples, 0.5), p99: at(samples, 0.99), p999: at(samples, 0.999), timerNs: at(empty, 0.5) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const ops = workload(OPERATIONS, SEED);
const ours = ourCommands(ops);
const peer = peerCommands(ops);

// Warm both engines up (JIT) on a separate workload before timing.
runOurs(ourCommands(workload(50_000, SEED + 1)));
runPeer(peerCommands(workload(50_000, SEED + 1)));

const ourMs: number[] = [];
const peerMs: number[] = [];
let ourFills = 0;
let peerFills = 0;
for (let round = 0; round < ROUNDS; round++) {
  // Alternate the order so neither engine always runs on a colder heap.
  const a = round % 2 === 0 ? runOurs(ours) : null;
  const b = runPeer(peer);
  const c = a ?? runOurs(ours);
  ourMs.push(c.ms);
  peerMs.push(b.ms);
  ourFills = c.fills;
  peerFills = b.fills;
}

const market = createExchangeMarket({ marketId: 'latency', runnerIds: ['R'] });
const ourLatency = latencies((i) => applyCommand(market, ours[i] as ExchangeCommand), ours.length);
const peerBook = new OrderBook();
const peerLatency = latencies((i) => {
  const command = peer[i] as PeerOp;
  if ('cancel' in command) peerBook.cancel(command.cancel);
  else peerBook.limit(command.limit);
}, peer.length);

const ourOpsPerSecond = OPERATIONS / (median(ourMs) / 1000);
const peerOpsPerSecond = OPERATIONS / (median(peerMs) / 1000);
const counts = ops.reduce((c, op) => ({ ...c, [op.kind]: (c[op.kind] ?? 0) + 1 }), {} as Record<string, number>);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

console.log(
  `\nExchange engine benchmark — ${fmt(OPERATIONS)} commands (${fmt(counts.place ?? 0)} places, ${fmt(counts.cancel ?? 0)} cancels), seed ${SEED}, cancel share ${CANCEL_SHARE}, Node ${process.version}`,
);
console.log(
  `Median of ${ROUNDS} rounds after warm-up. Fills: ours ${fmt(ourFills)}, peer ${fmt(peerFills)} (ours never self-matches; the peer has no owners).\n`,
);
console.table([
  {
    engine: '@khel/exchange',
    'ops/s': fmt(ourOpsPerSecond),
    'median ms': median(ourMs).toFixed(1),
    'p50 ns': fmt(ourLatency.p50),
    'p99 ns': fmt(ourLatency.p99),
    'p99.9 ns': fmt(ourLatency.p999),
  },
  {
    engine: 'nodejs-order-book',
    'ops/s': fmt(peerOpsPerSecond),
    'median ms': median(peerMs).toFixed(1),
    'p50 ns': fmt(peerLatency.p50),
    'p99 ns': fmt(peerLatency.p99),
    'p99.9 ns': fmt(peerLatency.p999),
  },
]);
console.log(`\nRatio ours / peer: ${(ourOpsPerSecond / peerOpsPerSecond).toFixed(2)}× (target ≥ 5×)`);
console.log(
  `Latencies are per command, each timed alone; they include the timer's own ≈${fmt(ourLatency.timerNs)} ns.\n`,
);
