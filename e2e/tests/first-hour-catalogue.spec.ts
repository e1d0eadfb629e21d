import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newBuyer } from './fixtures.js';
import { createProduct, fingerprint, pdfFor, uniqueWord } from './products.js';

const baseURL = () => test.info().project.use.baseURL!;

/** The store's own ZIP writer, as built (the demo catalogue's files are made with it). */
interface ZipEntry {
  name: string;
  data: string;
  store?: boolean;
}
async function makeZip(entries: ZipEntry[]): Promise<Buffer> {
  const built = new URL('../../apps/server/dist/db/seed/demo-files.js', import.meta.url).href;
  const { makeZip: write } = (await import(built)) as { makeZip(e: ZipEntry[]): Buffer };
  return write(entries);
}

/** A minimal EPUB: `mimetype` stored first, then the container and the package document. */
const makeEpub = () =>
  makeZip([
    { name: 'mimetype', data: 'application/epub+zip', store: true },
    {
      name: 'META-INF/container.xml',
      data:
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">' +
        '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    },
    { name: 'OEBPS/content.opf', data: '<?xml version="1.0"?><package version="3.0"/>' },
  ]);

/** A buyer registered and signed in through the API of `request` (a page's shares its cookies). */
async function signInBuyer(request: APIRequestContext) {
  const buyer = newBuyer();
  const registered = await request.post('/api/auth/register', { data: { ...buyer, role: 'user' } });
  expect(registered.ok()).toBe(true);
  expect((await request.post('/api/auth/login', { data: buyer })).ok()).toBe(true);
  return buyer;
}

/** Buys a product through the API and the test checkout's form; answers the order's id. */
async function buy(request: APIRequestContext, productId: string, name: string) {
  const checkout = await request.post('/api/session/checkout', { data: { productId } });
  expect(checkout.ok()).toBe(true);
  const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop()!;
  const paid = await request.post(`/checkout/test/${sessionId}/pay`, {
    form: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

// ── A product the seller removed, in My Orders (issue 25, item 6) ──

for (const width of ['desktop', 'phone'] as const) {
  test(`a product taken off sale shows in My Orders as its title, "No longer sold", and still downloads${
    width === 'phone' ? ' @mobile' : ''
  }`, async ({ page, playwright }) => {
    const word = uniqueWord();
    const title = `Harbour Atlas ${word}`;
    const file = pdfFor(word);
    const admin = await playwright.request.newContext({ baseURL: baseURL() });
    const productId = await createProduct(admin, { title, price: 6, pdf: file });
    const buyer = await signInBuyer(page.request);
    await buy(page.request, productId, buyer.name);

    // It has a sale: deleting it takes it off sale, its page is gone.
    expect((await admin.delete(`/api/products/${productId}`)).status()).toBe(204);
    await admin.dispose();
    expect((await page.request.get(`/api/products/${productId}`)).status()).toBe(404);

    await page.goto('/store/my-orders');
    const row = page
      .getByRole('table', { name: 'My Orders' })
      .getByRole('row')
      .filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(title, { exact: true })).toBeVisible();
    await expect(row.getByText('No longer sold', { exact: true })).toBeVisible();
    // Its title links nowhere (the product page is gone); the row's one link is its invoice.
    await expect(row.getByRole('link')).toHaveCount(1);
    await expect(row.getByRole('link', { name: 'Invoice (PDF)' })).toHaveCount(1);
    await expect(row.getByRole('link', { name: title })).toHaveCount(0);
    await expect(row.getByText('Product Not Found')).toHaveCount(0);

    const downloadStarted = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download ${title}` }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe(`${title}.pdf`);
    expect(fingerprint(readFileSync(await download.path()))).toEqual(fingerprint(file));
  });
}

// ── Search by format, and a page past the end (item 10) ──

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search products' });

test('searching "epub", "e-book", "ebook", "pdf" or "zip" finds the products of that format', async ({
  page,
  playwright,
}) => {
  const word = uniqueWord();
  const admin = await playwright.request.newContext({ baseURL: baseURL() });
  const epub = `Tide Tables ${word}`;
  const pdf = `Tide Charts ${word}`;
  const zip = `Tide Bundle ${word}`;
  await createProduct(admin, { title: epub, price: 4, pdf: await makeEpub(), fileName: 'a.epub' });
  await createProduct(admin, { title: pdf, price: 4, pdf: pdfFor(word), fileName: 'b.pdf' });
  await createProduct(admin, {
    title: zip,
    price: 4,
    pdf: await makeZip([{ name: `${word}.txt`, data: word }]),
    fileName: 'c.zip',
  });
  await admin.dispose();

  await page.goto('/store/products');
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('heading');
  for (const [search, titles] of [
    ['epub', [epub]],
    ['e-book', [epub]],
    ['ebook', [epub]],
    ['E-Books', [epub]],
    ['pdf', [pdf]],
    ['zip', [zip]],
  ] as const) {
    await searchBox(page).fill(`${search} ${word}`);
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(
      `/store/products?search=${encodeURIComponent(`${search} ${word}`).replaceAll('%20', '+')}`,
    );
    await expect(cards).toHaveText([...titles]);
  }
  await searchBox(page).fill(word);
  await searchBox(page).press('Enter');
  await expect(cards).toHaveCount(3);
});

test('a page past the end says there is no such page and links to the last one', async ({
  page,
  browser,
}) => {
  const hydrationErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') hydrationErrors.push(message.text());
  });
  const list = await page.request.get('/api/products?page=1&limit=10');
  const { pages } = (await list.json()) as { pages: number };
  expect(pages).toBeGreaterThan(1);

  const response = await page.goto('/store/products?page=99');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'There is no page 99' })).toBeVisible();
  await expect(page.getByText(`The catalogue has ${pages} pages.`)).toBeVisible();
  await expect(page.getByText('Try adjusting your search criteria')).toHaveCount(0);
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.locator('[aria-current]')).toHaveCount(0);
  await expect(pagination.getByRole('link', { name: `Page ${pages}` })).toBeVisible();

  await page.getByRole('link', { name: `Go to page ${pages}` }).click();
  await expect(page).toHaveURL(`/store/products?page=${pages}`);
  await expect(pagination.locator('[aria-current="page"]')).toHaveText(String(pages));
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).not.toHaveCount(
    0,
  );

  // A search keeps its words in the link.
  const found = await page.request.get('/api/products?page=1&limit=10&search=handbook');
  const searchPages = ((await found.json()) as { pages: number }).pages;
  expect(searchPages).toBeGreaterThan(0);
  await page.goto('/store/products?search=handbook&page=99');
  await expect(page.getByRole('heading', { name: 'There is no page 99' })).toBeVisible();
  await expect(
    page.getByText(
      `The search for “handbook” has ${searchPages} ${searchPages === 1 ? 'page' : 'pages'}.`,
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: `Go to page ${searchPages}` }).click();
  await expect(page).toHaveURL(
    searchPages === 1
      ? '/store/products?search=handbook'
      : `/store/products?page=${searchPages}&search=handbook`,
  );
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).not.toHaveCount(
    0,
  );
  // The server's page and the app's agree: no hydration complaint.
  expect(hydrationErrors.filter((text) => /hydrat/i.test(text))).toEqual([]);

  // The server says so by itself, before any script runs.
  const noScript = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/store/products?page=99');
  await expect(bare.getByRole('heading', { name: 'There is no page 99' })).toBeVisible();
  await expect(bare.getByRole('link', { name: `Go to page ${pages}` })).toHaveAttribute(
    'href',
    `/store/products?page=${pages}`,
  );
  await noScript.close();
});

// ── Buy Now without JavaScript (item 11) ──

test('without JavaScript, Buy Now leads to the login with the product, then to the checkout', async ({
  browser,
  playwright,
}) => {
  const word = uniqueWord();
  const title = `Night Ferries ${word}`;
  const admin = await playwright.request.newContext({ baseURL: baseURL() });
  const productId = await createProduct(admin, { title, price: 7, pdf: pdfFor(word) });
  await admin.dispose();

  const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/store/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Share needs the script: it is not offered as a dead button.
  await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(
    `/store/login?redirect=${encodeURIComponent(`/product/${productId}`)}`,
  );

  // Signed in (the context's request shares its cookies): the same link opens the checkout.
  await signInBuyer(context.request);
  await page.goto(`/store/product/${productId}`);
  await page.getByRole('link', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_[\w-]+$/);
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await context.close();
});
