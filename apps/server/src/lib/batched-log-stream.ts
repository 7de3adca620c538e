/** Where the lines go: process.stdout by default (a file or a pipe: Node writes those synchronously). */
export interface LineSink {
  write(text: string): unknown;
}

/** Every open stream's flush, run once when the process exits (one listener for all of them). */
const openStreams = new Set<() => void>();
let exitListening = false;

/**
 * The logger's destination: lines are gathered and written together, at most `holdMs` after the first
 * of them or as soon as `maxBytes` are waiting, instead of one write system call per line (decision
 * 0029). Under load an access line per request cost more in its write than everything else a cached
 * API call does; gathered, thousands of lines cost one write. What is pending is written synchronously
 * when the process exits (process.exit, an uncaught error) or the app closes, so a crash's last lines
 * are not lost; only a kill -9 loses at most `holdMs` of lines.
 */
export function createBatchedLogStream(
  sink: LineSink = process.stdout,
  options: { holdMs?: number; maxBytes?: number } = {},
) {
  const holdMs = options.holdMs ?? 25;
  const maxBytes = options.maxBytes ?? 64 * 1024;
  let pending: string[] = [];
  let pendingBytes = 0;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (pending.length === 0) return;
    const text = pending.length === 1 ? (pending[0] as string) : pending.join('');
    pending = [];
    pendingBytes = 0;
    sink.write(text);
  };
  openStreams.add(flush);
  if (!exitListening) {
    exitListening = true;
    process.once('exit', () => {
      for (const pendingFlush of openStreams) pendingFlush();
    });
  }
  return {
    write(line: string): void {
      pending.push(line);
      pendingBytes += line.length;
      if (pendingBytes >= maxBytes) flush();
      else if (timer === null) {
        timer = setTimeout(flush, holdMs);
        timer.unref();
      }
    },
    flush,
    /** Writes what is pending and stops listening for the process's exit (the app closed). */
    close(): void {
      flush();
      openStreams.delete(flush);
    },
  };
}
