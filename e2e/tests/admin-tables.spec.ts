import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signInThroughUi } from './fixtures';

test.use({ viewport: { width: 1366, height: 768 } });

async function signInAsAdmin(page: Page) {
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
}

const gridRows = (page: Page) =>
  page.getByRole('table', { name: 'Products' }).locator('tr[data-id]');

/** The Amount column of the rows shown, in dollars ("$12.50" → 12.5). */
async function amounts(page: Page): Promise<number[]> {
  const texts = await gridRows(page).locator('[data-field="price"]').allTextContents();
  return texts.map((text) => Number(text.replace('$', '')));
}

test('Products sort by Amount across pages on the server; reload keeps page and sort; Back returns', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await expect(gridRows(page)).toHaveCount(5);

  await page.getByRole('columnheader', { name: /Amount/ }).click();
  await expect(page).toHaveURL(/\/store\/dashboard\?sort=price&order=asc$/);
  await expect(page.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect
    .poll(async () => {
      const shown = await amounts(page);
      return shown.length === 5 && shown.every((value, i) => i === 0 || shown[i - 1]! <= value);
    })
    .toBe(true);
  const firstPage = await amounts(page);
  const firstIds = await gridRows(page).evaluateAll((rows) => rows.map((row) => row.dataset.id));

  await page.getByRole('button', { name: /next page/i }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect.poll(async () => (await amounts(page)).join()).not.toBe(firstPage.join());
  const secondPage = await amounts(page);
  // The whole catalogue is sorted: page 2 goes on where page 1 stopped, with no row twice.
  expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage.at(-1)!);
  const secondIds = await gridRows(page).evaluateAll((rows) => rows.map((row) => row.dataset.id));
  expect(secondIds.filter((id) => firstIds.includes(id))).toEqual([]);

  await page.reload();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sort=price&order=asc/);
  await expect.poll(async () => (await amounts(page)).join()).toBe(secondPage.join());

  await page.goBack();
  await expect(page).toHaveURL(/\/store\/dashboard\?sort=price&order=asc$/);
  await expect.poll(async () => (await amounts(page)).join()).toBe(firstPage.join());
});

test('Orders keep the Needs review filter and the page size in the address', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/store/orders?size=5');
  await expect(page.getByRole('combobox', { name: 'Rows per page:' })).toHaveText('5');

  await page.getByRole('button', { name: 'Needs review' }).click();
  await expect(page).toHaveURL(/\/store\/orders\?size=5&filter=review$/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Needs review' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goBack();
  await expect(page).toHaveURL(/\/store\/orders\?size=5$/);
  await expect(page.getByRole('button', { name: 'All orders' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
