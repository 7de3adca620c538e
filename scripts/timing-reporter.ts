/**
 * A Vitest reporter that writes each test file's project and wall time (from the moment Vitest starts
 * importing it to its end, hooks and imports included) to .test-timings.json, and each project's span
 * (first file started to last file ended), for scripts/test-summary.mjs to print at the end of the run:
 * so that the next slow file or project shows in every run's output.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface TestTimings {
  files: { project: string; file: string; ms: number; startMs: number; endMs: number }[];
}

export default class TimingReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly files: TestTimings['files'] = [];
  private readonly origin = performance.now();

  onTestModuleQueued(module: TestModule): void {
    this.started.set(this.key(module), performance.now() - this.origin);
  }

  onTestModuleEnd(module: TestModule): void {
    const endMs = performance.now() - this.origin;
    const startMs = this.started.get(this.key(module)) ?? endMs - module.diagnostic().duration;
    this.files.push({
      project: module.project.name,
      file: module.relativeModuleId,
      ms: Math.round(endMs - startMs),
      startMs: Math.round(startMs),
      endMs: Math.round(endMs),
    });
  }

  onTestRunEnd(): void {
    const timings: TestTimings = { files: this.files };
    writeFileSync(join(import.meta.dirname, '..', '.test-timings.json'), JSON.stringify(timings, null, 1));
  }

  private key(module: TestModule): string {
    return `${module.project.name}\u0000${module.moduleId}`;
  }
}
