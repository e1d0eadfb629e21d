import type { FileChanges } from '@bindery/shared';
import type { SavedFile } from '../catalog/index.js';

/** Same bytes: the hashes when both sides know them, otherwise the same stored upload. */
function sameContent(a: SavedFile, b: SavedFile): boolean {
  if (a.sha256 && b.sha256) return a.sha256 === b.sha256;
  return a.publicId === b.publicId;
}

/**
 * What a save did to a product's files, by name: a file of the same id (or, failing that, the
 * same name) with other content is changed; the rest are added or removed. Renames and new
 * order alone are no change to what buyers receive.
 */
export function fileChanges(
  before: readonly SavedFile[],
  after: readonly SavedFile[],
): FileChanges {
  const unmatched = [...before];
  const changes: FileChanges = { added: [], changed: [], removed: [] };
  const take = (predicate: (file: SavedFile) => boolean) => {
    const index = unmatched.findIndex(predicate);
    return index === -1 ? undefined : unmatched.splice(index, 1)[0];
  };
  const pending: SavedFile[] = [];
  for (const file of after) {
    const previous = take((old) => old.id === file.id);
    if (previous) {
      if (!sameContent(previous, file)) changes.changed.push(file.name);
    } else pending.push(file);
  }
  for (const file of pending) {
    const previous = take((old) => old.name === file.name);
    if (!previous) changes.added.push(file.name);
    else if (!sameContent(previous, file)) changes.changed.push(file.name);
  }
  changes.removed.push(...unmatched.map((file) => file.name));
  return changes;
}

export const hasChanges = (changes: FileChanges): boolean =>
  changes.added.length + changes.changed.length + changes.removed.length > 0;
