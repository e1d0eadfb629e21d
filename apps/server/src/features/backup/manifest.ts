import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BackupError } from './backup-error.js';
import { writeFileDurably } from './data-files.js';

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'bindery-backup';
export const MANIFEST_VERSION = 1;

const UploadRefSchema = z.object({
  id: z.string(),
  kind: z.enum(['file', 'image']),
  format: z.string(),
  productId: z.string().nullable(),
});

/** An upload the database names, and where its object is kept: `private/…` or `public/…`. */
export type UploadRef = z.infer<typeof UploadRefSchema>;

const ManifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['sqlite', 'postgres']),
    /** The file in the backup that holds it. */
    file: z.enum(['bindery.db', 'database.dump']),
    /** How the snapshot was taken, in words. */
    method: z.string(),
    serverVersion: z.string().optional(),
  }),
  /** Rows per table in the snapshot. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  files: z.discriminatedUnion('storage', [
    z.object({
      storage: z.literal('local'),
      count: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
    }),
    z.object({ storage: z.literal('bucket') }),
  ]),
  /** Uploads the snapshot names whose object was not in the data directory to copy. */
  missingUploads: z.array(UploadRefSchema.extend({ path: z.string() })),
  /** Whether the data directory's secret.key is in the backup. */
  secretKey: z.boolean(),
});

export type Manifest = z.infer<typeof ManifestSchema>;

export async function writeManifest(dir: string, manifest: Manifest) {
  await writeFileDurably(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The manifest of a backup directory; refuses a directory that is not a finished backup. */
export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new BackupError(`${dir} is not a Bindery backup: it has no ${MANIFEST_FILE}.`);
    }
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupError(`${dir} is not a Bindery backup: its ${MANIFEST_FILE} is not JSON.`);
  }
  const manifest = ManifestSchema.safeParse(parsed);
  if (!manifest.success) {
    throw new BackupError(
      `${dir} is not a Bindery backup this version can restore: its ${MANIFEST_FILE} is not a ` +
        `${MANIFEST_FORMAT} manifest of version ${MANIFEST_VERSION}.`,
    );
  }
  return manifest.data;
}
