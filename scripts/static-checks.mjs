// `npm run check`'s steps before the tests, as many at once as the machine has cores: Biome's format check,
// ESLint, the import-cycle check and `tsc -p` over every workspace, e2e and scripts. Each is
// single-threaded; one after another (as `format:check && typecheck && lint` ran them) left a core idle
// for the two longest. Prints each step's time, and the whole output of each that fails; exits 1 if any
// does. `node scripts/static-checks.mjs typecheck` runs the `tsc` steps only (`npm run typecheck`).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// Each tool's own entry, run with this Node (the packages' `exports` do not list their bin files).
const resolveBin = (name) => join(root, 'node_modules', name);

// The type checks run TypeScript 7's native compiler (the `typescript-native` alias of `typescript@7`): the
// same checks in about a sixth of the CPU of 5.9's (docs/testing.md, "TypeScript 7 for the type checks").
// `typescript` stays at 5.9 for what uses its JavaScript API (typescript-eslint's parser).
const tsc = resolveBin('typescript-native/bin/tsc');
// The apps first: they take longest, so the short packages fill in around them.
const typechecks = [...workspaces, 'e2e', 'scripts']
  .sort((a, b) => (a.startsWith('apps/') ? 0 : 1) - (b.startsWith('apps/') ? 0 : 1))
  .map((project) => ({ name: `tsc ${project}`, args: [tsc, '-p', project] }));
// The longest single step (ESLint, about 58 s in CI) starts first. The format check is Biome's (about 1 s for the
// tree; Prettier's took 38 s of a core in CI, decision 0085), run through its package's own launcher.
const others = [
  { name: 'eslint', args: [resolveBin('eslint/bin/eslint.js'), '.', '--max-warnings', '0'] },
  { name: 'biome format', args: [resolveBin('@biomejs/biome/bin/biome'), 'format', '--max-diagnostics=50'] },
  { name: 'import cycles', args: [join(root, 'scripts/import-cycles.mjs')] },
];
const steps = process.argv[2] === 'typecheck' ? typechecks : [...others.slice(0, 2), ...typechecks, others[2]];

function run({ name, args }) {
  const startMs = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - startMs) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${name.padEnd(30)} ${seconds.padStart(6)} s`);
      resolve({ name, ok: code === 0, output });
    });
  });
}

const startMs = performance.now();
const queue = [...steps];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    for (let step = queue.shift(); step !== undefined; step = queue.shift()) results.push(await run(step));
  }),
);
console.log(`${steps.length} steps in ${((performance.now() - startMs) / 1000).toFixed(1)} s`);
const failed = results.filter((result) => !result.ok);
for (const { name, output } of failed) console.log(`\n${name}:\n${output}`);
process.exit(failed.length > 0 ? 1 : 0);
