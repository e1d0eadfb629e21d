import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createProduct, uniqueWord as letters } from './products.js';
import { expectNoSeriousA11yViolations } from './fixtures';

/** A 200-character URL without a single place to break it. */
function longUrl(): string {
  const start = `https://downloads.example.com/${letters(8)}/`;
  return start + letters(200 - start.length);
}

/** The page is exactly as wide as the screen (a phone would otherwise zoom out to fit it). */
async function expectNoSidewaysScroll(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBe(page.viewportSize()!.width);
}

const cards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('link');

/** The bottom edge of an element as laid out at load, before any scrolling. */
async function bottomOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.y + box!.height;
}

/** Products with a URL and a 120-letter word in their texts, created once for the file. */
let longTitled: { id: string; word: string };
let longWordTitled: { id: string; word: string };

test.beforeAll(async ({ request }) => {
  const word = letters(120);
  longTitled = {
    word,
    id: await createProduct(request, {
      title: longUrl(),
      subtitle: `${word} ${letters(60)}`,
      description: `Read ${longUrl()} first.\n\nThen ${word} and ${longUrl()} again.`,
      price: 12.5,
    }),
  };
  const other = letters(120);
  longWordTitled = {
    word: other,
    id: await createProduct(request, {
      title: `Lexicon ${other}`,
      subtitle: longUrl(),
      description: `${other} ${longUrl()}`,
      price: 9,
      images: 10,
    }),
  };
});

for (const viewport of [
  { width: 1366, height: 768, tag: '' },
  { width: 390, height: 844, tag: '@mobile ' },
]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`${viewport.tag}a URL or a 120-letter word never makes the product page or the catalogue scroll sideways`, async ({
      page,
    }) => {
      for (const product of [longTitled, longWordTitled]) {
        await page.goto(`/store/product/${product.id}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Buy Now' }).first()).toBeVisible();
        await expectNoSidewaysScroll(page);
        // The words wrap inside the page rather than being cut off at its edge.
        const title = await page.getByRole('heading', { level: 1 }).boundingBox();
        expect(title!.x + title!.width).toBeLessThanOrEqual(viewport.width);

        // The search summary repeats the searched word, and the card shows the texts.
        await page.goto(`/store/products?search=${product.word}`);
        await expect(cards(page)).toHaveCount(1);
        await expect(page.getByText(`Showing 1 result for “${product.word}”`)).toBeVisible();
        await expectNoSidewaysScroll(page);
      }

      await page.goto('/store/products');
      await expect(cards(page)).toHaveCount(10);
      await expectNoSidewaysScroll(page);
    });

    test(`${viewport.tag}every card's cover is as tall as the others, whatever the title`, async ({
      page,
    }) => {
      await page.goto('/store/products');
      await expect(cards(page)).toHaveCount(10);
      // The newest products come first: the long titles are on this page beside short ones.
      await expect(cards(page).filter({ hasText: longWordTitled.word })).toHaveCount(1);
      const heights = await page
        .getByRole('list', { name: 'Products' })
        .getByRole('img')
        .evaluateAll((images) => images.map((image) => image.getBoundingClientRect().height));
      expect(heights).toHaveLength(10);
      expect(new Set(heights.map((height) => Math.round(height))).size).toBe(1);
    });
  });
}

/** Opens a new $19.00 product whose description runs to `paragraphs` short paragraphs. */
async function openLongProduct(page: Page, request: APIRequestContext, paragraphs: number) {
  const title = `Harbour Almanac ${letters(6)}`;
  const id = await createProduct(request, {
    title,
    description: Array.from({ length: paragraphs }, (_, n) => `Paragraph ${n + 1}.`).join('\n\n'),
    price: 19,
  });
  await page.goto(`/store/product/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const images of [1, 10]) {
    test(`@mobile with ${images} image(s) the title, the price and Buy Now are on the first screen`, async ({
      page,
      request,
    }) => {
      // As long as the demo catalogue's: two lines of title and two of subtitle on a phone.
      const title = `The Harbour Almanac of Tides and Lights ${letters(6)}`;
      const id = await createProduct(request, {
        title,
        subtitle: 'Tides, winds and lights for small boats along the northern coast',
        description: Array.from({ length: 12 }, (_, n) => `Paragraph ${n + 1}.`).join('\n\n'),
        price: 19,
        images,
      });

      await page.goto(`/store/product/${id}`);
      const main = page.getByRole('main');
      const heading = main.getByRole('heading', { level: 1, name: title });
      await expect(heading).toBeVisible();
      await expect(main.getByRole('button', { name: 'Buy Now' })).toHaveCount(1);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      expect(await bottomOf(heading)).toBeLessThanOrEqual(844);
      expect(await bottomOf(main.getByText('$19.00', { exact: true }))).toBeLessThanOrEqual(844);
      expect(await bottomOf(main.getByRole('button', { name: 'Buy Now' }))).toBeLessThanOrEqual(
        844,
      );

      const thumbnails = main.getByRole('button', { name: /^Show image \d+ of \d+$/ });
      await expect(thumbnails).toHaveCount(images > 1 ? images : 0);
      if (images > 1) {
        // One row that scrolls sideways inside itself, never three rows down the page.
        const tops = await thumbnails.evaluateAll((buttons) =>
          buttons.map((button) => Math.round(button.getBoundingClientRect().top)),
        );
        expect(new Set(tops).size).toBe(1);
        await thumbnails.nth(9).click();
        await expect(thumbnails.nth(9)).toHaveAttribute('aria-pressed', 'true');
        await expect(main.getByText('10 / 10')).toBeVisible();
        await expectNoSidewaysScroll(page);
      }
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('@mobile once Buy Now scrolls away a buy bar keeps the price and Buy Now in reach, without covering the page', async ({
    page,
    request,
  }) => {
    await openLongProduct(page, request, 15);
    const bar = page.getByTestId('phone-buy-bar');
    await expect(bar).toHaveCount(0);

    await page.getByText('Paragraph 15.').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar).toBeVisible();
    await expect(bar.getByText('$19.00', { exact: true })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Buy Now' })).toBeVisible();
    const barTop = (await bar.boundingBox())!.y;
    expect(barTop + (await bar.boundingBox())!.height).toBeLessThanOrEqual(844);
    // Scrolled to the end, the last paragraph sits above the bar, not under it.
    expect(await bottomOf(page.getByText('Paragraph 15.'))).toBeLessThanOrEqual(barTop);

    // Signed out, the bar's Buy Now signs in first, like the one on the page.
    await bar.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/store\/login$/);
  });

  test('@mobile catalogue cards are compact: at least two on the first screen', async ({
    page,
  }) => {
    await page.goto('/store/products');
    await expect(cards(page)).toHaveCount(10);
    const boxes = await cards(page).evaluateAll((links) =>
      links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect),
    );
    for (const box of boxes) expect(box.height).toBeLessThanOrEqual(844 / 3);
    expect(boxes[1]!.y + boxes[1]!.height).toBeLessThanOrEqual(844);
    // Each card keeps what the catalogue shows: cover, title, price and format.
    const first = cards(page).first();
    await expect(first.getByRole('img')).toBeVisible();
    await expect(first.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(first.getByText(/^\$\d+\.\d{2}$/)).toBeVisible();
    await expect(first.getByText(/^(PDF|EPUB|ZIP)$/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test('on a wide screen the buy bar never shows: Buy Now sits beside the details', async ({
  page,
  request,
}) => {
  await openLongProduct(page, request, 40);

  await page.getByText('Paragraph 40.').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByText('Paragraph 40.')).toBeInViewport();
  await expect(page.getByTestId('phone-buy-bar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCount(1);
});
