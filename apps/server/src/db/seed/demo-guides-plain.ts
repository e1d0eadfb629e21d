import { DemoDocument } from './demo-document.js';
import { bars, circles, curve } from './demo-drawings.js';
import { guidance, randomFrom, type Random } from './demo-prose.js';

/** The shorter demo guides: chapters of prose with a figure each, and the two-page sheet. */

export interface Chapter {
  title: string;
  points: string[];
}

/** Chapters of guidance, with `figuresEach` figures per chapter drawn by `drawing`. */
export function chapters(
  doc: DemoDocument,
  random: Random,
  list: Chapter[],
  options: {
    paragraphs?: number;
    figuresEach?: number;
    drawings?: Array<(r: Random) => ReturnType<typeof bars>>;
    figureHeight?: number;
  } = {},
) {
  for (const chapter of list) {
    doc.chapter(chapter.title);
    const figures = options.figuresEach ?? 0;
    const paragraphs = options.paragraphs ?? 4;
    for (let i = 0; i < Math.max(paragraphs, figures); i++) {
      if (i < paragraphs) doc.paragraph(guidance(random, chapter.points));
      if (i < figures) {
        const point = chapter.points[i % chapter.points.length]!;
        const drawing = random.pick(options.drawings ?? [bars]);
        doc.figure(
          `${chapter.title}: ${point}, step ${i + 1}.`,
          drawing(random),
          options.figureHeight ?? 170,
        );
      }
    }
  }
}

/** A plain guide: chapters of prose with a figure each, then a checklist. */
function plainGuide(
  title: string,
  subtitle: string,
  list: Chapter[],
  checklist: string[],
): DemoDocument {
  const random = randomFrom(title);
  const doc = new DemoDocument(title).cover(subtitle);
  chapters(doc, random, list, { paragraphs: 5, figuresEach: 1, drawings: [bars, curve, circles] });
  doc.chapter('Checklist').bullets(checklist);
  return doc;
}

function espressoCheatSheet(title: string, subtitle: string): DemoDocument {
  const random = randomFrom(title);
  const doc = new DemoDocument(title).titleBlock(subtitle);
  doc.heading('Starting recipe').table([
    ['Roast', 'Dose', 'Yield', 'Time'],
    ['Light', '18 g', '45 g', '28-32 s'],
    ['Medium', '18 g', '38 g', '26-30 s'],
    ['Dark', '18 g', '32 g', '24-28 s'],
  ]);
  doc.newPage().heading('Taste-based fixes');
  doc.table([
    ['It tastes', 'Then', 'Why'],
    ['Sour, thin', 'Grind finer', 'Under-extracted'],
    ['Bitter, dry', 'Grind coarser', 'Over-extracted'],
    ['Weak', 'Raise the dose', 'Too little coffee'],
    ['Harsh', 'Lower the temperature', 'Too hot for the roast'],
  ]);
  doc.paragraph(guidance(random, ['dose', 'yield', 'grind size', 'shot time'], 4));
  return doc;
}

export const PLAIN_GUIDES: Record<string, (title: string, subtitle: string) => DemoDocument> = {
  'Typography for Screens': (title, subtitle) =>
    plainGuide(
      title,
      subtitle,
      [
        { title: 'Line length', points: ['line length', 'measure', 'columns', 'reading speed'] },
        { title: 'Leading', points: ['leading', 'line height', 'paragraph spacing', 'density'] },
        { title: 'Contrast', points: ['contrast', 'weight', 'colour', 'legibility'] },
        { title: 'Scale', points: ['type scale', 'hierarchy', 'headings', 'body size'] },
        {
          title: 'Worked examples: before and after',
          points: ['a settings screen', 'an article page', 'a form', 'a dashboard'],
        },
      ],
      [
        'Lines of 45-75 characters',
        'Leading 1.4-1.6 for body text',
        'Contrast of at least 4.5:1',
        'No more than four type sizes on a screen',
      ],
    ),
  'Freelance Pricing Workbook': (title, subtitle) =>
    plainGuide(
      title,
      subtitle,
      [
        { title: 'Your day rate', points: ['costs', 'billable days', 'a day rate', 'savings'] },
        { title: 'Packaging services', points: ['packages', 'scope', 'fixed prices', 'add-ons'] },
        {
          title: 'Proposals clients sign',
          points: ['a proposal', 'outcomes', 'options', 'deadlines'],
        },
        { title: 'Worksheet: costs', points: ['rent', 'equipment', 'insurance', 'tax'] },
        {
          title: 'Worksheet: capacity',
          points: ['holidays', 'admin time', 'billable hours', 'capacity'],
        },
        {
          title: 'Worksheet: value-based pricing',
          points: ['value', 'the client', 'risk', 'price'],
        },
      ],
      ['Know your floor rate', 'Offer three options', 'Put the price after the outcome'],
    ),
  'Home Espresso Cheat Sheet': espressoCheatSheet,
  'Small Business Bookkeeping': (title, subtitle) =>
    plainGuide(
      title,
      subtitle,
      [
        {
          title: 'Double entry without the jargon',
          points: ['debits', 'credits', 'the ledger', 'a trial balance'],
        },
        {
          title: 'Setting up accounts',
          points: [
            'a chart of accounts',
            'income accounts',
            'expense accounts',
            'opening balances',
          ],
        },
        {
          title: 'Reconciling the bank',
          points: ['the bank statement', 'uncleared items', 'reconciliation', 'bank fees'],
        },
        {
          title: 'Handling sales tax',
          points: ['sales tax', 'tax periods', 'invoices', 'returns'],
        },
        {
          title: 'Reading your own reports',
          points: ['the profit and loss', 'the balance sheet', 'cash flow', 'margins'],
        },
        { title: 'Year end', points: ['depreciation', 'accruals', 'closing the year', 'records'] },
      ],
      ['Reconcile every month', 'Keep every receipt', 'Set tax aside as you go'],
    ),
};
