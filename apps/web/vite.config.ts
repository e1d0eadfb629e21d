import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  base: '/store/',
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // Libraries change less often than the app, so they get their own long-lived chunks.
        // MUI X stays out of the eager chunk: the admin area that uses it is loaded on demand.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            { name: 'mui', test: /node_modules[\\/](@mui[\\/](?!x-)|@emotion[\\/])/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Screens render MUI in jsdom, which takes seconds on a busy two-core machine.
    testTimeout: 20_000,
  },
});
