import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { testDb } from '../../test/build-test-app.js';
import { pdfLines } from '../../test/pdf-text.js';
import { multiPagePdf } from '../../test/sample-pdfs.js';
import { stampPdfFile } from './stamp-pdf.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'stamp-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// No database: once, in the SQLite project.
test.skipIf(testDb === 'postgres')(
  'an address beyond WinAnsi (Polish, Cyrillic) is written whole on every page',
  async () => {
    const input = path.join(dir, 'in.pdf');
    const output = path.join(dir, 'out.pdf');
    writeFileSync(input, await multiPagePdf({ pages: 2, rotated: [1] }));
    const line = 'Licensed to łucja.жук@example.com · Order #7';
    expect(await stampPdfFile(input, output, line)).toEqual({ ok: true });
    expect(pdfLines(readFileSync(output)).filter((row) => row === line)).toHaveLength(2);
  },
);
