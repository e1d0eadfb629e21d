import type { Product, ProductList, StoreSettings, User } from '@bindery/shared';

// The contract between the web build's server renderer, the storefront that fills pages and
// the web-app plugin that sends them; here so the plugin needs nothing from a feature.

/** The app's markup for a page and the data it was made from (the web build's renderer). */
export interface RenderedApp {
  html: string;
  data: unknown;
}

/** Queries a page starts with, by the app's query keys: `[key, data]`. */
export type PageQueries = Array<[unknown[], unknown]>;

/** The catalogue query behind the admin dashboard's first list, and the app's key for it. */
export interface DashboardPlace {
  query: { page: number; limit: number; sort?: string; order?: 'asc' | 'desc' };
  key: unknown[];
}

/** The web build's server renderer (apps/web/src/entry-server.tsx), when the store has one. */
export interface PageRenderer {
  cataloguePlace(search: string): { page: number; search: string; limit: number };
  /** The dashboard's first list at an address; null when the page asks for it itself. */
  dashboardPlace?(search: string): DashboardPlace | null;
  renderProductPage(url: string, product: Product, user: User | null): RenderedApp;
  renderProductNotFound(url: string, id: string, user: User | null): RenderedApp;
  renderCataloguePage(url: string, list: ProductList, user: User | null): RenderedApp;
}

/**
 * The owner's settings as pages are made with them now, and the version they were saved at: a
 * page kept for the next visitor is kept under it, so a save retires every such page.
 */
export type CurrentSettings = () => StoreSettings & { version: number };

/** A page's head, and the app already rendered in it when there is a renderer. */
export interface PageContent {
  head: string;
  /** Links for the end of the head (preloads of the page's scripts). */
  hints?: string;
  app?: RenderedApp;
}

/** A page as the server sends it. */
export interface PageAnswer {
  status: 200 | 404;
  /**
   * The same for every visitor with this key while the catalogue's answer behind it is
   * unchanged (it names that answer's version): the sent page may be kept under it. None for a
   * signed-in visitor's page, which carries their name.
   */
  shareKey?: string;
  /** Made only when the page is not kept already. */
  content: () => PageContent;
}
