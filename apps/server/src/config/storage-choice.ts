import path from 'node:path';
import { ConfigError } from './config-error.js';
import type { StorageVars } from './env-schema.js';
import type { DatabaseConfig, StorageConfig } from './types.js';

/** PostgreSQL when DATABASE_URL is set; SQLite in the data directory without it. */
export function databaseConfigOf(url: string | undefined, dataDir: string): DatabaseConfig {
  return url
    ? { kind: 'postgres', url }
    : { kind: 'sqlite', filename: path.join(dataDir, 'bindery.db') };
}

/**
 * The bucket S3_BUCKET names, with its settings; the local disk without it. Bucket settings
 * without a bucket are refused rather than ignored: files would land on the disk unnoticed.
 */
export function storageOf(vars: StorageVars): StorageConfig {
  const keyId = vars.S3_ACCESS_KEY_ID;
  const secret = vars.S3_SECRET_ACCESS_KEY;
  if ((keyId === undefined) !== (secret === undefined)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither']);
  }
  if (!vars.S3_BUCKET) {
    const stray = [
      vars.S3_ENDPOINT && 'S3_ENDPOINT',
      vars.S3_REGION && 'S3_REGION',
      keyId && 'S3_ACCESS_KEY_ID',
      secret && 'S3_SECRET_ACCESS_KEY',
      vars.S3_FORCE_PATH_STYLE && 'S3_FORCE_PATH_STYLE',
      vars.S3_DOWNLOADS === 'stream' && 'S3_DOWNLOADS',
    ].filter(Boolean);
    if (stray.length > 0) {
      throw new ConfigError([
        `S3_BUCKET: set it to store files in a bucket (${stray.join(', ')} given)`,
      ]);
    }
    return { kind: 'local' };
  }
  return {
    kind: 's3',
    bucket: vars.S3_BUCKET,
    ...(vars.S3_ENDPOINT ? { endpoint: vars.S3_ENDPOINT } : {}),
    region: vars.S3_REGION ?? 'us-east-1',
    ...(keyId && secret ? { credentials: { accessKeyId: keyId, secretAccessKey: secret } } : {}),
    forcePathStyle: vars.S3_FORCE_PATH_STYLE,
    downloads: vars.S3_DOWNLOADS,
  };
}
