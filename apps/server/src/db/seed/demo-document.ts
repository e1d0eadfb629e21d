import { PAGE_HEIGHT, PAGE_WIDTH, PdfPage, textWidth, writePdf, type PdfFont } from './demo-pdf.js';

const MARGIN = 64;
const TOP = PAGE_HEIGHT - 72;
const BOTTOM = 72;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

/** Wraps text to lines that fit `width` points at `size`. */
export function wrapText(text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws a figure in the box whose bottom-left corner is (x, y). */
export type Drawing = (page: PdfPage, x: number, y: number, width: number, height: number) => void;

/**
 * A document that flows onto as many pages as its content needs: headings, paragraphs, lists,
 * tables and numbered figures, with the title and the page number on every page after the first.
 */
export class DemoDocument {
  private readonly pages: PdfPage[] = [];
  private page!: PdfPage;
  private y = TOP;
  private figures = 0;

  constructor(
    private readonly title: string,
    private readonly author = 'Bindery Demo Press',
  ) {}

  get pageCount() {
    return this.pages.length;
  }

  get figureCount() {
    return this.figures;
  }

  /** A title page: the title, a subtitle and a few lines below. */
  cover(subtitle: string, lines: string[] = []) {
    this.newPage();
    this.page.rect(0, PAGE_HEIGHT - 260, PAGE_WIDTH, 260, { fill: 0.2 });
    let y = PAGE_HEIGHT - 150;
    for (const line of wrapText(this.title, CONTENT_WIDTH, 30)) {
      this.page.text(MARGIN, y, 30, line, 'bold', 1);
      y -= 36;
    }
    this.page.text(MARGIN, PAGE_HEIGHT - 300, 16, subtitle, 'italic', 0.2);
    lines.forEach((line, i) => this.page.text(MARGIN, PAGE_HEIGHT - 340 - i * 16, 11, line));
    this.page.text(MARGIN, BOTTOM, 10, this.author, 'regular', 0.4);
    this.y = BOTTOM;
    return this;
  }

  /** The title and subtitle at the top of the first page, for a sheet with no cover. */
  titleBlock(subtitle: string) {
    this.newPage();
    this.lines(this.title, 24, 'bold', 0, 30);
    this.lines(subtitle, 13, 'italic', 0, 20);
    this.y -= 12;
    return this;
  }

  newPage() {
    this.page = new PdfPage();
    this.pages.push(this.page);
    this.y = TOP;
    const number = this.pages.length;
    if (number > 1) {
      this.page.text(MARGIN, PAGE_HEIGHT - 40, 8, this.title, 'regular', 0.45);
      this.page.line(MARGIN, PAGE_HEIGHT - 46, PAGE_WIDTH - MARGIN, PAGE_HEIGHT - 46, 0.5, 0.7);
      this.page.text(PAGE_WIDTH / 2 - 6, 36, 9, String(number), 'regular', 0.4);
    }
    return this;
  }

  /** Room for `height` more points on this page, or a new page. */
  private room(height: number) {
    if (this.pages.length === 0 || this.y - height < BOTTOM) this.newPage();
  }

  private lines(text: string, size: number, font: PdfFont, indent = 0, leading = size * 1.4) {
    for (const line of wrapText(text, CONTENT_WIDTH - indent, size)) {
      this.room(leading);
      this.y -= leading;
      this.page.text(MARGIN + indent, this.y, size, line, font);
    }
  }

  /** A chapter heading at the top of a new page. */
  chapter(text: string) {
    this.newPage();
    this.y -= 20;
    this.lines(text, 22, 'bold', 0, 28);
    this.y -= 14;
    return this;
  }

  heading(text: string) {
    this.room(60);
    this.y -= 10;
    this.lines(text, 14, 'bold');
    this.y -= 4;
    return this;
  }

  paragraph(text: string, font: PdfFont = 'regular') {
    this.lines(text, 11, font);
    this.y -= 8;
    return this;
  }

  bullets(items: string[]) {
    for (const item of items) {
      this.room(16);
      this.page.circle(MARGIN + 6, this.y - 11, 1.8, { fill: 0 });
      this.lines(item, 11, 'regular', 16);
    }
    this.y -= 8;
    return this;
  }

  /** A ruled table; the first row is the header. */
  table(rows: string[][], columnWidths?: number[]) {
    const widths = columnWidths ?? rows[0]!.map(() => CONTENT_WIDTH / rows[0]!.length);
    rows.forEach((row, index) => {
      this.room(20);
      if (index === 0) this.page.rect(MARGIN, this.y - 18, CONTENT_WIDTH, 18, { fill: 0.9 });
      let x = MARGIN + 4;
      row.forEach((cell, column) => {
        this.page.text(x, this.y - 13, 10, cell, index === 0 ? 'bold' : 'regular');
        x += widths[column]!;
      });
      this.y -= 18;
      this.page.line(MARGIN, this.y, MARGIN + CONTENT_WIDTH, this.y, 0.5, 0.6);
    });
    this.y -= 12;
    return this;
  }

  /** A numbered figure with its caption ("Figure 12. …"). */
  figure(caption: string, draw: Drawing, height = 220) {
    this.room(height + 40);
    this.figures += 1;
    const bottom = this.y - height;
    this.page.rect(MARGIN, bottom, CONTENT_WIDTH, height, { stroke: 0.75 });
    draw(this.page, MARGIN + 12, bottom + 12, CONTENT_WIDTH - 24, height - 24);
    this.y = bottom;
    this.lines(`Figure ${this.figures}. ${caption}`, 9, 'italic');
    this.y -= 10;
    return this;
  }

  /** Empty lines to write on, for worksheets. */
  writingLines(count: number, label?: string) {
    if (label) this.heading(label);
    for (let i = 0; i < count; i++) {
      this.room(24);
      this.y -= 24;
      this.page.line(MARGIN, this.y, MARGIN + CONTENT_WIDTH, this.y, 0.5, 0.7);
    }
    this.y -= 8;
    return this;
  }

  /** The page being written, for drawing on it directly. */
  get current() {
    if (this.pages.length === 0) this.newPage();
    return { page: this.page, top: this.y, left: MARGIN, width: CONTENT_WIDTH, bottom: BOTTOM };
  }

  toPdf(): Buffer {
    return writePdf(this.pages, { title: this.title, author: this.author });
  }
}
