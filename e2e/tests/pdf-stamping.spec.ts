import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { payByCard, signUpBuyer, startCheckoutViaApi } from './buyer-helpers.js';
import { ADMIN, signInThroughUi } from './fixtures.js';
import { createProduct, pdfFor, uniqueWord } from './products.js';

test.use({ viewport: { width: 1366, height: 768 } });

/** The PDF's text as poppler's pdftotext reads it, spaces made single. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-pdf-'));
  try {
    writeFileSync(path.join(dir, 'file.pdf'), pdf);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'file.pdf'), '-'], {
      encoding: 'utf8',
    });
    return text.replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the owner switches stamping on; the PDF a buyer downloads carries their email and order number', async ({
  page,
  browser,
  request,
}) => {
  const word = uniqueWord();
  const title = `Stamped Atlas ${word}`;
  const productId = await createProduct(request, {
    title,
    price: 12,
    fileName: `atlas-${word}.pdf`,
    pdf: pdfFor(word),
  });

  // The owner ticks the box in the product form and saves.
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  const stamp = dialog.getByRole('checkbox', {
    name: "Stamp PDFs with the buyer's email and order number",
  });
  await expect(stamp).not.toBeChecked();
  await stamp.check();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(stamp).toBeChecked();

  // A buyer in a browser of their own buys it and downloads it from the success page.
  const buyerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const buyerPage = await buyerContext.newPage();
    const buyer = await signUpBuyer(buyerPage);
    await buyerPage.goto(await startCheckoutViaApi(buyerPage, productId));
    await payByCard(buyerPage, buyer.name);
    await expect(buyerPage).toHaveURL(/\/store\/success\?session_id=cs_test_[\w-]+$/);
    const downloadLink = buyerPage.getByRole('link', { name: 'Download Your File' });
    await expect(downloadLink).toBeVisible({ timeout: 20_000 });
    const file = await buyerPage.request.get((await downloadLink.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect(pdfText(await file.body())).toMatch(
      new RegExp(`Licensed to ${buyer.email.replace(/[.+]/g, '\\$&')} · Order #\\d+`),
    );
  } finally {
    await buyerContext.close();
  }
});
