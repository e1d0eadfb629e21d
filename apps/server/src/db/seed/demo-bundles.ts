import { DemoDocument } from './demo-document.js';
import { makeIcon, iconPng, iconSvg, chordLoop, crackle, drumLoop } from './demo-media.js';
import { A4, PAGE_HEIGHT, PAGE_WIDTH, PdfPage, writePdf } from './demo-pdf.js';
import { guidance, randomFrom, type Random } from './demo-prose.js';
import { printables } from './demo-printables.js';
import type { ZipEntry } from './demo-files.js';

/** The demo catalogue's ZIP bundles: the files each description lists. */

const LICENCE =
  'Demo content for trying out Bindery. Use it freely, in personal and commercial work.\n';

function iconSet(random: Random): ZipEntry[] {
  const entries: ZipEntry[] = [];
  for (let i = 1; i <= 240; i++) {
    const name = `icon-${String(i).padStart(3, '0')}`;
    const icon = makeIcon(random);
    entries.push({ name: `svg/${name}.svg`, data: iconSvg(icon) });
    for (const size of [24, 48, 96]) {
      entries.push({ name: `png/${size}px/${name}.png`, data: iconPng(icon, size), store: true });
    }
  }
  return entries;
}

/** A grid sheet for ticking off habits, on A4 or US Letter. */
function trackerSheet(kind: 'monthly' | 'weekly' | 'daily', size: [number, number]): Buffer {
  const [width, height] = size;
  const columns = kind === 'monthly' ? 31 : kind === 'weekly' ? 7 : 1;
  const rows = kind === 'daily' ? 24 : 12;
  const page = new PdfPage().text(
    48,
    height - 64,
    22,
    `${kind[0]!.toUpperCase()}${kind.slice(1)} habit tracker`,
    'bold',
  );
  const left = 150;
  const cell = (width - left - 40) / columns;
  const rowHeight = (height - 160) / rows;
  for (let r = 0; r <= rows; r++)
    page.line(40, 80 + r * rowHeight, width - 40, 80 + r * rowHeight, 0.5, 0.6);
  for (let c = 0; c <= columns; c++)
    page.line(left + c * cell, 80, left + c * cell, height - 80, 0.5, 0.6);
  for (let c = 0; c < columns && columns > 1; c++) {
    page.text(
      left + c * cell + 2,
      height - 76,
      7,
      kind === 'weekly' ? ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][c]! : String(c + 1),
    );
  }
  if (kind === 'daily')
    for (let r = 0; r < rows; r++)
      page.text(44, height - 80 - (r + 1) * rowHeight + 4, 8, `${String(r).padStart(2, '0')}:00`);
  else page.text(44, height - 76, 8, 'Habit');
  return writePdf([page], { title: `${kind} habit tracker`, author: 'Bindery Demo Press', size });
}

function invoiceCsv(kind: string, random: Random): string {
  const rows = [['Item', 'Quantity', 'Unit price', 'Amount']];
  const lines = random.int(3, 6);
  for (let i = 2; i < 2 + lines; i++)
    rows.push([
      `Service ${i - 1}`,
      String(random.int(1, 10)),
      String(random.int(20, 200)),
      `=B${i}*C${i}`,
    ]);
  const last = lines + 1;
  rows.push(
    [],
    ['', '', 'Subtotal', `=SUM(D2:D${last})`],
    ['', '', 'Tax rate', '0.2'],
    ['', '', 'Tax', `=D${last + 2}*D${last + 3}`],
    ['', '', 'Total', `=D${last + 2}+D${last + 4}`],
  );
  return `${kind.toUpperCase()}\n${rows.map((row) => row.join(',')).join('\n')}\n`;
}

function invoiceTemplates(random: Random): ZipEntry[] {
  return ['invoice', 'quote', 'receipt'].flatMap((kind) => {
    const doc = new DemoDocument(`${kind[0]!.toUpperCase()}${kind.slice(1)}`).titleBlock(
      'Your business name - address - email',
    );
    doc.table([
      ['Item', 'Quantity', 'Unit price', 'Amount'],
      ['', '', '', ''],
      ['', '', '', ''],
      ['', '', 'Subtotal', ''],
      ['', '', 'Tax', ''],
      ['', '', 'Total', ''],
    ]);
    return [
      { name: `spreadsheet/${kind}.csv`, data: invoiceCsv(kind, random) },
      { name: `document/${kind}.pdf`, data: doc.toPdf() },
    ];
  });
}

function samplePack(random: Random): ZipEntry[] {
  const am = [
    [57, 60, 64],
    [53, 57, 60],
    [55, 59, 62],
    [52, 55, 59],
  ];
  const dm = [
    [62, 65, 69],
    [58, 62, 65],
    [60, 64, 67],
    [57, 61, 64],
  ];
  return [
    { name: 'drums/75bpm/boom-bap-75bpm.wav', data: drumLoop(75, 2, random) },
    { name: 'drums/85bpm/dusty-break-85bpm.wav', data: drumLoop(85, 2, random) },
    { name: 'drums/90bpm/lazy-swing-90bpm.wav', data: drumLoop(90, 2, random) },
    { name: 'keys/A-minor/epiano-chords-Am-75bpm.wav', data: chordLoop(75, am) },
    { name: 'keys/D-minor/epiano-chords-Dm-85bpm.wav', data: chordLoop(85, dm) },
    { name: 'textures/vinyl-crackle.wav', data: crackle(8, random) },
    { name: 'textures/tape-hiss.wav', data: crackle(6, random) },
  ];
}

function websiteTemplates(): ZipEntry[] {
  const sites = ['portfolio', 'cafe', 'bookshop', 'bakery', 'studio'];
  return sites.flatMap((site) => {
    const name = `${site[0]!.toUpperCase()}${site.slice(1)}`;
    return [
      {
        name: `${site}/index.html`,
        data: `<!doctype html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n  <meta name="viewport" content="width=device-width, initial-scale=1">\n  <title>${name}</title>\n  <link rel="stylesheet" href="styles.css">\n</head>\n<body>\n  <header><h1>${name}</h1><nav><a href="#about">About</a> <a href="#contact">Contact</a></nav></header>\n  <main>\n    <section class="hero"><h2>Welcome to our ${site}</h2><p>Edit this text to tell visitors what you do.</p></section>\n    <section id="about"><h2>About</h2><p>A few sentences about you and your work.</p></section>\n    <section id="contact"><h2>Contact</h2><p><a href="mailto:hello@example.com">hello@example.com</a></p></section>\n  </main>\n  <footer>&copy; ${name}</footer>\n</body>\n</html>\n`,
      },
      {
        name: `${site}/styles.css`,
        data: `:root { --accent: hsl(${sites.indexOf(site) * 70}, 55%, 40%); }\nbody { margin: 0; font: 18px/1.6 system-ui, sans-serif; color: #222; }\nheader, main, footer { max-width: 60rem; margin: 0 auto; padding: 1rem; }\nheader { display: flex; justify-content: space-between; align-items: center; }\n.hero { padding: 4rem 1rem; background: var(--accent); color: #fff; border-radius: 8px; }\na { color: var(--accent); }\n@media (max-width: 40rem) { header { flex-direction: column; } }\n`,
      },
    ];
  });
}

export function makeBundle(title: string): ZipEntry[] {
  const random = randomFrom(title);
  const base = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const readme = (lines: string[]) => ({
    name: `${base}/README.txt`,
    data: `${title}\n\n${lines.join('\n')}\n`,
  });
  const inFolder = (entries: ZipEntry[]) =>
    entries.map((entry) => ({ ...entry, name: `${base}/${entry.name}` }));
  const bundles: Record<string, () => ZipEntry[]> = {
    'Icon Set: Everyday Line': () => iconSet(random),
    'Printable Habit Trackers': () =>
      (['monthly', 'weekly', 'daily'] as const).flatMap((kind) => [
        { name: `A4/${kind}-tracker.pdf`, data: trackerSheet(kind, A4) },
        {
          name: `US-Letter/${kind}-tracker.pdf`,
          data: trackerSheet(kind, [PAGE_WIDTH, PAGE_HEIGHT]),
        },
      ]),
    'Invoice Templates Bundle': () => invoiceTemplates(random),
    'Lo-fi Sample Pack': () => samplePack(random),
    'Website Starter Templates': websiteTemplates,
    ...printables(random),
  };
  const make = bundles[title];
  if (!make) throw new Error(`no demo bundle for "${title}"`);
  const files = make();
  return [
    readme([
      guidance(random, ['the files', 'the templates', 'printing', 'editing'], 3),
      '',
      'Contents:',
      ...files.map((file) => `  ${file.name}`),
    ]),
    { name: `${base}/LICENSE.txt`, data: LICENCE },
    ...inFolder(files),
  ];
}
