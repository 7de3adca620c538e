import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'casino-games', include: ['src/**/*.test.ts'], testTimeout: 120_000 } });
