import { expect, test, type Page } from '@playwright/test';
import { createProduct, pdfFor, uniqueWord } from './products.js';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search products' });

test('search folds spelling: "ebook", "e book" and "E‑Book" find an "e-book"; "cafe" finds "Café"', async ({
  page,
  browser,
}) => {
  const word = uniqueWord();
  const title = `Café E-Book Binder ${word}`;
  const other = `Plain Binder ${word}`;
  const admin = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await createProduct(admin.request, { title, price: 4, pdf: pdfFor(word) });
  await createProduct(admin.request, { title: other, price: 4, pdf: pdfFor(`${word}x`) });
  await admin.close();

  await page.goto('/store/products');
  for (const spelling of ['ebook', 'e book', 'E\u2011Book', 'e-book', 'EBOOK', 'cafe', 'CAFÉ']) {
    await searchBox(page).fill(`${spelling} ${word}`);
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/store\/products\?search=/);
    await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
    // Only the product that has the word in some spelling.
    await expect(page.getByRole('link', { name: other, exact: true })).toHaveCount(0);
  }
});

test('the demo catalogue answers an accented, upper-case prefix ("BÓOKBIND")', async ({ page }) => {
  await page.goto(`/store/products?search=${encodeURIComponent('BÓOKBIND')}`);
  await expect(
    page.getByRole('link', { name: 'The Bookbinding Handbook', exact: true }),
  ).toBeVisible();
});
