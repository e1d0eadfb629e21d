import { documentTitle, pageTitleOf, type User } from '@bindery/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../lib/html.js';
import type { PageQueries } from '../lib/page-rendering.js';
import type { loadRoutePreloads } from './route-preloads.js';
import type { PageSender } from './sent-pages.js';

/** The store's pages live under this path. */
export const STORE_PREFIX = '/store';

/** The signed-in user as a page may show them: the contract's fields, nothing of the session. */
export function userOf(request: FastifyRequest): User | null {
  const user = request.sessionUser;
  return user ? { _id: user._id, name: user.name, email: user.email, role: user.role } : null;
}

/**
 * A page the app draws (everything but the rendered public pages): index.html, plus who is
 * signed in when the request's session is valid, so the app shows a signed-in page without
 * first asking /api/auth/me, and links preloading the page's own scripts, so they arrive with
 * the app's instead of after it, and the data the page starts with where the server has it
 * (the admin dashboard's list: decision 033), so it is drawn without a round trip after the
 * scripts. A signed-in visitor's page is made for them and never kept; the others are the same
 * for everyone and kept per page.
 */
export function createAppPageSender(options: {
  /** index.html as the settings make it now: its title, the store's name, the settings' version. */
  index: () => { title: string; storeName: string; version: number };
  preloads: ReturnType<typeof loadRoutePreloads>;
  sendIndex: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  sendPage: PageSender;
  /** The queries a signed-in visitor's page starts with; none without it. */
  queries?: (route: string, search: string, user: User) => Promise<PageQueries>;
}) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const user = userOf(request);
    const query = request.url.indexOf('?');
    const route = (query === -1 ? request.url : request.url.slice(0, query)).slice(
      STORE_PREFIX.length,
    );
    const search = query === -1 ? '' : request.url.slice(query);
    const preload = options.preloads.get(route);
    // A signed-out visitor to a signed-in page is sent to sign in: its scripts would be wasted.
    const hints = preload && (user || !preload.signedIn) ? preload.links : undefined;
    if (!user && !hints) return options.sendIndex(request, reply);
    const { title, storeName, version } = options.index();
    // The page's own title, as the app will set it, so the tab does not change as it starts.
    const page = pageTitleOf(route);
    const head = page ? `<title>${escapeHtml(documentTitle(page, storeName))}</title>` : title;
    const queries = user && options.queries ? await options.queries(route, search, user) : [];
    return options.sendPage(request, reply, {
      status: 200,
      // Kept under the settings' version: a save retires the pages made with the old ones.
      shareKey: user ? undefined : `app page ${route}\n${version}`,
      content: () => ({
        head,
        hints,
        app: user ? { html: '', data: { queries, user } } : undefined,
      }),
    });
  };
}
