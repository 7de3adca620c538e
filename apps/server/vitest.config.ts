import { defineConfig } from 'vitest/config';

// Each test file builds its own app on its own fresh database (see test/test-app.ts), so files run in parallel.
// Those databases are copies of a template migrated once (test/template-database.ts), built before the files start.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for a condition: a budget long enough for a loaded machine, never a timing threshold.
    expect: { poll: { timeout: 20_000 } },
    pool: 'forks',
    // One worker imports the server's module graph (and compiles PGlite's WASM) once, then runs its files one
    // after another in that process; each file still builds its own app on its own database (decision 0073).
    isolate: false,
    globalSetup: ['./test/global-setup.ts'],
  },
});
