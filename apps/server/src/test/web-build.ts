import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export const WEB_BUILD_SCRIPT = `console.log(${JSON.stringify('a built script '.repeat(200))});`;
export const WEB_BUILD_ASSET = '/store/assets/index-abc123.js';

/** A built web app as Vite and its precompress step lay it out: each script with .br and .gz. */
export function writeWebBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bindery-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Bindery</title>' +
      '<script type="application/json" id="bindery-config">{"storeName":"Bindery","mainSiteUrl":"/"}</script>' +
      `<script type="module" src="${WEB_BUILD_ASSET}"></script></head><body><div id="root"></div></body></html>`,
  );
  const script = path.join(dir, 'assets', 'index-abc123.js');
  writeFileSync(script, WEB_BUILD_SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(WEB_BUILD_SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(WEB_BUILD_SCRIPT));
  return dir;
}
