import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'house-casino', environment: 'jsdom', include: ['src/**/*.test.ts'] } });
