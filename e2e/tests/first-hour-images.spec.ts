import { expect, test, type Locator, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { ADMIN, expectNoSeriousA11yViolations, signInThroughUi } from './fixtures';
import { coverPng, createProduct, uniqueWord } from './products.js';

/** A product with `images` covers, made through the API; the admin is signed in on `page`. */
async function productToEdit(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  images: number,
) {
  const title = `Tide Atlas ${uniqueWord()}`;
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const id = await createProduct(admin, { title, price: 9, images });
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  return { id, title };
}

async function openEditForm(page: Page, title: string) {
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The list's rows as they read: a chosen file by name and size, a current image by place. */
const rowTexts = (dialog: Locator) =>
  dialog
    .getByRole('list', { name: 'Product images' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => item.querySelector('p')?.textContent?.replace(/ \(.*\)$/, '')),
    );

const row = (dialog: Locator, text: string) =>
  dialog.getByRole('list', { name: 'Product images' }).getByRole('listitem').filter({
    hasText: text,
  });

/** The colour a picture is painted in, read from its middle pixel: red, green or blue. */
const colourOf = (page: Page, src: string | null) =>
  page.evaluate(async (url) => {
    const image = new Image();
    image.src = url ?? '';
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const [r = 0, g = 0, b = 0] = context.getImageData(
      Math.floor(canvas.width / 2),
      Math.floor(canvas.height / 2),
      1,
      1,
    ).data;
    return r > g && r > b ? 'red' : g > b ? 'green' : 'blue';
  }, src);

/** The product page's large image and its thumbnails, in order, as image ids. */
async function productPageImages(page: Page, id: string, title: string) {
  await page.goto(`/store/product/${id}`);
  const gallery = page.getByRole('region', { name: 'Product images' });
  const main = await gallery.getByRole('img', { name: title }).getAttribute('src');
  const thumbs = await gallery
    .locator('.gallery__thumbs img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
  const idOf = (src: string | null) => /\/media\/images\/([^/]+)\//.exec(src ?? '')?.[1];
  const colours = async () => ({
    cover: await colourOf(page, main),
    order: await Promise.all(thumbs.map((src) => colourOf(page, src))),
  });
  return { cover: idOf(main), order: thumbs.map(idOf), colours };
}

const imageId = (url: string | undefined) => /\/media\/images\/([^/]+)\//.exec(url ?? '')?.[1];

async function saveChanges(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('the admin adds two images, drags the last to the top, removes the old one, and the page shows the new cover', async ({
  page,
  playwright,
}) => {
  const { id, title } = await productToEdit(page, playwright, 1);
  const before = await (await page.request.get(`/api/products/${id}`)).json();
  await page.goto('/store/dashboard');
  const dialog = await openEditForm(page, title);

  await dialog.getByLabel('Choose images').setInputFiles([
    { name: 'green.png', mimeType: 'image/png', buffer: coverPng(120, 40, 50) },
    { name: 'blue.png', mimeType: 'image/png', buffer: coverPng(240, 40, 50) },
  ]);
  await expect.poll(() => rowTexts(dialog)).toEqual(['Current image 1', 'green.png', 'blue.png']);
  await expect(row(dialog, 'Current image 1').getByText('Cover', { exact: true })).toBeVisible();

  // Drag blue.png's handle up over the first row (the list scrolled into the middle first).
  await dialog
    .getByRole('list', { name: 'Product images' })
    .evaluate((list) => list.scrollIntoView({ block: 'center' }));
  const handle = row(dialog, 'blue.png').getByTitle('Drag to reorder');
  const from = (await handle.boundingBox())!;
  const to = (await row(dialog, 'Current image 1').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect.poll(() => rowTexts(dialog)).toEqual(['blue.png', 'Current image 1', 'green.png']);
  await expect(row(dialog, 'blue.png').getByText('Cover', { exact: true })).toBeVisible();
  await expect(
    dialog.getByText('blue.png moved to position 1 of 3. It is the cover now.'),
  ).toHaveAttribute('aria-live', 'polite');

  await dialog.getByRole('button', { name: 'Remove current image 1' }).click();
  await expect.poll(() => rowTexts(dialog)).toEqual(['blue.png', 'green.png']);
  await expectNoSeriousA11yViolations(page);
  await saveChanges(page, dialog);

  const shown = await productPageImages(page, id, title);
  // The covers were painted red (the first), green and blue: blue leads, then green.
  expect(await shown.colours()).toEqual({ cover: 'blue', order: ['blue', 'green'] });
  // The removed image is gone from storage after the save.
  expect((await page.request.get(before.image[0])).status()).toBe(404);
});

test('the images reorder with the keyboard alone, the focus staying on the moved image', async ({
  page,
  playwright,
}) => {
  const { id, title } = await productToEdit(page, playwright, 3);
  const product = await (await page.request.get(`/api/products/${id}`)).json();
  const [first, second, third] = (product.image as string[]).map(imageId);
  await page.goto('/store/dashboard');
  const dialog = await openEditForm(page, title);

  // From the image picker, Tab reaches the first image's buttons.
  await dialog.getByLabel('Choose images').focus();
  const focusedLabel = () =>
    page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  for (let step = 0; step < 6 && (await focusedLabel()) !== 'Move current image 1 down'; step++)
    await page.keyboard.press('Tab');
  await expect.poll(focusedLabel).toBe('Move current image 1 down');

  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect
    .poll(() => rowTexts(dialog))
    .toEqual(['Current image 2', 'Current image 3', 'Current image 1']);
  // At the bottom "down" is disabled; the focus moved to the same image's "up".
  await expect.poll(focusedLabel).toBe('Move current image 1 up');
  await expect(dialog.getByText('Current image 1 moved to position 3 of 3.')).toHaveAttribute(
    'aria-live',
    'polite',
  );
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect.poll(focusedLabel).toBe('Move current image 3 up');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => rowTexts(dialog))
    .toEqual(['Current image 3', 'Current image 2', 'Current image 1']);
  await expect(
    dialog.getByText('Current image 3 moved to position 1 of 3. It is the cover now.'),
  ).toBeAttached();

  await dialog.getByRole('button', { name: 'Save Changes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Product updated successfully!')).toBeVisible();
  const shown = await productPageImages(page, id, title);
  expect(shown.cover).toBe(third);
  expect(shown.order).toEqual([third, second, first]);
});

test('@mobile at 390 px a finger drags an image to the top and the move buttons fit', async ({
  page,
  playwright,
}) => {
  const { id, title } = await productToEdit(page, playwright, 3);
  const product = await (await page.request.get(`/api/products/${id}`)).json();
  const [first, second, third] = (product.image as string[]).map(imageId);
  await page.goto('/store/dashboard');
  const dialog = await openEditForm(page, title);
  const list = dialog.getByRole('list', { name: 'Product images' });
  await list.evaluate((element) => element.scrollIntoView({ block: 'center' }));

  // A touch drag of the third image's handle to the first row, as a finger does it.
  const handle = row(dialog, 'Current image 3').getByTitle('Drag to reorder');
  const from = (await handle.boundingBox())!;
  const to = (await row(dialog, 'Current image 1').boundingBox())!;
  const session = await page.context().newCDPSession(page);
  const x = from.x + from.width / 2;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    session.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
    });
  await touch('touchStart', from.y + from.height / 2);
  for (let step = 1; step <= 10; step++)
    await touch('touchMove', from.y + from.height / 2 - ((from.y - to.y) * step) / 10);
  await touch('touchEnd', to.y + to.height / 2);
  await expect
    .poll(() => rowTexts(dialog))
    .toEqual(['Current image 3', 'Current image 1', 'Current image 2']);
  // The finger is lifted: the drop is announced.
  await expect(dialog.getByText('Current image 3 moved to position 1 of 3.')).toBeAttached();

  // The buttons are there at this width too: pressing one moves image 2 up.
  await row(dialog, 'Current image 2')
    .getByRole('button', { name: 'Move current image 2 up' })
    .click();
  await expect
    .poll(() => rowTexts(dialog))
    .toEqual(['Current image 3', 'Current image 2', 'Current image 1']);
  const fits = await dialog
    .getByRole('list', { name: 'Product images' })
    .evaluate((element) => element.scrollWidth <= element.clientWidth);
  expect(fits).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await saveChanges(page, dialog);

  const shown = await productPageImages(page, id, title);
  expect(shown.cover).toBe(third);
  expect(shown.order).toEqual([third, second, first]);
});
