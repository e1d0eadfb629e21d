import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { payByCard, sidewaysOverflow, signUpBuyer } from './buyer-helpers.js';
import { createProduct, fingerprint, pdfFor, uniqueWord } from './products.js';

/** The owner's actions wherever the page shows them (a phone may also have a sticky buy bar). */
const ownedGroup = (page: Page) =>
  page.getByRole('group', { name: 'You own this' }).filter({ visible: true }).first();

/** A new product, bought by a new buyer through the test checkout; back on its product page. */
async function buyNewProduct(page: Page, browser: Browser) {
  const word = uniqueWord();
  const product = { title: `Owned Guide ${word}`, price: 7, pdf: pdfFor(word) };
  const admin = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const productId = await createProduct(admin.request, product);
  await admin.close();

  const buyer = await signUpBuyer(page);
  await page.goto(`/store/product/${productId}`);
  await page.getByRole('button', { name: 'Buy Now' }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_[\w-]+$/);
  await payByCard(page, buyer.name);

  // The success page names what was bought.
  await expect(page).toHaveURL(/\/store\/success\?session_id=cs_test_[\w-]+$/);
  await expect(page.getByText(`You bought ${product.title}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download Your File' })).toBeVisible({
    timeout: 20_000,
  });

  await page.goto(`/store/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  return { product, productId };
}

test('an owner sees "You own this" with Download instead of Buy Now; buying again asks first', async ({
  page,
  browser,
}) => {
  const { product } = await buyNewProduct(page, browser);

  const owned = ownedGroup(page);
  await expect(owned).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Now' }).filter({ visible: true })).toHaveCount(
    0,
  );

  // Download: a fresh link, and the file itself.
  const downloadStarted = page.waitForEvent('download');
  await owned.getByRole('button', { name: 'Download' }).click();
  const download = await downloadStarted;
  expect(fingerprint(await readFile((await download.path())!))).toEqual(fingerprint(product.pdf));
  await expect(page).toHaveURL(/\/store\/product\//);

  // Buy again explains first; Cancel buys nothing.
  await owned.getByRole('button', { name: 'Buy again' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy this again?' });
  await expect(dialog).toContainText('You already own this product');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/store\/product\//);

  // Confirming starts a second checkout.
  await owned.getByRole('button', { name: 'Buy again' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Buy again' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_[\w-]+$/);
  await expect(page.getByRole('heading', { name: product.title })).toBeVisible();
});

test('a visitor and a buyer who does not own it still see Buy Now', async ({ page, browser }) => {
  const word = uniqueWord();
  const admin = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const productId = await createProduct(admin.request, {
    title: `Unowned Guide ${word}`,
    price: 5,
    pdf: pdfFor(word),
  });
  await admin.close();

  await page.goto(`/store/product/${productId}`);
  await expect(
    page.getByRole('button', { name: 'Buy Now' }).filter({ visible: true }).first(),
  ).toBeEnabled();
  await signUpBuyer(page);
  await page.goto(`/store/product/${productId}`);
  await expect(
    page.getByRole('button', { name: 'Buy Now' }).filter({ visible: true }).first(),
  ).toBeEnabled();
  await expect(page.getByText('You own this')).toHaveCount(0);
});

test('@mobile on a phone the owner reaches Download and Buy again, without sideways scrolling', async ({
  page,
  browser,
}) => {
  const { product } = await buyNewProduct(page, browser);

  const owned = ownedGroup(page);
  await owned.scrollIntoViewIfNeeded();
  await expect(owned).toBeInViewport();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  const downloadStarted = page.waitForEvent('download');
  await owned.getByRole('button', { name: 'Download' }).tap();
  const download = await downloadStarted;
  expect(fingerprint(await readFile((await download.path())!))).toEqual(fingerprint(product.pdf));

  await owned.getByRole('button', { name: 'Buy again' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Buy this again?' });
  await expect(dialog).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Buy again' })).toBeInViewport();
  await dialog.getByRole('button', { name: 'Cancel' }).tap();
  await expect(dialog).toBeHidden();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // Scrolled past the page's own buttons, the phone's buy bar shows the same for an owner.
  await page.setViewportSize({ width: 390, height: 520 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const bar = page.getByTestId('phone-buy-bar');
  await expect(bar.getByRole('group', { name: 'You own this' })).toBeInViewport();
  await expect(bar.getByRole('button', { name: 'Download' })).toBeInViewport({ ratio: 1 });
  await expect(bar.getByRole('button', { name: 'Buy again' })).toBeInViewport({ ratio: 1 });
  await expect(bar.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});
