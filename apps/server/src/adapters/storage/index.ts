import type { Config } from '../../config.js';
import { createLocalStorage } from './local.js';
import type { Storage } from './storage.js';

/** The storage the configuration names; the rest of the app sees only the interface. */
export async function createStorage(config: Pick<Config, 'storage' | 'dataDir'>): Promise<Storage> {
  if (config.storage.kind === 'local') return createLocalStorage(config.dataDir);
  // Loaded only for a bucket: a store on the local disk never loads the AWS SDK.
  const { createS3Storage } = await import('./s3.js');
  return createS3Storage(config.storage);
}
