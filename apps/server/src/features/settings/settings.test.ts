import { rmSync } from 'node:fs';
import {
  AuthMessages,
  DEFAULT_PRODUCT_NOTES,
  ErrorCode,
  SettingsMessages,
  type Product,
  type StoreConfig,
  type StoreSettings,
  type UpdateStoreSettingsBody,
} from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { buyProduct } from '../../test/purchase.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { writeWebBuild } from '../../test/web-build.js';
import type { PageRenderer } from '../storefront/index.js';

// The renderer says how often it was asked: a page served from the kept ones is not rendered.
let renders = 0;
const renderer: PageRenderer = {
  cataloguePlace: () => ({ page: 1, search: '', limit: 10 }),
  renderProductPage: (_url, product, user) => {
    renders += 1;
    return { html: `<h1>${product.title}</h1>`, data: { queries: [], user } };
  },
  renderProductNotFound: (_url, _id, user) => ({ html: '', data: { queries: [], user } }),
  renderCataloguePage: (_url, _list, user) => {
    renders += 1;
    return { html: '<ul></ul>', data: { queries: [], user } };
  },
};

let t: TestApp;
let dist: string;
let inbox: SmtpInbox;
let admin: string;

beforeEach(async () => {
  dist = writeWebBuild();
  inbox = await startSmtpInbox();
  renders = 0;
  t = await buildTestApp(
    {
      webDistDir: dist,
      storeName: 'Paper Lantern',
      supportEmail: 'help@lantern.example',
      mail: { smtpUrl: inbox.url, from: 'shop@example.com' },
    },
    { pageRenderer: renderer },
  );
  admin = (await signInAsAdmin(t.app)).cookie;
});
afterEach(async () => {
  await t.close();
  await inbox.close();
  rmSync(dist, { recursive: true, force: true });
});

// The invoice settings (issue 26) as a store without SELLER_* and INVOICE_PREFIX has them.
const INVOICE_DEFAULTS = {
  sellerName: '',
  sellerAddress: '',
  sellerTaxId: '',
  invoicePrefix: 'INV-',
};

const NEW_SETTINGS: UpdateStoreSettingsBody = {
  storeName: 'Ink & Thread',
  supportEmail: 'care@ink.example',
  productNotes: ['Instant delivery: Yours right after payment.', 'Printed on request'],
};

const getSettings = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: cookie ? { cookie } : {} });
const putSettings = (payload: unknown, cookie: string | null = admin) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const page = (url: string) => t.app.inject({ method: 'GET', url });

/** The config block a page carries for the web app. */
function storeConfigIn(html: string): StoreConfig {
  const json = /id="bindery-config">(.*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no config block');
  return JSON.parse(json) as StoreConfig;
}
const titleIn = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];

describe('who may read and change the settings', () => {
  test('signed out answers 401 and a buyer 403, with the API’s messages', async () => {
    const buyer = await signUpAndSignIn(t.app);
    for (const response of [await getSettings(), await putSettings(NEW_SETTINGS, null)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: AuthMessages.notSignedIn,
        code: ErrorCode.unauthorized,
      });
    }
    for (const response of [
      await getSettings(buyer.cookie),
      await putSettings(NEW_SETTINGS, buyer.cookie),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: AuthMessages.notAllowed,
        code: ErrorCode.forbidden,
      });
    }
    expect((await getSettings(admin)).json<StoreSettings>().storeName).toBe('Paper Lantern');
  });
});

describe('the settings in the database', () => {
  test('the first read takes the environment’s name and email and the four notes, and keeps them', async () => {
    const response = await getSettings(admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      storeName: 'Paper Lantern',
      supportEmail: 'help@lantern.example',
      productNotes: [...DEFAULT_PRODUCT_NOTES],
      ...INVOICE_DEFAULTS,
    });
    const row = await t.database.db
      .selectFrom('storeSettings')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings)).toEqual(response.json());
  });

  test('a save is answered trimmed, read back, and outlives the instance’s copy', async () => {
    const saved = await putSettings({
      storeName: '  Ink & Thread ',
      supportEmail: ' care@ink.example ',
      productNotes: [' Instant delivery: Yours right after payment. ', 'Printed on request'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...NEW_SETTINGS, ...INVOICE_DEFAULTS });
    expect((await getSettings(admin)).json()).toEqual({ ...NEW_SETTINGS, ...INVOICE_DEFAULTS });
    const row = await t.database.db
      .selectFrom('storeSettings')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings)).toEqual({ ...NEW_SETTINGS, ...INVOICE_DEFAULTS });
    expect(Number(row.version)).toBe(2);
  });

  test('an empty support email and an empty list of notes are allowed', async () => {
    const body = { storeName: 'Bare', supportEmail: '', productNotes: [] };
    const response = await putSettings(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...body, ...INVOICE_DEFAULTS });
  });

  test('a document saved before a setting existed reads that setting as its default', async () => {
    await getSettings(admin);
    await t.database.db
      .updateTable('storeSettings')
      .set((eb) => ({
        settings: JSON.stringify({ storeName: 'Older Store' }),
        version: eb('version', '+', 1),
      }))
      .execute();
    await t.app.settings.checkForChanges();
    expect((await getSettings(admin)).json()).toEqual({
      storeName: 'Older Store',
      supportEmail: 'help@lantern.example',
      productNotes: [...DEFAULT_PRODUCT_NOTES],
      ...INVOICE_DEFAULTS,
    });
  });
});

describe('what a save refuses, field by field', () => {
  const refused = async (changes: Record<string, unknown>, field: string, message: string) => {
    const response = await putSettings({ ...NEW_SETTINGS, ...changes });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message,
      code: ErrorCode.validation,
      errors: { [field]: [message] },
    });
  };

  test('store name: required, at most 80 characters after trimming, no control characters', async () => {
    await refused({ storeName: '   ' }, 'storeName', SettingsMessages.storeNameRequired);
    await refused({ storeName: 'x'.repeat(81) }, 'storeName', SettingsMessages.storeNameTooLong);
    await refused(
      { storeName: 'Two\nlines' },
      'storeName',
      SettingsMessages.storeNameControlCharacters,
    );
    await refused({ storeName: undefined }, 'storeName', SettingsMessages.storeNameRequired);
    expect(
      (await putSettings({ ...NEW_SETTINGS, storeName: ` ${'x'.repeat(80)} ` })).statusCode,
    ).toBe(200);
  });

  test('support email: an address or empty', async () => {
    await refused(
      { supportEmail: 'not an email' },
      'supportEmail',
      SettingsMessages.supportEmailInvalid,
    );
    await refused({ supportEmail: 42 }, 'supportEmail', SettingsMessages.supportEmailInvalid);
  });

  test('product notes: at most 6, each 1 to 120 characters after trimming', async () => {
    await refused(
      { productNotes: Array.from({ length: 7 }, (_, i) => `Note ${i}`) },
      'productNotes',
      SettingsMessages.tooManyNotes,
    );
    await refused(
      { productNotes: ['Fine', '  '] },
      'productNotes.1',
      SettingsMessages.noteRequired,
    );
    await refused(
      { productNotes: ['x'.repeat(121)] },
      'productNotes.0',
      SettingsMessages.noteTooLong,
    );
    await refused(
      { productNotes: ['Tab\there'] },
      'productNotes.0',
      SettingsMessages.noteControlCharacters,
    );
    await refused({ productNotes: 'Fine' }, 'productNotes', SettingsMessages.notesMustBeList);
    expect((await getSettings(admin)).json<StoreSettings>().productNotes).toEqual([
      ...DEFAULT_PRODUCT_NOTES,
    ]);
  });
});

describe('where the settings show', () => {
  let product: Product;
  beforeEach(async () => {
    product = await createTestProduct(t.app, admin, { title: 'Linen Thread' });
  });

  test('the product page’s head and config carry the new name and notes from the next request', async () => {
    const before = await page(`/store/product/${product._id}`);
    expect(titleIn(before.body)).toBe('Linen Thread · Paper Lantern');
    expect(storeConfigIn(before.body)).toMatchObject({
      storeName: 'Paper Lantern',
      productNotes: [...DEFAULT_PRODUCT_NOTES],
    });
    expect((await putSettings(NEW_SETTINGS)).statusCode).toBe(200);

    const after = await page(`/store/product/${product._id}`);
    expect(titleIn(after.body)).toBe('Linen Thread · Ink &amp; Thread');
    expect(after.body).toContain('<meta property="og:site_name" content="Ink &amp; Thread" />');
    expect(storeConfigIn(after.body)).toMatchObject({
      storeName: 'Ink & Thread',
      supportEmail: 'care@ink.example',
      productNotes: NEW_SETTINGS.productNotes,
    });
    const hidden = await putSettings({ ...NEW_SETTINGS, productNotes: [] });
    expect(hidden.statusCode).toBe(200);
    expect(storeConfigIn((await page(`/store/product/${product._id}`)).body).productNotes).toEqual(
      [],
    );
    // The web app's own pages carry them too.
    expect(storeConfigIn((await page('/store/login')).body).storeName).toBe('Ink & Thread');
  });

  test('a kept page is dropped when another instance saves: the version in the database moves', async () => {
    const url = `/store/product/${product._id}`;
    await page(url);
    await page(url);
    expect(renders).toBe(1);
    // What another instance's save does: a new document and a higher version.
    await t.database.db
      .updateTable('storeSettings')
      .set((eb) => ({ settings: JSON.stringify(NEW_SETTINGS), version: eb('version', '+', 1) }))
      .execute();
    expect(titleIn((await page(url)).body)).toBe('Linen Thread · Paper Lantern');
    await t.app.settings.checkForChanges();
    const after = await page(url);
    expect(renders).toBe(2);
    expect(titleIn(after.body)).toBe('Linen Thread · Ink &amp; Thread');
    expect(titleIn((await page('/store/products')).body)).toBe('Products · Ink &amp; Thread');
  });

  test('the receipt names the new store and its support address', async () => {
    expect((await putSettings(NEW_SETTINGS)).statusCode).toBe(200);
    const buyer = await signUpAndSignIn(t.app);
    await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    const mail = await inbox.waitForMail({ to: buyer.email });
    expect(mail.subject).toBe('Your receipt from Ink & Thread: Linen Thread');
    expect(mail.text).toContain(
      'You receive this receipt because you bought from Ink & Thread. Keep it for your records. Questions? Write to care@ink.example.',
    );
  });
});
