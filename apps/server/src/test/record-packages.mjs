// Loaded with `--import` into a store under test: writes the address of every module the store
// resolves from node_modules to the file PACKAGES_LOG names, one a line, so a test can tell which
// libraries a store at rest has loaded.
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (resolved.url.includes('/node_modules/')) appendFileSync(process.env.PACKAGES_LOG, resolved.url + '\\n');
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
