/**
 * Whether an `If-None-Match` header names `etag`: compared weakly (a `W/` prefix on either side
 * is ignored), as RFC 9110 asks for GET and HEAD; `*` names any current version.
 */
export function holdsVersion(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const wanted = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === wanted);
}
