// No import cycles, type imports included (issue 30). ESLint's import-x/no-cycle checks the runtime
// graph and skips `import type` by design; a cycle of types is still a knot a reader has to untie, so
// this check follows every import, resolved exactly as TypeScript resolves it for each workspace.
// Run by `npm run lint`; prints each cycle's files and exits 1 when there is one.
import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const projects = [...workspaces, 'e2e', 'scripts'].map((dir) => join(root, dir, 'tsconfig.json'));

/** Every file of every project, with the repository files it imports (values and types). */
const graph = new Map();
for (const project of projects) {
  const { config } = ts.readConfigFile(project, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(project));
  const host = ts.createCompilerHost(parsed.options);
  for (const file of parsed.fileNames) {
    const imports = new Set(graph.get(file) ?? []);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = ts.resolveModuleName(fileName, file, parsed.options, host).resolvedModule?.resolvedFileName;
      if (target === undefined) continue;
      const real = realpathSync(target);
      if (real.startsWith(root) && !real.includes('/node_modules/')) imports.add(real);
    }
    graph.set(realpathSync(file), [...imports]);
  }
}

// Tarjan's strongly connected components: each one larger than a file is a cycle.
let next = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function visit(file) {
  index.set(file, next);
  low.set(file, next);
  next += 1;
  stack.push(file);
  onStack.add(file);
  for (const target of graph.get(file) ?? []) {
    if (!index.has(target)) {
      visit(target);
      low.set(file, Math.min(low.get(file), low.get(target)));
    } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
  }
  if (low.get(file) !== index.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component);
}
for (const file of graph.keys()) if (!index.has(file)) visit(file);

for (const cycle of cycles) {
  console.error(`Import cycle of ${cycle.length} files (types included):`);
  for (const file of cycle.sort()) console.error(`  ${relative(root, file)}`);
}
if (cycles.length > 0) process.exit(1);
console.log(`No import cycles in ${graph.size} files.`);
