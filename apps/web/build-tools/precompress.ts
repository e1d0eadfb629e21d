import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; images and fonts here are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|webmanifest)$/;

/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // The manifest (.vite/) is read at build time only and never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `file.br` and `file.gz` next to a file, each only if it is smaller than the file. */
async function compressFile(file: string): Promise<void> {
  const bytes = await readFile(file);
  const variants = [
    [
      '.br',
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    ],
    ['.gz', gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION })],
  ] as const;
  for (const [extension, compressed] of variants) {
    if (compressed.length < bytes.length) await writeFile(file + extension, compressed);
  }
}

/**
 * Brotli and gzip copies of the built scripts and styles, made once at build time at the highest
 * quality, so the server sends them without compressing anything per request. index.html is left
 * out: the server fills in the store's settings and compresses it once when it starts.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bindery:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        await compressFile(file);
      }
    },
  };
}
