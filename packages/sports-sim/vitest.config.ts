import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'sports-sim', include: ['src/**/*.test.ts'], testTimeout: 120_000 } });
