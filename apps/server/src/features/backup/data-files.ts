import { chmod, mkdir, open, readdir, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { DigitalFormat, ImageFormat } from '@bindery/shared';
import { isMissing, syncDirectory, writeAll } from '../../lib/durable-files.js';
import { fileKey, IMAGE_EXTENSIONS, imagePrefix } from '../uploads/index.js';
import type { UploadRef } from './manifest.js';

/** The local storage's areas (adapters/storage/local.ts); `tmp` holds only unfinished uploads. */
export const STORAGE_AREAS = ['public', 'private'] as const;
export const SECRET_FILE = 'secret.key';

/** Everything a backup or a restored data directory holds is its owner's alone. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export interface FileTally {
  count: number;
  bytes: number;
}

/** Where an upload's object sits under a data directory: the digital file, or the image's original. */
export function uploadObjectPath(upload: Pick<UploadRef, 'id' | 'kind' | 'format'>): string {
  return upload.kind === 'file'
    ? path.join('private', fileKey({ id: upload.id, format: upload.format as DigitalFormat }))
    : path.join(
        'public',
        `${imagePrefix(upload.id)}original.${IMAGE_EXTENSIONS[upload.format as ImageFormat]}`,
      );
}

/**
 * Copies every file under `from` to the same place under `to`, by streaming, each written
 * privately and synced to disk. A file that disappears on the way (an upload deleted meanwhile)
 * is skipped; a missing `from` copies nothing.
 */
export async function copyTree(
  from: string,
  to: string,
  signal?: AbortSignal,
  tally: FileTally = { count: 0, bytes: 0 },
): Promise<FileTally> {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return tally;
    throw error;
  }
  await makePrivateDir(to);
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    signal?.throwIfAborted();
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await copyTree(source, target, signal, tally);
    } else if (entry.isFile()) {
      const bytes = await copyFileDurably(source, target, signal);
      if (bytes !== undefined) {
        tally.count += 1;
        tally.bytes += bytes;
      }
    }
  }
  await syncDirectory(to);
  return tally;
}

/** Bytes copied, or undefined when the source does not exist (any more). */
export async function copyFileDurably(
  source: string,
  target: string,
  signal?: AbortSignal,
): Promise<number | undefined> {
  let input: FileHandle;
  try {
    input = await open(source, 'r');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  try {
    await makePrivateDir(path.dirname(target));
    const output = await open(target, 'wx', PRIVATE_FILE_MODE);
    let bytes = 0;
    try {
      for await (const chunk of input.createReadStream({
        autoClose: false,
        highWaterMark: 1024 * 1024,
      })) {
        signal?.throwIfAborted();
        await writeAll(output, chunk as Buffer);
        bytes += (chunk as Buffer).length;
      }
      await output.sync();
    } finally {
      await output.close();
    }
    return bytes;
  } finally {
    await input.close();
  }
}

/** Writes a new file (never over an existing one), privately, and syncs it to disk. */
export async function writeFileDurably(file: string, data: string | Uint8Array) {
  const handle = await open(file, 'wx', PRIVATE_FILE_MODE);
  try {
    await writeAll(handle, typeof data === 'string' ? Buffer.from(data) : data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Creates the directory (and its parents) if needed, and makes it its owner's alone. */
export async function makePrivateDir(dir: string) {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

/** The first file (anything but a directory) under `dir`, relative to it; undefined if none. */
export async function findAnyFile(dir: string, relative = ''): Promise<string | undefined> {
  let entries;
  try {
    entries = await readdir(path.join(dir, relative), { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const child = path.join(relative, entry.name);
    if (!entry.isDirectory()) return child;
    const found = await findAnyFile(dir, child);
    if (found) return found;
  }
  return undefined;
}

/** Files and bytes under `dir`. */
export async function tallyFiles(dir: string): Promise<FileTally> {
  const tally: FileTally = { count: 0, bytes: 0 };
  const walk = async (current: string) => {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const child = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) {
        tally.count += 1;
        tally.bytes += (await stat(child)).size;
      }
    }
  };
  await walk(dir);
  return tally;
}

export async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}
