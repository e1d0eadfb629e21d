import { DemoDocument } from './demo-document.js';
import { PAGE_HEIGHT, PAGE_WIDTH, PdfPage, writePdf } from './demo-pdf.js';
import { guidance, type Random } from './demo-prose.js';
import type { ZipEntry } from './demo-files.js';

/** The printable bundles: wedding stationery, lettering worksheets and recipe cards. */

const AUTHOR = 'Bindery Demo Press';

/** Practice lines with letters in light grey to trace, one row per group. */
function worksheet(title: string, rows: string[]): Buffer {
  const pages: PdfPage[] = [];
  let page = new PdfPage();
  let y = PAGE_HEIGHT - 110;
  page.text(56, PAGE_HEIGHT - 70, 20, title, 'bold');
  for (const row of rows) {
    if (y < 100) {
      pages.push(page);
      page = new PdfPage().text(56, PAGE_HEIGHT - 70, 12, title, 'bold', 0.4);
      y = PAGE_HEIGHT - 110;
    }
    for (const offset of [0, 18, 36, 54])
      page.line(56, y - offset, PAGE_WIDTH - 56, y - offset, 0.4, offset % 36 ? 0.8 : 0.5);
    page.text(60, y - 54, 44, row, 'italic', 0.8);
    y -= 90;
  }
  pages.push(page);
  return writePdf(pages, { title, author: AUTHOR });
}

const RECIPES = [
  'Weeknight Dal',
  'Lemon Roast Chicken',
  'Tomato Soup',
  'Pea Risotto',
  'Fish Tacos',
  'Mushroom Stroganoff',
  'Chickpea Curry',
  'Shepherd\u2019s Pie',
  'Pasta e Fagioli',
  'Fried Rice',
];
const VARIATIONS = ['Classic', "Grandma's", 'Quick', 'Sunday', 'Holiday'];

function recipeCards(random: Random): ZipEntry[] {
  const cards = VARIATIONS.flatMap((variation) =>
    RECIPES.map((recipe) => `${variation} ${recipe}`),
  );
  const pages = cards.map((name, i) => {
    const page = new PdfPage().rect(36, 36, PAGE_WIDTH - 72, PAGE_HEIGHT - 72, { stroke: 0.5 });
    page
      .text(60, PAGE_HEIGHT - 90, 22, name, 'bold')
      .text(
        60,
        PAGE_HEIGHT - 112,
        10,
        `Card ${i + 1} of 50 - serves ${random.int(2, 6)}`,
        'italic',
        0.4,
      );
    page.text(60, PAGE_HEIGHT - 150, 13, 'Ingredients', 'bold');
    for (let j = 0; j < 6; j++)
      page.text(
        72,
        PAGE_HEIGHT - 172 - j * 16,
        11,
        `${random.int(1, 4)} x ${random.pick(['onion', 'garlic clove', 'tin of tomatoes', 'cup of rice', 'carrot', 'handful of herbs', 'lemon', 'spoon of butter'])}`,
      );
    page.text(60, PAGE_HEIGHT - 290, 13, 'Method', 'bold');
    let y = PAGE_HEIGHT - 312;
    for (const sentence of guidance(
      random,
      ['the onions', 'the heat', 'seasoning', 'resting time'],
      4,
    ).split('. ')) {
      page.text(72, y, 10, sentence.slice(0, 90));
      y -= 15;
    }
    return page;
  });
  const blank = new PdfPage()
    .rect(36, 36, PAGE_WIDTH - 72, PAGE_HEIGHT - 72, { stroke: 0.5 })
    .text(60, PAGE_HEIGHT - 90, 22, 'Recipe:', 'bold');
  for (let y = PAGE_HEIGHT - 140; y > 70; y -= 24) blank.line(60, y, PAGE_WIDTH - 60, y, 0.4, 0.7);
  return [
    {
      name: 'recipe-cards.pdf',
      data: writePdf(pages, { title: 'Fifty family favourites', author: AUTHOR }),
    },
    {
      name: 'blank-recipe-card.pdf',
      data: writePdf([blank], { title: 'Blank recipe card', author: AUTHOR }),
    },
  ];
}

function stationery(random: Random): ZipEntry[] {
  const piece = (title: string, lines: string[]) => {
    const doc = new DemoDocument(title, AUTHOR).titleBlock(
      'Replace the names, date and place with yours',
    );
    for (const line of lines) doc.paragraph(line);
    return doc.toPdf();
  };
  const tips = new DemoDocument('Font pairings and printing tips', AUTHOR).titleBlock(
    'For the whole kit',
  );
  tips.heading('Font pairings').table([
    ['Headings', 'Body'],
    ['Playfair Display', 'Source Sans'],
    ['Cormorant', 'Lato'],
    ['Great Vibes', 'Montserrat'],
  ]);
  tips
    .heading('Printing tips')
    .paragraph(guidance(random, ['paper weight', 'bleed', 'a test print', 'envelopes'], 6));
  return [
    {
      name: 'invitation.pdf',
      data: piece('Invitation', [
        'Together with their families',
        'Alex & Sam',
        'invite you to celebrate their wedding',
        'Saturday, the fourteenth of June',
        'The Old Mill, Riverside',
      ]),
    },
    {
      name: 'save-the-date.pdf',
      data: piece('Save the Date', [
        'Alex & Sam are getting married',
        '14.06',
        'Invitation to follow',
      ]),
    },
    {
      name: 'menu.pdf',
      data: piece('Menu', [
        'To start: summer soup',
        'Main: roast vegetables and herbs',
        'Dessert: lemon tart',
        'Coffee and cake',
      ]),
    },
    {
      name: 'place-cards.pdf',
      data: piece(
        'Place cards',
        Array.from({ length: 12 }, (_, i) => `Guest ${i + 1} - Table ${1 + (i % 4)}`),
      ),
    },
    { name: 'font-pairings-and-printing-tips.pdf', data: tips.toPdf() },
  ];
}

export function printables(random: Random): Record<string, () => ZipEntry[]> {
  const lower = 'abcdefghijklmnopqrstuvwxyz';
  return {
    'Wedding Stationery Kit': () => stationery(random),
    'Brush Lettering Worksheets': () => [
      {
        name: 'basic-strokes.pdf',
        data: worksheet('Basic strokes', [
          '| | | | | | | |',
          '/ / / / / / / /',
          'o o o o o o o o',
          'u u u u u u u u',
          'n n n n n n n n',
        ]),
      },
      {
        name: 'lowercase.pdf',
        data: worksheet(
          'Lowercase alphabet',
          lower.match(/.{1,4}/g)!.map((g) => g.split('').join('  ')),
        ),
      },
      {
        name: 'uppercase.pdf',
        data: worksheet(
          'Uppercase alphabet',
          lower
            .toUpperCase()
            .match(/.{1,4}/g)!
            .map((g) => g.split('').join('  ')),
        ),
      },
      {
        name: 'connections.pdf',
        data: worksheet('Connections', [
          'an en in on un',
          'oa ob oc od oe',
          'the and was',
          'minimum',
          'hello lovely',
        ]),
      },
      {
        name: 'flourishes.pdf',
        data: worksheet('Flourishes', ['~ ~ ~ ~ ~', 'Thank you', 'Best wishes', 'Happy birthday']),
      },
    ],
    'Recipe Card Collection': () => recipeCards(random),
  };
}
