import { defineConfig } from 'vitest/config';

// The property tests run thousands of cases: under a full parallel run on 2 cores they take more than vitest's default 5 s.
export default defineConfig({ test: { name: 'exchange', include: ['src/**/*.test.ts'], testTimeout: 60_000 } });
