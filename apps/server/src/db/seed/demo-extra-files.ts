import type { DemoProduct } from './demo-catalogue.js';
import { makeZip } from './demo-files.js';

/** A file a demo product delivers besides its main one (issue 28: several files per product). */
export interface DemoExtraFile {
  /** What buyers see. */
  name: string;
  fileName: string;
  data: Buffer;
}

/** The guides that come with more than their PDF; small, so seeding stays quick. */
const EXTRAS: Record<string, string[]> = {
  'The Bookbinding Handbook': ['Extras', 'Templates'],
};
const WITH_EXTRAS_MAX = 3;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function extraZip(product: DemoProduct, name: string): DemoExtraFile {
  const base = `${slug(product.title)}-${slug(name)}`;
  const data = makeZip([
    { name: `${base}/README.txt`, data: `${product.title}: ${name}\n\n${product.subtitle}\n` },
    {
      name: `${base}/checklist.txt`,
      data: ['Read the guide once through.', 'Gather the tools.', 'Work one step a day.']
        .map((line, index) => `${index + 1}. ${line}`)
        .join('\n'),
    },
  ]);
  return { name, fileName: `${base}.zip`, data };
}

/**
 * The demo products' extra files: the first few guides (PDF) come with a ZIP of extras, the
 * handbook with two. Everything else keeps its one file.
 */
export function demoExtraFiles(products: DemoProduct[]): Map<string, DemoExtraFile[]> {
  const guides = products.filter((product) => product.format === 'pdf').slice(0, WITH_EXTRAS_MAX);
  return new Map(
    guides.map((product) => [
      product.title,
      (EXTRAS[product.title] ?? ['Extras']).map((name) => extraZip(product, name)),
    ]),
  );
}
