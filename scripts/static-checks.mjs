// `npm run typecheck`: `tsc -p` over every workspace, e2e and scripts, as many at once as the machine has
// cores (tsc is single-threaded; one after another left a core idle). Prints each project's time, and the
// compiler's output of each that fails; exits 1 if any does.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// The apps first: they take longest, so the short packages fill in around them.
const projects = [...workspaces, 'e2e', 'scripts'].sort((a, b) => rank(a) - rank(b));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function rank(project) {
  return project.startsWith('apps/') ? 0 : 1;
}

function check(project) {
  const startMs = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - startMs) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${project.padEnd(24)} ${seconds.padStart(6)} s`);
      resolve({ project, ok: code === 0, output });
    });
  });
}

const queue = [...projects];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    for (let project = queue.shift(); project !== undefined; project = queue.shift())
      results.push(await check(project));
  }),
);
const failed = results.filter((result) => !result.ok);
for (const { project, output } of failed) console.log(`\n${project}:\n${output}`);
process.exit(failed.length > 0 ? 1 : 0);
