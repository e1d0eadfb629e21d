import { existsSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, test } from 'vitest';
import { ROUTE_MODULES } from '../../build-tools/route-preloads';
import { routes } from './browser-routes';

// The build's table of what each page preloads must follow the router, or a page loses its
// preloads without anyone noticing.
describe('the pages whose scripts the server preloads', () => {
  test.each(Object.entries(ROUTE_MODULES))('%s is a page of the router', (route) => {
    const matched = matchRoutes(routes, route);
    expect(matched?.at(-1)?.route.path).toBe(route.slice(1));
  });

  test.each(Object.values(ROUTE_MODULES).flatMap(({ modules }) => modules))(
    '%s exists',
    (module) => {
      expect(existsSync(path.join(__dirname, '../..', module))).toBe(true);
    },
  );
});
