import { describe, expect, test } from 'vitest';
import { describeDigitalFile, formatFileSize } from './digital-file';

describe('digital file description', () => {
  test.each([
    [0, '0 B'],
    [840, '840 B'],
    [1024, '1 KB'],
    [12_800, '13 KB'],
    [1_258_291, '1.2 MB'],
    [52_428_800, '50 MB'],
    [3_221_225_472, '3 GB'],
  ])('%i bytes read as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  test('names the format and the size, as a buyer reads them', () => {
    expect(describeDigitalFile({ format: 'epub', size: 1_258_291 })).toBe('EPUB · 1.2 MB');
  });
});
