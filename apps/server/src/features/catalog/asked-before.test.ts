import { describe, expect, test } from 'vitest';
import { testDb } from '../../test/build-test-app.js';
import { createAskedBefore } from './asked-before.js';

describe.skipIf(testDb === 'postgres')('asked before', () => {
  test('a key is asked before from its second ask on; other keys are not', () => {
    const askedBefore = createAskedBefore();
    expect(askedBefore('search:ebook:1:12')).toBe(false);
    expect(askedBefore('search:ebook:1:12')).toBe(true);
    expect(askedBefore('search:ebook:1:12')).toBe(true);
    expect(askedBefore('search:ebook:2:12')).toBe(false);
    expect(askedBefore('search:e-book:1:12')).toBe(false);
    expect(askedBefore('')).toBe(false);
    expect(askedBefore('')).toBe(true);
  });

  test('a key whose slot a newer key took is new again', () => {
    // One slot: every new key takes it.
    const askedBefore = createAskedBefore(1);
    expect(askedBefore('search:ebook:1:12')).toBe(false);
    expect(askedBefore('search:ebook:1:12')).toBe(true);
    expect(askedBefore('search:pdf:1:12')).toBe(false);
    expect(askedBefore('search:ebook:1:12')).toBe(false);
    expect(askedBefore('search:ebook:1:12')).toBe(true);
  });

  test('hundreds of distinct keys are each new once, and nearly all remembered', () => {
    const askedBefore = createAskedBefore();
    const keys = Array.from({ length: 500 }, (_, index) => `search:word${index}:1:12`);
    expect(keys.filter((key) => askedBefore(key))).toEqual([]);
    // Two keys could share a slot (each then asked anew); these 500 take 500 slots.
    expect(keys.filter((key) => askedBefore(key))).toEqual(keys);
  });

  test('the table size must be a power of two', () => {
    expect(() => createAskedBefore(1000)).toThrow('slots must be a power of two');
  });
});
