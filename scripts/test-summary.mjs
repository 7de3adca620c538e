// Prints where the run's time went (per project, then the slowest files, from scripts/timing-reporter.ts), the
// statement cover's verdict (scripts/statement-cover-reporter.ts) and, last, the plain closing line CI reads
// ("N passed, N failed", alone on its line, nothing before it) from Vitest's JSON report.
import { existsSync, readFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const report = JSON.parse(readFileSync(new URL('.test-report.json', root), 'utf8'));
const timingsFile = new URL('.test-timings.json', root);
if (existsSync(timingsFile)) printTimings(JSON.parse(readFileSync(timingsFile, 'utf8')).files);
// The statement cover of the server's two database projects (scripts/statement-cover-reporter.ts), said again
// here because Vitest's output above is long; a failure there has already failed the run.
const coverFile = new URL('.test-statements/check.json', root);
const cover = existsSync(coverFile) ? JSON.parse(readFileSync(coverFile, 'utf8')) : undefined;
if (cover?.checked) console.log(`${cover.message}\n`);

const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`,
);
process.exit(report.numFailedTests > 0 || report.numTotalTests === 0 || cover?.ok === false ? 1 : 0);

/** Per project: files, the sum of their times, and its span (first start to last end); then the 15 slowest files. */
function printTimings(files) {
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
  const projects = new Map();
  for (const file of files) {
    const project = projects.get(file.project) ?? { files: 0, sumMs: 0, startMs: Infinity, endMs: 0 };
    project.files += 1;
    project.sumMs += file.ms;
    project.startMs = Math.min(project.startMs, file.startMs);
    project.endMs = Math.max(project.endMs, file.endMs);
    projects.set(file.project, project);
  }
  const wallMs = Math.max(0, ...files.map((file) => file.endMs)) - Math.min(...files.map((file) => file.startMs));
  console.log(`\ntime per project (sum of its files' times; span from its first file's start to its last's end):`);
  for (const [name, project] of [...projects].sort((a, b) => b[1].sumMs - a[1].sumMs)) {
    const span = project.endMs - project.startMs;
    console.log(
      `  ${name.padEnd(16)} ${String(project.files).padStart(4)} files ${seconds(project.sumMs)} ${seconds(span)}`,
    );
  }
  console.log(
    `  ${'all'.padEnd(16)} ${String(files.length).padStart(4)} files ${seconds(files.reduce((s, f) => s + f.ms, 0))} ${seconds(wallMs)}`,
  );
  console.log('slowest files:');
  for (const file of [...files].sort((a, b) => b.ms - a.ms).slice(0, 15))
    console.log(`  ${seconds(file.ms)}  ${file.project.padEnd(16)} ${file.file}`);
  console.log('');
}
