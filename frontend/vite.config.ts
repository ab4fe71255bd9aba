import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiServer = 'http://127.0.0.1:5000';

export default defineConfig({
  plugins: [react()],
  server: {
    // With trailing slashes, so that the page /api_reference is not sent to the API.
    proxy: {
      '/api/': apiServer,
      '/.well-known/': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: which chunks each entry and route needs (the bundle-size test reads it).
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Whole-app renders load route chunks on first use; two cores shared with the API suites make
    // that take seconds, so a test gets room enough and still fails on a real hang.
    testTimeout: 30_000,
  },
});
