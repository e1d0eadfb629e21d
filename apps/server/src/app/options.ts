import type { DatabaseHandle } from '../db/client.js';
import type { LogStream } from '../lib/access-log.js';
import type { PageRenderer } from '../features/storefront/index.js';

export interface AppOptions {
  /** An already open database (tests pass their own); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** The clock of orders, checkout and downloads (tests move it across expiry boundaries). */
  clock?: () => number;
  /** Renders the public pages instead of the web build's renderer (tests). */
  pageRenderer?: PageRenderer;
  /** Addresses per sitemap file (tests page a small catalogue); 50,000 otherwise. */
  sitemapUrlsPerFile?: number;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
}
