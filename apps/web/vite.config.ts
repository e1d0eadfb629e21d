import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build-tools/precompress.ts';
import { routePreloads } from './build-tools/route-preloads.ts';

// `vite build` makes the browser's app in dist/; `vite build --ssr src/entry-server.tsx` the
// server's renderer of the public pages in dist-ssr/ (decision 020), without compressed copies.
export default defineConfig(({ isSsrBuild }) => ({
  base: '/store/',
  plugins: isSsrBuild ? [react()] : [react(), routePreloads(), precompress()],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        // Lists every chunk and the chunks it imports, for measuring what a page loads.
        manifest: true,
        rolldownOptions: {
          output: {
            // React and the router change less often than the app, so they get a long-lived
            // chunk. MUI (with emotion) is one chunk and MUI X's grid another: split per
            // component they made a signed-in page fetch about 40 files over the browser's six
            // connections, and it showed its content 130 to 200 ms later (decision 032). The
            // catalogue, product page and sign-in use neither; the grid stays out of the buyer's
            // pages. Everything else splits along the pages' lazy imports.
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
                },
                {
                  name: 'mui',
                  test: /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming|core-downloads-tracker)|@emotion|@popperjs|react-transition-group|stylis|clsx|prop-types|react-is|hoist-non-react-statics)[\\/]/,
                },
                {
                  name: 'mui-x',
                  test: /node_modules[\\/](@mui[\\/]x-(data-grid|internals|license)|reselect|use-sync-external-store)[\\/]/,
                },
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
    // One worker per core, up to four (vitest leaves one core free): decision 024.
    maxWorkers: Math.min(os.availableParallelism(), 4),
    // The files of a worker share one module registry rather than each loading React, MUI and
    // the screens again: half the suite's CPU time (decision 044). What a file changes at module
    // level is put back after each test (src/test/setup.ts); a module double is one file in
    // __mocks__, the same for every test file.
    isolate: false,
  },
}));
