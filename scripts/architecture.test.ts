/**
 * docs/architecture.md's table "Packages and who may import whom" must say what the workspaces'
 * package.json files declare (issue 16): a new dependency between our packages fails here until the
 * page says it too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

function declaredImports(): Map<string, string[]> {
  const workspaces = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] })
    .workspaces;
  return new Map(
    workspaces.map((workspace) => {
      const manifest = JSON.parse(readFileSync(join(ROOT, workspace, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      const ours = Object.keys(manifest.dependencies ?? {})
        .filter((name) => name.startsWith('@khel/'))
        .map((name) => name.slice('@khel/'.length));
      return [workspace, ours.sort()];
    }),
  );
}

function documentedImports(): Map<string, string[]> {
  const page = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const section = page.slice(page.indexOf('## Packages and who may import whom'));
  const rows = section.split('\n').filter((line) => /^\| `/.test(line));
  const table = new Map<string, string[]>();
  for (const row of rows) {
    const cells = row.split('|').map((cell) => cell.trim());
    const imports = cells.at(-2) ?? '';
    const allowed =
      imports === 'nothing of ours'
        ? []
        : imports
            .split(',')
            .map((name) => name.trim())
            .sort();
    for (const [, workspace] of (cells[1] ?? '').matchAll(/`([^`]+)`/g)) table.set(workspace as string, allowed);
  }
  return table;
}

describe('docs/architecture.md', () => {
  it('lists every workspace with exactly the packages of ours it depends on', () => {
    expect(Object.fromEntries(documentedImports())).toEqual(Object.fromEntries(declaredImports()));
  });
});
