import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The API server serves the built app from the same origin; in development Vite proxies to it so the
// browser still sees one origin (no CORS, same cookies and storage as production).
const apiTarget = process.env.KHEL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    // Installable and resilient (ADR 0024): Workbox precaches the app shell and the static assets. The
    // manifest is not generated here: the server renders it from the operator's branding
    // (/manifest.webmanifest). Nothing under /api or /ws is ever cached: those answers carry money.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/ws/,
          /^\/backoffice/,
          /^\/house-casino/,
          // The built-in Hub88 simulator's game pages open in the game frame: another party's pages on our origin.
          /^\/hub88-sim\//,
          /^\/metrics$/,
          /^\/manifest\.webmanifest$/,
        ],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Phones on slow networks: keep the first load small and let route pages arrive on demand.
    target: 'es2022',
    sourcemap: false,
    // The server reads it to preload the requested route's page chunk with the entry (ADR 0024).
    manifest: true,
    rolldownOptions: {
      output: {
        // The libraries every screen needs travel as one chunk: one request, and gzip compresses them
        // better together than in the pieces the automatic splitting makes (ADR 0024).
        advancedChunks: {
          groups: [
            // With them, the shell's own helpers every page imports, rather than as several tiny chunks.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|@tanstack)[\\/]|apps[\\/]web[\\/]src[\\/]lib[\\/](api-client|toast|storage|navigation|boot-data)\.ts$|packages[\\/]web-kit[\\/]src[\\/](create-store|storage|idempotency|api-error|api-transport|toast-stack)\.ts$/,
            },
            // The kit's helpers that only pages use travel as one chunk: the entry names every shared chunk in
            // its preload list, and those bytes count against the first load (ADR 0024).
            { name: 'kit', test: /packages[\\/]web-kit[\\/]src[\\/](use-idempotency-key|write-answer)\.ts$/ },
          ],
        },
      },
      // The contract package only declares schemas and constants; marking it free of side effects lets
      // the bundler drop the schemas this app never uses (the back office's, for one).
      treeshake: { moduleSideEffects: (id: string) => !/packages[\\/]contract[\\/]/.test(id) },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/manifest.webmanifest': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
});
