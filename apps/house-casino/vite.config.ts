import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Served by the API server at /house-casino/ (same origin as the player app, opened in its game frame).
// @khel/casino-games hashes server seeds with node:crypto; in the browser a small SHA-256 stands in.
export default defineConfig({
  base: '/house-casino/',
  build: { outDir: 'dist' },
  resolve: { alias: { 'node:crypto': fileURLToPath(new URL('./src/lib/node-crypto-shim.ts', import.meta.url)) } },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/ws': { target: 'ws://127.0.0.1:3000', ws: true } } },
});
