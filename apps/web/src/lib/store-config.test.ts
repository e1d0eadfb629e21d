import { DEFAULT_STORE_CONFIG, STORE_CONFIG_ELEMENT_ID } from '@bindery/shared';
import { describe, expect, test } from 'vitest';
import { readStoreConfig } from './store-config';

function documentWith(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('test');
  if (content !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = STORE_CONFIG_ELEMENT_ID;
    script.textContent = content;
    doc.head.append(script);
  }
  return doc;
}

describe('readStoreConfig', () => {
  test('reads the config the server embedded', () => {
    const config = {
      storeName: 'Paper Trail',
      mainSiteUrl: 'https://paper.example',
      maxDigitalFileMb: 50,
      productNotes: ['Printed on request'],
      supportEmail: 'help@paper.example',
      currency: 'EUR',
      locale: 'de-DE',
    };
    expect(readStoreConfig(documentWith(JSON.stringify(config)))).toEqual(config);
  });

  test('an empty list of notes stays empty (the owner hid them); a config without notes has the four', () => {
    const config = { storeName: 'a', mainSiteUrl: '/', maxDigitalFileMb: 5 };
    expect(
      readStoreConfig(documentWith(JSON.stringify({ ...config, productNotes: [] }))).productNotes,
    ).toEqual([]);
    expect(readStoreConfig(documentWith(JSON.stringify(config)))).toEqual({
      ...config,
      productNotes: DEFAULT_STORE_CONFIG.productNotes,
      supportEmail: '',
      currency: 'USD',
      locale: 'en-US',
    });
  });

  test('keeps only the fields it knows', () => {
    const config = {
      storeName: 'Paper Trail',
      mainSiteUrl: '/',
      maxDigitalFileMb: 5,
      productNotes: [],
      supportEmail: '',
      currency: 'JPY',
      locale: 'ja-JP',
    };
    const embedded = JSON.stringify({ ...config, secret: 'not for the page' });
    expect(readStoreConfig(documentWith(embedded))).toEqual(config);
  });

  test.each([
    ['there is no config element', null],
    ['the JSON is broken', '{"storeName":'],
    ['a field is missing', '{"storeName":"Paper Trail"}'],
    [
      'the file limit is not a whole number',
      '{"storeName":"a","mainSiteUrl":"/","maxDigitalFileMb":1.5}',
    ],
    ['the file limit is zero', '{"storeName":"a","mainSiteUrl":"/","maxDigitalFileMb":0}'],
    ['the name is not text', '{"storeName":7,"mainSiteUrl":"/","maxDigitalFileMb":5}'],
    ['the JSON is not an object', '"Paper Trail"'],
  ])('falls back to the defaults when %s', (_, content) => {
    expect(readStoreConfig(documentWith(content))).toEqual(DEFAULT_STORE_CONFIG);
  });
});
