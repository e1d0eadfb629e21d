import type { Plugin } from 'vite';

/**
 * The pages opened directly that fetch their script when first shown (app/router.tsx's lazy
 * pages): by path under the store, the modules each imports lazily, and whether only a
 * signed-in visitor gets to it (a signed-out one is sent to sign in, so their chunks would be
 * fetched for nothing). Pages built with MUI load its theme beside themselves, and some their
 * first data's module (lazyPage's `mui` and `prefetch`), listed first: the browser asks for
 * the preloads in order, on a few connections.
 */
export const ROUTE_MODULES: Record<string, { modules: string[]; signedIn: boolean }> = {
  '/login': { modules: ['src/features/auth/components/login-page.tsx'], signedIn: false },
  '/login/admin': { modules: ['src/features/auth/components/login-page.tsx'], signedIn: false },
  '/forgot-password': {
    modules: ['src/features/auth/components/forgot-password-page.tsx', 'src/ui/mui-theme.tsx'],
    signedIn: false,
  },
  '/reset-password': {
    modules: ['src/features/auth/components/reset-password-page.tsx', 'src/ui/mui-theme.tsx'],
    signedIn: false,
  },
  '/my-orders': {
    modules: [
      'src/features/orders/api/prefetch-my-orders.ts',
      'src/features/orders/components/my-orders-page.tsx',
      'src/ui/mui-theme.tsx',
    ],
    signedIn: true,
  },
  '/account': {
    modules: ['src/features/account/components/account-page.tsx', 'src/ui/mui-theme.tsx'],
    signedIn: true,
  },
  '/success': {
    modules: ['src/features/checkout/components/payment-success-page.tsx', 'src/ui/mui-theme.tsx'],
    signedIn: true,
  },
  '/cancel': {
    modules: ['src/features/checkout/components/payment-canceled-page.tsx', 'src/ui/mui-theme.tsx'],
    signedIn: true,
  },
  '/dashboard': {
    modules: [
      'src/features/admin-products/api/prefetch-product-list.ts',
      'src/features/admin-products/components/products-dashboard-page.tsx',
      'src/ui/mui-theme.tsx',
    ],
    signedIn: true,
  },
  '/orders': {
    modules: ['src/features/admin-orders/components/admin-orders-page.tsx', 'src/ui/mui-theme.tsx'],
    signedIn: true,
  },
  '/sales': {
    modules: ['src/features/sales/components/sales-page.tsx', 'src/ui/mui-theme.tsx'],
    signedIn: true,
  },
  '/discounts': {
    modules: ['src/features/discounts/components/discounts-page.tsx', 'src/ui/mui-theme.tsx'],
    signedIn: true,
  },
  '/email': {
    modules: ['src/features/admin-mail/components/outbox-page.tsx', 'src/ui/mui-theme.tsx'],
    signedIn: true,
  },
  '/settings': {
    modules: ['src/features/admin-settings/components/settings-page.tsx', 'src/ui/mui-theme.tsx'],
    signedIn: true,
  },
};

/** Where the build writes the pages' preloads, under dist/. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** What `route-preloads.json` holds for a page: the addresses to preload, as the page uses them. */
export interface RoutePreload {
  signedIn: boolean;
  scripts: string[];
  styles: string[];
}

/** The parts of a built chunk this plugin reads (Rollup's and Rolldown's output chunks agree). */
interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** A chunk and every chunk it imports statically, and through them. */
function withStaticImports(start: string[], chunks: Map<string, BuiltChunk>): Set<string> {
  const found = new Set<string>();
  const visit = (fileName: string) => {
    if (found.has(fileName)) return;
    found.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  start.forEach(visit);
  return found;
}

/**
 * Writes `.vite/route-preloads.json` (read by the server, never served, like the manifest): for each page in ROUTE_MODULES, the chunks
 * (and their styles) its lazy imports will fetch, beyond what index.html loads already. The
 * server puts them in the page's HTML as preload links, so they arrive with the app's script
 * instead of one after another once it runs.
 */
export function routePreloads(): Plugin {
  let base = '/';
  return {
    name: 'bindery-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, BuiltChunk>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output as unknown as BuiltChunk);
      }
      const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
      const loadedFirst = withStaticImports(
        entries.map((chunk) => chunk.fileName),
        chunks,
      );
      const chunkOf = (module: string) => {
        const chunk = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(`/${module}`));
        if (!chunk) throw new Error(`route-preloads: no chunk for ${module}`);
        return chunk.fileName;
      };
      const routes: Record<string, RoutePreload> = {};
      for (const [route, { modules, signedIn }] of Object.entries(ROUTE_MODULES)) {
        const files = [...withStaticImports(modules.map(chunkOf), chunks)].filter(
          (file) => !loadedFirst.has(file),
        );
        const styles = new Set(
          files.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]),
        );
        routes[route] = {
          signedIn,
          scripts: files.map((file) => base + file),
          styles: [...styles].map((file) => base + file),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify({ routes }, null, 2)}\n`,
      });
    },
  };
}
