import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server serves this build at /backoffice/ on its own port; in development Vite proxies /api
// to it so the browser still sees one origin (same storage, no CORS).
const apiTarget = process.env.KHEL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    port: 5174,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
