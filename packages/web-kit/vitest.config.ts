import { defineConfig } from 'vitest/config';

// JSX is compiled from tsconfig's "jsx": "react-jsx"; the kit needs no React plugin (no fast refresh).
export default defineConfig({
  test: {
    name: 'web-kit',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
