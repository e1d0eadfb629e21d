import type { Drawing } from './demo-document.js';
import type { Random } from './demo-prose.js';

/** Simple line drawings for the demo guides' figures, varied by a seeded generator. */

/** A stack of folded sheets (signatures) seen from the spine, with sewing stations. */
export const signatures =
  (random: Random): Drawing =>
  (page, x, y, w, h) => {
    const count = random.int(4, 9);
    const band = (h - 20) / count;
    for (let i = 0; i < count; i++) {
      const top = y + h - 10 - i * band;
      page.path(
        [
          [x + 40, top],
          [x + w - 40, top],
          [x + w - 30, top - band / 2],
          [x + w - 40, top - band + 4],
          [x + 40, top - band + 4],
        ],
        { stroke: 0.1 },
      );
    }
    const stations = random.int(3, 6);
    for (let s = 1; s <= stations; s++) {
      const sx = x + 40 + ((w - 80) * s) / (stations + 1);
      page.line(sx, y + 6, sx, y + h - 6, 0.6, 0.45);
      page.circle(sx, y + h - 8, 2.5, { fill: 0 });
    }
  };

/** A sheet folded in half, then in half again, with arrows for each fold. */
export const folds =
  (random: Random): Drawing =>
  (page, x, y, w, h) => {
    const steps = random.int(2, 4);
    const cell = w / steps;
    for (let i = 0; i < steps; i++) {
      const sw = (cell - 30) / 2 ** (i / 2);
      const sh = (h - 30) / 2 ** ((i + 1) / 2);
      const left = x + i * cell + 10;
      page.rect(left, y + 10, sw, sh, { stroke: 0.1 });
      page.line(left + sw / 2, y + 10, left + sw / 2, y + 10 + sh, 0.5, 0.5);
      if (i < steps - 1)
        page.path(
          [
            [left + sw + 4, y + h / 2],
            [x + (i + 1) * cell + 4, y + h / 2],
          ],
          { stroke: 0.3 },
        );
    }
  };

/** A bar chart of values the generator makes up (for tables and schedules). */
export const bars =
  (random: Random, count = 8): Drawing =>
  (page, x, y, w, h) => {
    page.line(x, y, x + w, y, 0.8, 0.2);
    page.line(x, y, x, y + h, 0.8, 0.2);
    const width = w / count;
    for (let i = 0; i < count; i++) {
      const value = (0.2 + random.next() * 0.8) * (h - 10);
      page.rect(x + i * width + 6, y + 1, width - 12, value, { fill: 0.35 + (i % 3) * 0.15 });
    }
  };

/** A curve over a grid, as a rising or falling line chart. */
export const curve =
  (random: Random): Drawing =>
  (page, x, y, w, h) => {
    for (let i = 0; i <= 10; i++) page.line(x + (w * i) / 10, y, x + (w * i) / 10, y + h, 0.3, 0.8);
    for (let i = 0; i <= 5; i++) page.line(x, y + (h * i) / 5, x + w, y + (h * i) / 5, 0.3, 0.8);
    const points: Array<[number, number]> = [];
    let value = random.next();
    for (let i = 0; i <= 20; i++) {
      value = Math.min(1, Math.max(0, value + (random.next() - 0.45) * 0.2));
      points.push([x + (w * i) / 20, y + value * h]);
    }
    page.path(points, { stroke: 0.1 });
  };

/** Overlapping circles, for mixing, companion planting or set diagrams. */
export const circles =
  (random: Random): Drawing =>
  (page, x, y, w, h) => {
    const count = random.int(2, 5);
    for (let i = 0; i < count; i++) {
      const r = h / 3 + random.next() * (h / 6);
      page.circle(x + ((i + 1) * w) / (count + 1), y + h / 2, Math.min(r, h / 2 - 2), {
        stroke: 0.2,
      });
    }
  };

/** Horizontal bands in grey, for value studies and skies. */
export const bands =
  (random: Random): Drawing =>
  (page, x, y, w, h) => {
    const count = random.int(4, 7);
    for (let i = 0; i < count; i++) {
      page.rect(x, y + (h * i) / count, w, h / count, { fill: 0.25 + (0.6 * i) / count });
    }
  };

export const DRAWINGS = [signatures, folds, bars, curve, circles, bands];
