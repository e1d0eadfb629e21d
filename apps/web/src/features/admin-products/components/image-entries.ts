/**
 * The product's images in the form, in their order (the first is the cover): images the product
 * already has, by URL, and files chosen now, uploaded when the form is saved.
 */
export type ImageEntry =
  | { kind: 'current'; key: string; url: string; position: number }
  | { kind: 'new'; key: string; file: File };

let nextKey = 0;

/** The product's images as the list starts when editing. */
export function currentImageEntries(urls: readonly string[]): ImageEntry[] {
  return urls.map((url, index) => ({ kind: 'current', key: url, url, position: index + 1 }));
}

export function newImageEntries(files: readonly File[]): ImageEntry[] {
  return files.map((file) => ({ kind: 'new', key: `new-${(nextKey += 1)}`, file }));
}

/** How an image is named to the admin and to screen readers: its file name, or its place. */
export function imageEntryName(entry: ImageEntry): string {
  return entry.kind === 'new' ? entry.file.name : `current image ${entry.position}`;
}

/** The list with the entry at `from` moved to `to`. */
export function moveImageEntry(entries: readonly ImageEntry[], from: number, to: number) {
  const moved = [...entries];
  const [entry] = moved.splice(from, 1);
  if (entry) moved.splice(to, 0, entry);
  return moved;
}

/** The files still to upload, in list order. */
export const chosenFiles = (entries: readonly ImageEntry[]): File[] =>
  entries.flatMap((entry) => (entry.kind === 'new' ? [entry.file] : []));

/** True when the list is the product's images, unchanged and in the same order. */
export function isUnchangedImageList(entries: readonly ImageEntry[], urls: readonly string[]) {
  return (
    entries.length === urls.length &&
    entries.every((entry, index) => entry.kind === 'current' && entry.url === urls[index])
  );
}

/** The URLs to save, in list order: `uploaded` holds the new files' URLs, in the same order. */
export function imageUrlsInOrder(entries: readonly ImageEntry[], uploaded: readonly string[]) {
  let next = 0;
  return entries.map((entry) => (entry.kind === 'current' ? entry.url : (uploaded[next++] ?? '')));
}
