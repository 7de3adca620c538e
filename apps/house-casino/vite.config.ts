import { defineConfig } from 'vite';

// Served by the API server at /house-casino/ (same origin as the player app, opened in its game frame).
export default defineConfig({
  base: '/house-casino/',
  build: { outDir: 'dist' },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/ws': { target: 'ws://127.0.0.1:3000', ws: true } } },
});
