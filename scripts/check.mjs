// `npm run check`: the static steps (scripts/static-checks.mjs: the format check, ESLint, the import cycles and
// every `tsc`) and `npm test` (the build, then every test) side by side. One after another, the machine was
// about a quarter idle for the static steps' last 15 s (ESLint alone), the build and the tests' first
// seconds (their global setups); side by side, the tests fill those gaps (docs/testing.md, 1 December).
// The static steps' lines are printed when they end, in the tests' output, and their verdict again after
// the tests'; the check fails if either fails.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

function run(command, args, capture) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ ok: code === 0, output: output || (signal ? `${signal}\n` : '') }));
  });
}

const staticSteps = run(process.execPath, [join(root, 'scripts/static-checks.mjs')], true).then((result) => {
  process.stdout.write(`\nstatic checks:\n${result.output}\n`);
  return result;
});
const tests = run('npm', ['test'], false);
const [checks, tested] = await Promise.all([staticSteps, tests]);
if (!checks.ok) console.log('\nthe static checks FAILED (their output is above, after "static checks:")');
process.exit(checks.ok && tested.ok ? 0 : 1);
