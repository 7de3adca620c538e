import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'cricket-feed', include: ['src/**/*.test.ts'], testTimeout: 60_000 } });
