// Issue 30's contention case: a money path measured quiet, then with a busy process pinned to one core beside it
// (`taskset`, util-linux), as another program on a small machine would be, then quiet again. BENCH_CONTENTION=1
// turns it on in the casino wallet, ledger and bets (realistic flow) benches; each prints the three rows and the
// busy run against the mean of the quiet ones. Quiet, busy, quiet: the first run pays the warm-up (the JIT, the
// first batches) and every run meets bigger tables than the one before, so a busy run measured only after a quiet
// one was flattered by the first and handicapped by the second (docs/benchmarks.md, 1 December).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

export const CONTENTION = process.env.BENCH_CONTENTION === '1';

/** Runs `work` while a process spins on one core (the machine's last), and stops that process after. */
export async function withBusyCore<T>(work: () => Promise<T>): Promise<T> {
  const core = Math.max(0, availableParallelism() - 1);
  const busy = spawn('taskset', ['-c', String(core), process.execPath, '-e', 'for (;;) {}'], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    busy.once('spawn', resolve);
    busy.once('error', reject);
  });
  try {
    return await work();
  } finally {
    busy.kill('SIGKILL');
  }
}

type Run = { rate: number; p99: number };

/**
 * "busy ÷ quiet" for a throughput and a tail, the busy run against the mean of the quiet runs before and after it,
 * with issue 30's bounds (at least half the throughput, p99 at most 4×).
 */
export function contentionLine(before: Run, busy: Run, after: Run): string {
  const quiet = { rate: (before.rate + after.rate) / 2, p99: (before.p99 + after.p99) / 2 };
  if (quiet.rate <= 0 || quiet.p99 <= 0) return 'busy core ÷ quiet: n/a (nothing measured quiet)';
  const rate = busy.rate / quiet.rate;
  const tail = busy.p99 / quiet.p99;
  return `busy core ÷ quiet: throughput ${rate.toFixed(2)}× (bound ≥ 0.5: ${rate >= 0.5 ? 'met' : 'missed'}), p99 ${tail.toFixed(2)}× (bound ≤ 4: ${tail <= 4 ? 'met' : 'missed'})`;
}
