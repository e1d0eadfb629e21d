import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { isMissing } from '../../lib/durable-files.js';

/**
 * Where `target` really is, symbolic links followed: the real path of its nearest existing
 * ancestor with the rest appended, since a backup's directory may not exist yet.
 */
export async function realPathOf(target: string): Promise<string> {
  const missing: string[] = [];
  let current = path.resolve(target);
  for (;;) {
    try {
      return path.join(await realpath(current), ...missing.reverse());
    } catch (error) {
      if (!isMissing(error)) throw error;
      const parent = path.dirname(current);
      if (parent === current) return path.resolve(target);
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

/**
 * True when `child` is `parent` or lies under it once both are real paths: a symbolic link
 * (`/tmp/link-to-data/today`) must not lead a backup into the data directory it copies.
 */
export async function isInsideReally(child: string, parent: string): Promise<boolean> {
  const relative = path.relative(await realPathOf(parent), await realPathOf(child));
  return (
    relative === '' ||
    (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}
