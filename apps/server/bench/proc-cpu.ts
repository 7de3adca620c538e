// CPU time of processes from Linux /proc, for benches on a shared machine: CPU per answer moves far
// less than throughput when other work shares the cores. Clock ticks are 100 Hz (10 ms).
import { readFileSync } from 'node:fs';
import type pg from 'pg';

const TICK_MS = 10;

/** The process's user + system CPU so far, in ms (null when /proc has no such process). */
export function cpuMsOf(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** CPU ms so far of every PostgreSQL backend now connected to `database`, by pid. */
export async function backendCpuMs(client: pg.Client, database: string): Promise<Map<number, number>> {
  const pids = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
  const out = new Map<number, number>();
  for (const { pid } of pids.rows) {
    const ms = cpuMsOf(pid);
    if (ms !== null) out.set(pid, ms);
  }
  return out;
}

/** CPU ms the backends used between two samples (a backend that appeared in between counts from 0). */
export function backendCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}
