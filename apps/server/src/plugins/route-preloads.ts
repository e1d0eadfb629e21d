import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../lib/html.js';

/** Written by the web build (apps/web/build-tools/route-preloads.ts), never served. */
const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');

interface RoutePreload {
  signedIn: boolean;
  scripts: string[];
  styles: string[];
}

/** A page's preload links, and whether only a signed-in visitor needs them. */
export interface PagePreloads {
  signedIn: boolean;
  links: string;
}

function isRoutePreload(value: unknown): value is RoutePreload {
  if (typeof value !== 'object' || value === null) return false;
  const { signedIn, scripts, styles } = value as Record<string, unknown>;
  const isList = (list: unknown) =>
    Array.isArray(list) && list.every((item) => typeof item === 'string');
  return typeof signedIn === 'boolean' && isList(scripts) && isList(styles);
}

/** The tags that fetch a page's lazy chunks while the app's own script loads. */
function linksOf({ scripts, styles }: RoutePreload): string {
  return [
    ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    ...styles.map((href) => `<link rel="preload" as="style" href="${escapeHtml(href)}">`),
  ].join('\n    ');
}

/**
 * The pages' preloads from the web build, by path under the store (`/my-orders`); an empty
 * table when the build wrote none (an older build, or a test's stand-in app).
 */
export function loadRoutePreloads(webDistDir: string): Map<string, PagePreloads> {
  const file = path.join(webDistDir, ROUTE_PRELOADS_FILE);
  const table = new Map<string, PagePreloads>();
  if (!existsSync(file)) return table;
  const { routes } = JSON.parse(readFileSync(file, 'utf8')) as { routes?: unknown };
  if (typeof routes !== 'object' || routes === null) return table;
  for (const [route, preload] of Object.entries(routes)) {
    if (isRoutePreload(preload)) {
      table.set(route, { signedIn: preload.signedIn, links: linksOf(preload) });
    }
  }
  return table;
}
