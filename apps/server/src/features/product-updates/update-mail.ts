import type { FileChanges } from '@bindery/shared';
import { composeMail, inline, type OutgoingMail } from '../mail/index.js';

export interface UpdateMailFacts {
  storeName: string;
  /** The store's address (PUBLIC_URL), without a trailing slash. */
  storeUrl: string;
  to: string;
  buyerName: string;
  productTitle: string;
  message: string;
  changes: FileChanges;
}

/** The owner's note to a product's buyers, what changed, and the way to the new files. */
export function productUpdateMail(facts: UpdateMailFacts): OutgoingMail {
  const title = inline(facts.productTitle);
  const subject = `${title} has been updated`;
  const details: Array<[string, string]> = [];
  const { added, changed, removed } = facts.changes;
  if (added.length > 0) details.push(['Added', added.map(inline).join(', ')]);
  if (changed.length > 0) details.push(['Updated', changed.map(inline).join(', ')]);
  if (removed.length > 0) details.push(['Removed', removed.map(inline).join(', ')]);
  return {
    kind: 'product-update',
    to: facts.to,
    subject,
    ...composeMail({
      storeName: facts.storeName,
      heading: subject,
      paragraphs: [
        `Hi ${inline(facts.buyerName)},`,
        // The owner's own words, a paragraph per paragraph they wrote.
        ...facts.message.split(/\n\s*\n/).map((paragraph) => paragraph.trim()),
        'What changed:',
      ],
      details,
      // My Orders always serves the current files.
      action: { label: 'Download from My Orders', url: `${facts.storeUrl}/store/my-orders` },
      footer: `You receive this email because you bought ${title} from ${inline(facts.storeName)}.`,
    }),
  };
}
