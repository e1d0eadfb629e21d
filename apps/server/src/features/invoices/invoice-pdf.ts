import type { InvoiceFacts, InvoiceLine } from './invoice-facts.js';
import { formatMinorUnits, formatPercent } from './invoice-money.js';
import { loadPdfFonts, type FaceName, type PdfFonts, type Weight } from './pdf-fonts.js';

const PAGE = { width: 595.28, margin: 50 };
const RIGHT = PAGE.width - PAGE.margin;
const INK = '#1a1a1a';
const MUTED = '#555555';

interface Pen {
  doc: PDFKit.PDFDocument;
  fonts: PdfFonts;
  /** The faces registered with this document so far: each on its first use. */
  registered: Set<FaceName>;
}

interface TextOptions {
  weight?: Weight;
  size?: number;
  color?: string;
  width?: number;
  align?: 'left' | 'right';
}

/**
 * Writes text at (x, y) run by run, each in the face that has its characters (Latin and
 * Cyrillic in Noto Sans, Japanese in Noto Sans JP); answers where the next line starts.
 */
function write(pen: Pen, text: string, x: number, y: number, options: TextOptions = {}): number {
  const { doc, fonts, registered } = pen;
  const { weight = 'regular', size = 10, color = INK, width, align = 'left' } = options;
  const runs = fonts.runs(text === '' ? ' ' : text, weight);
  doc.fillColor(color).fontSize(size);
  runs.forEach((run, index) => {
    const isLast = index === runs.length - 1;
    const runOptions = { continued: !isLast, width, align, lineBreak: width !== undefined };
    if (!registered.has(run.face)) {
      doc.registerFont(run.face, fonts.file(run.face));
      registered.add(run.face);
    }
    doc.font(run.face);
    if (index === 0) doc.text(run.text, x, y, runOptions);
    else doc.text(run.text, runOptions);
  });
  return doc.y;
}

/** A label and its value, one under the other, e.g. "Invoice number" over "INV-0001". */
function labelled(pen: Pen, label: string, value: string, x: number, y: number, width: number) {
  write(pen, label, x, y, { size: 8, color: MUTED, width, align: 'right' });
  return write(pen, value, x, y + 11, { weight: 'bold', width, align: 'right' }) + 4;
}

const dateOf = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(ms);

/** The document's title and numbers at the top, seller and buyer below them. */
function drawHeading(pen: Pen, facts: InvoiceFacts): number {
  const isCredit = facts.kind === 'credit-note';
  write(pen, isCredit ? 'Credit note' : 'Invoice', PAGE.margin, PAGE.margin, {
    weight: 'bold',
    size: 24,
  });
  const boxX = RIGHT - 200;
  let y = PAGE.margin;
  y = labelled(pen, isCredit ? 'Credit note number' : 'Invoice number', facts.number, boxX, y, 200);
  if (isCredit) y = labelled(pen, 'Refers to invoice', facts.invoiceNumber, boxX, y, 200);
  const dateLabel = isCredit ? 'Date of refund' : 'Date paid';
  y = labelled(pen, dateLabel, dateOf(facts.issuedAt, facts.timeZone), boxX, y, 200);
  y = labelled(pen, 'Order', `#${facts.orderNumber}`, boxX, y, 200);
  return Math.max(y, PAGE.margin + 60) + 16;
}

/** The seller on the left, the buyer on the right. */
function drawParties(pen: Pen, facts: InvoiceFacts, top: number): number {
  const column = (PAGE.width - 2 * PAGE.margin - 20) / 2;
  const block = (title: string, lines: Array<[string, Weight?]>, x: number) => {
    let y = write(pen, title, x, top, { size: 8, color: MUTED, width: column }) + 2;
    for (const [line, weight] of lines) {
      y = write(pen, line, x, y, { weight: weight ?? 'regular', width: column });
    }
    return y;
  };
  const { seller, buyer } = facts;
  const sellerY = block(
    'From',
    [
      [seller.name, 'bold'],
      ...seller.address.map((line): [string] => [line]),
      ...(seller.taxId ? [[`Tax ID: ${seller.taxId}`] as [string]] : []),
      ...(seller.email ? [[seller.email] as [string]] : []),
    ],
    PAGE.margin,
  );
  const buyerY = block(
    facts.kind === 'credit-note' ? 'Credited to' : 'Billed to',
    [
      [buyer.name, 'bold'],
      [buyer.email],
      ...(buyer.country ? [[`Country: ${buyer.country}`] as [string]] : []),
      ...(buyer.taxId ? [[`Tax ID: ${buyer.taxId}`] as [string]] : []),
    ],
    PAGE.margin + column + 20,
  );
  return Math.max(sellerY, buyerY) + 24;
}

const COLUMNS = [
  { title: 'Description', x: PAGE.margin, width: 205, align: 'left' as const },
  { title: 'Net', x: 260, width: 75, align: 'right' as const },
  { title: 'Tax rate', x: 340, width: 55, align: 'right' as const },
  { title: 'Tax', x: 400, width: 65, align: 'right' as const },
  { title: 'Total', x: 470, width: RIGHT - 470, align: 'right' as const },
];

/** The lines as a table; a credit note's amounts are negative (money going back). */
function drawLines(pen: Pen, facts: InvoiceFacts, top: number): number {
  const money = amountWriter(facts);
  COLUMNS.forEach((column) =>
    write(pen, column.title, column.x, top, { size: 8, color: MUTED, ...column }),
  );
  let y = top + 14;
  pen.doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).strokeColor('#cccccc').stroke();
  y += 6;
  for (const line of facts.lines) y = drawLine(pen, line, money, y) + 6;
  pen.doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).strokeColor('#cccccc').stroke();
  return y + 10;
}

function drawLine(pen: Pen, line: InvoiceLine, money: (n: number) => string, y: number): number {
  const cells = [
    line.description,
    money(line.netAmount),
    formatPercent(line.taxRatePercent),
    money(line.taxAmount),
    money(line.totalAmount),
  ];
  let bottom = y;
  cells.forEach((cell, index) => {
    bottom = Math.max(bottom, write(pen, cell, COLUMNS[index]!.x, y, COLUMNS[index]!));
  });
  return bottom;
}

const amountWriter = (facts: InvoiceFacts) => (amount: number) =>
  formatMinorUnits(facts.kind === 'credit-note' && amount !== 0 ? -amount : amount, facts.currency);

/** Net, tax and the total with its currency, under the table on the right. */
function drawTotals(pen: Pen, facts: InvoiceFacts, top: number): number {
  const money = amountWriter(facts);
  const rows: Array<[string, string, Weight]> = [
    ['Net', money(facts.netAmount), 'regular'],
    ['Tax', money(facts.taxAmount), 'regular'],
    [
      facts.kind === 'credit-note'
        ? `Total credited (${facts.currency})`
        : `Total (${facts.currency})`,
      money(facts.totalAmount),
      'bold',
    ],
  ];
  let y = top;
  for (const [label, value, weight] of rows) {
    write(pen, label, 300, y, { weight, width: 160, align: 'right' });
    y = write(pen, value, 470, y, { weight, width: RIGHT - 470, align: 'right' }) + 4;
  }
  return y + 20;
}

function drawClosing(pen: Pen, facts: InvoiceFacts, top: number): void {
  const lines =
    facts.kind === 'credit-note'
      ? [
          `This credit note cancels invoice ${facts.invoiceNumber} of ${dateOf(facts.paidAt, facts.timeZone)}: the amount above was refunded to the buyer.`,
        ]
      : [`Paid in full on ${dateOf(facts.paidAt, facts.timeZone)}. Thank you for your purchase.`];
  if (facts.seller.email) lines.push(`Questions? Write to ${facts.seller.email}.`);
  let y = top;
  for (const line of lines) {
    y = write(pen, line, PAGE.margin, y, { color: MUTED, width: RIGHT - PAGE.margin }) + 4;
  }
}

/**
 * An invoice or credit note as a PDF stream: A4, the fonts embedded as subsets. The caller
 * pipes it to the answer; nothing is held whole in memory beyond PDFKit's own pages. PDFKit
 * and the fonts are loaded with the first invoice: a store at rest does not hold them.
 */
export async function renderInvoicePdf(facts: InvoiceFacts): Promise<PDFKit.PDFDocument> {
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), loadPdfFonts()]);
  const title = `${facts.kind === 'credit-note' ? 'Credit note' : 'Invoice'} ${facts.number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    // PDFKit's own default (Helvetica) would be read from its package's files.
    font: fonts.file('regular') as unknown as string,
    info: { Title: title, Author: facts.seller.name, Subject: title },
    lang: 'en',
  });
  const pen: Pen = { doc, fonts, registered: new Set() };
  let y = drawHeading(pen, facts);
  y = drawParties(pen, facts, y);
  y = drawLines(pen, facts, y);
  y = drawTotals(pen, facts, y);
  drawClosing(pen, facts, y);
  doc.end();
  return doc;
}
