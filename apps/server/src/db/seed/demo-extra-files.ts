import type { DemoProduct } from './demo-catalogue.js';
import { makeZip } from './demo-files.js';

/** A file a demo product delivers besides its main one (issue 28: several files per product). */
export interface DemoExtraFile {
  /** What buyers see. */
  name: string;
  fileName: string;
  data: Buffer;
}

/**
 * The guides that come with more than their PDF; small, so seeding stays quick. The handbook
 * keeps its one file: it is the demo's plainest purchase.
 */
const EXTRAS: Record<string, string[]> = {
  'Typography for Screens': ['Extras', 'Templates'],
  'Balcony Gardening Planner': ['Extras'],
  'Freelance Pricing Workbook': ['Extras'],
};

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
 * The demo products' extra files: three guides (PDF) come with ZIPs of extras, one of them with
 * two. Everything else keeps its one file.
 */
export function demoExtraFiles(products: DemoProduct[]): Map<string, DemoExtraFile[]> {
  return new Map(
    products.flatMap((product) => {
      const names = EXTRAS[product.title];
      return names ? [[product.title, names.map((name) => extraZip(product, name))] as const] : [];
    }),
  );
}
