import { expect, test } from '@playwright/test';
import { ADMIN, signInThroughUi } from './fixtures';
import { createProduct, uniqueWord } from './products';

test.use({ viewport: { width: 1366, height: 768 } });

// What the admin types, line by line: a heading, a list, a link, and attacks that must stay text.
const MARKDOWN = [
  '# What you get',
  '',
  'A **sewn** binding, step by step.',
  '',
  '- Forty diagrams',
  '- A tool list',
  '',
  'Read [the notes](https://notes.example/binding) first.',
  '',
  '<script>window.descriptionRan = true</script>',
  '',
  '<img src="x" onerror="window.descriptionRan = true">',
  '',
  '[Click me](javascript:window.descriptionRan=true)',
].join('\n');

test('the admin writes Markdown, previews it, and the product page shows it safely', async ({
  page,
  playwright,
}) => {
  const title = `Marked ${uniqueWord()}`;
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const id = await createProduct(admin, { title, price: 9 });
  await admin.dispose();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const form = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(
    form.getByText('Markdown: **bold**, *italic*, lists, [links](https://…)'),
  ).toBeVisible();
  await form.getByLabel(/^Description/).fill(MARKDOWN);
  await form.getByRole('tab', { name: 'Preview' }).click();
  const preview = form.getByRole('tabpanel', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 3, name: 'What you get' })).toBeVisible();
  await expect(preview.getByRole('listitem')).toHaveText(['Forty diagrams', 'A tool list']);
  await expect(preview.getByRole('link', { name: 'the notes' })).toHaveAttribute(
    'rel',
    'nofollow noopener',
  );
  await form.getByRole('tab', { name: 'Write' }).click();
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product updated successfully!')).toBeVisible();

  await page.goto(`/store/product/${id}`);
  const description = page.getByRole('region', { name: 'Description' });
  await expect(description.getByRole('heading', { level: 3, name: 'What you get' })).toBeVisible();
  await expect(description.locator('strong')).toHaveText('sewn');
  await expect(description.getByRole('listitem')).toHaveText(['Forty diagrams', 'A tool list']);
  const link = description.getByRole('link', { name: 'the notes' });
  await expect(link).toHaveAttribute('href', 'https://notes.example/binding');
  await expect(link).toHaveAttribute('rel', 'nofollow noopener');
  // The attacks read as the text they are; none runs, none is a link or an element.
  await expect(
    description.getByText('<script>window.descriptionRan = true</script>'),
  ).toBeVisible();
  await expect(
    description.getByText('<img src="x" onerror="window.descriptionRan = true">'),
  ).toBeVisible();
  await expect(
    description.getByText('[Click me](javascript:window.descriptionRan=true)'),
  ).toBeVisible();
  await expect(description.locator('script, img, [onerror], a[href^="javascript"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { descriptionRan?: boolean }).descriptionRan)).toBe(
    undefined,
  );
  expect(dialogs).toEqual([]);

  // As sent, before any script: the description drawn, the head's description plain text.
  const sent = await (await page.request.get(`/store/product/${id}`)).text();
  expect(sent).toContain('<h3>What you get</h3>');
  expect(sent).toContain(
    '<a href="https://notes.example/binding" rel="nofollow noopener">the notes</a>',
  );
  expect(sent).toContain(
    '<meta name="description" content="What you get A sewn binding, step by step. Forty diagrams A tool list Read the notes first.',
  );
});
