import { open, type FileHandle } from 'node:fs/promises';

/** Writes all of `data`: one write call may take only part of it. */
export async function writeAll(handle: FileHandle, data: Uint8Array) {
  let offset = 0;
  while (offset < data.byteLength) {
    const { bytesWritten } = await handle.write(data, offset, data.byteLength - offset);
    offset += bytesWritten;
  }
}

/**
 * After a file is created or renamed, the directory entry itself must reach the disk for the
 * file to survive a power cut.
 */
export async function syncDirectory(dir: string) {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Some platforms cannot fsync a directory; a rename is still atomic there.
  } finally {
    await handle?.close();
  }
}

/** True for "no such file", also when a folder on the way is a file. */
export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
