import { createHash, randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, newBuyer, registerThroughUi, signInThroughUi } from './fixtures.js';

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const PAYING_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** A minimal well-formed PDF whose bytes belong to this run alone, so a download can be matched. */
export function pdfFor(word: string): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      `% ${word}`,
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  );
}

/** Letters only, so the catalogue's search reads it as one plain word. */
export function uniqueWord(): string {
  return Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

export function fingerprint(bytes: Buffer) {
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** How far the page scrolls sideways (0 or less: it does not). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * As the admin, through the API the product form uses: a product whose file is `pdf`. `request`
 * must be a context of its own (the admin's cookie stays there). Answers the product id.
 */
export async function createProduct(
  request: APIRequestContext,
  product: { title: string; price: number; pdf: Buffer; subtitle?: string; description?: string },
): Promise<string> {
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBe(true);
  const signed = await request.post('/api/products/generate-signature');
  expect(signed.ok()).toBe(true);
  const signature = (await signed.json()) as {
    signature: string;
    timestamp: number;
    api_key: string;
    folder: string;
  };
  const file = await request.post('/api/uploads/file', {
    multipart: {
      // The file host checks the signature before it reads the file, so the fields go first.
      timestamp: String(signature.timestamp),
      signature: signature.signature,
      api_key: signature.api_key,
      folder: signature.folder,
      file: { name: 'file.pdf', mimeType: 'application/pdf', buffer: product.pdf },
    },
  });
  expect(file.status()).toBe(201);
  const { public_id, secure_url } = (await file.json()) as {
    public_id: string;
    secure_url: string;
  };
  const image = await request.post('/api/uploads/image', {
    multipart: { image: { name: 'cover.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(image.status()).toBe(201);
  const { url } = (await image.json()) as { url: string };
  const created = await request.post('/api/products', {
    data: {
      title: product.title,
      subtitle: product.subtitle ?? 'A test product',
      description: product.description ?? 'Made by a browser test.',
      price: product.price,
      image: [url],
      digitalFile: { public_id, secure_url },
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

/** A new buyer, registered and signed in through the login screen. */
export async function signUpBuyer(page: Page) {
  const buyer = newBuyer();
  await registerThroughUi(page, buyer);
  await expect(page.getByText('Registration successful! Please log in.')).toBeVisible();
  await signInThroughUi(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/store\/products$/);
  return buyer;
}

/** Pays on the built-in test checkout page that is open now. */
export async function payByCard(page: Page, name: string) {
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();
  await page.getByLabel('Card number').fill(PAYING_CARD.number);
  await page.getByLabel('Expiry (MM/YY)').fill(PAYING_CARD.expiry);
  await page.getByLabel('CVC').fill(PAYING_CARD.cvc);
  await page.getByLabel('Name on card').fill(name);
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** The demo catalogue's products, newest first, as the catalogue lists them. */
export async function demoProducts(request: APIRequestContext) {
  const response = await request.get('/api/products?page=1&limit=10');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { products: Array<{ _id: string; title: string }> }).products;
}

/** Starts a checkout through the API as the page's signed-in buyer; answers the checkout URL. */
export async function startCheckoutViaApi(page: Page, productId: string): Promise<string> {
  const response = await page.request.post('/api/session/checkout', { data: { productId } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}
