// Lint rules double as the architecture's fence: who may import what is checked here (ENGINEERING.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ourPackages = [
  '@khel/money',
  '@khel/contract',
  '@khel/exchange',
  '@khel/casino-games',
  '@khel/sports-sim',
  '@khel/betfair-stream',
  '@khel/cricket-feed',
  '@khel/web-kit',
  '@khel/server',
  '@khel/web',
  '@khel/backoffice',
  '@khel/house-casino',
];

/** Forbid every workspace package except the allowed ones. */
function onlyPackages(allowed) {
  return ourPackages
    .filter((name) => !allowed.includes(name))
    .map((name) => ({ name, message: `This layer may not import ${name} (see ENGINEERING.md).` }));
}

/** A feature never imports another feature (bulletproof-react): one zone per feature folder. */
function featureZones(app) {
  const dir = `apps/${app}/src/features`;
  if (!existsSync(dir)) return [];
  const features = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return features.map((feature) => ({
    target: `./${dir}/${feature}`,
    from: `./${dir}`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature; lift the shared part into components/ or lib/.',
  }));
}

/** A string that is an SQL statement, written lowercase as ours are (esquery regex: no slash in it). */
const SQL_TEXT = String.raw`/^\s*(select\s[\s\S]*\sfrom\s|insert\s+into\s|update\s+\w+\s+set\s|delete\s+from\s|with\s+(recursive\s+)?\w+(\(\w+\))?\s+as\s)/`;
const SQL_MESSAGE = "SQL lives in the module's *-repository.ts (ENGINEERING.md); call the repository.";

/**
 * A folder of a server module that has an index.ts is entered only through it: from outside the folder an
 * import names the folder's index, never a file behind it (the seams of modules/sports, issue 30).
 */
const folderEntry = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { past: 'Import {{folder}} through its index.ts, not a file behind it.' },
  },
  create(context) {
    const modules = resolve('apps/server/src/modules');
    const importer = context.filename;
    const entries = new Map();
    const hasIndex = (dir) => {
      if (!entries.has(dir)) entries.set(dir, existsSync(join(dir, 'index.ts')));
      return entries.get(dir);
    };
    function check(source) {
      if (source === null || source === undefined || typeof source.value !== 'string' || !source.value.startsWith('.'))
        return;
      const target = resolve(dirname(importer), source.value).replace(/\.js$/, '.ts');
      for (let dir = dirname(target); dir.startsWith(modules + sep); dir = dirname(dir)) {
        const inside = !relative(dir, importer).startsWith('..');
        if (!inside && hasIndex(dir) && target !== join(dir, 'index.ts')) {
          context.report({ node: source, messageId: 'past', data: { folder: relative(modules, dir) } });
          return;
        }
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/coverage/**', '.e2e-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      // Our TypeScript imports name the emitted file (`./x.js`): the resolver maps it back to the source, so
      // the path rules below really follow the server's and the packages' imports (issue 30).
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
        }),
      ],
    },
    rules: {
      // No import-x/no-cycle here: scripts/import-cycles.mjs (npm run lint, the check) finds the cycles among the
      // TypeScript projects' files, those of types too, in 2 s; the rule cost ESLint 8 of its 58 CPU-s
      // (docs/testing.md). It stays for the plain JavaScript files (below), which no tsconfig holds.
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['packages/money/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: onlyPackages([]) }] },
  },
  {
    // The Betfair stream cache: pure, and imports nothing of ours.
    files: ['packages/betfair-stream/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: onlyPackages([]) }] },
  },
  {
    // Real cricket into the simulator's state: pure, and of ours only the simulator (and its money).
    files: ['packages/cricket-feed/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: onlyPackages(['@khel/money', '@khel/sports-sim']) }] },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: onlyPackages(['@khel/money']) }] },
  },
  {
    // Pure packages: no I/O, and of ours only money.
    files: ['packages/exchange/src/**/*.ts', 'packages/casino-games/src/**/*.ts', 'packages/sports-sim/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: onlyPackages(['@khel/money']) }] },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: onlyPackages([
            '@khel/money',
            '@khel/contract',
            '@khel/exchange',
            '@khel/casino-games',
            '@khel/sports-sim',
            '@khel/betfair-stream',
            '@khel/cricket-feed',
          ]),
          patterns: [
            {
              group: ['../*/*-repository', '../*/*-repository.js'],
              message: 'One module uses another only through its service.',
            },
            {
              group: ['../*/*-routes', '../*/*-routes.js'],
              message: 'Routes are wired in app.ts, not imported by other modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    plugins: { khel: { rules: { 'folder-entry': folderEntry } } },
    rules: { 'khel/folder-entry': 'error' },
  },
  {
    // Inside a module: routes → service → repository. Routes never reach the database directly.
    files: ['apps/server/src/modules/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: onlyPackages([
            '@khel/money',
            '@khel/contract',
            '@khel/exchange',
            '@khel/casino-games',
            '@khel/sports-sim',
            '@khel/betfair-stream',
            '@khel/cricket-feed',
          ]),
          patterns: [
            {
              group: ['./*-repository', './*-repository.js', '../*/*-repository', '../../db/*'],
              message: 'Routes call services; only repositories touch the database.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only the db layer and repositories may hold a database driver.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value='pg']", message: 'Only src/db touches the database driver.' },
        {
          selector: "ImportDeclaration[source.value='@electric-sql/pglite']",
          message: 'Only src/db touches the database driver.',
        },
      ],
    },
  },
  {
    // SQL only in repositories (issue 30): a module's other files call its repository, with no exemption left
    // (decision 0048; the agents' rates moved with decision 0054, the casino wallet's statements to
    // casino-wallet-{reads,settle}-repository.ts).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      'apps/server/src/modules/**/*.test.ts',
      'apps/server/src/modules/**/*-test-support.ts',
      'apps/server/src/modules/**/*-repository.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value='pg']", message: 'Only src/db touches the database driver.' },
        {
          selector: "ImportDeclaration[source.value='@electric-sql/pglite']",
          message: 'Only src/db touches the database driver.',
        },
        { selector: `Literal[value=${SQL_TEXT}]`, message: SQL_MESSAGE },
        { selector: `TemplateElement[value.raw=${SQL_TEXT}]`, message: SQL_MESSAGE },
      ],
    },
  },
  {
    // The house provider's own pages: its game maths, never the exchange or the player app.
    files: ['apps/house-casino/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { paths: onlyPackages(['@khel/money', '@khel/casino-games']) }] },
  },
  {
    // The scripts and configs in plain JavaScript: no tsconfig holds them, so scripts/import-cycles.mjs does not see them.
    files: ['**/*.{js,mjs,cjs}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The browser kit both React apps share: React hooks rules, and of ours only the contract's types.
    files: ['packages/web-kit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: onlyPackages(['@khel/contract']) }],
    },
  },
  ...['web', 'backoffice'].map((app) => ({
    files: [`apps/${app}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The exchange engine stays on the server; only its positions entry (the bet slip's preview, decision 0022) may be imported.
      'no-restricted-imports': [
        'error',
        {
          paths: onlyPackages(['@khel/money', '@khel/contract', '@khel/web-kit']),
          patterns: [
            {
              group: ['@khel/exchange/*', '!@khel/exchange/positions'],
              message: 'Only @khel/exchange/positions may be imported by an app (see decision 0022).',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: featureZones(app) }],
    },
  })),
);
