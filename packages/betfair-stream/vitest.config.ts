import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'betfair-stream', include: ['src/**/*.test.ts'], testTimeout: 60_000 } });
