import { z } from 'zod';

/** The longest note an owner may send buyers with an update. */
export const UPDATE_MESSAGE_MAX = 2000;

export const ProductUpdateMessages = {
  messageRequired: 'Write a short message for your buyers.',
  messageTooLong: `The message can be at most ${UPDATE_MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  noFileChange:
    'Buyers can only be emailed when the files change. Add, replace or remove a file, or leave "Email buyers" off.',
  notifyLabel: 'Email buyers about this update',
  messageLabel: 'Message to buyers',
  buyersHelper: (count: number) =>
    count === 0
      ? 'Nobody has bought this product yet.'
      : count === 1
        ? '1 buyer with a paid order will be emailed.'
        : `${count.toLocaleString('en-US')} buyers with a paid order will be emailed.`,
  savedEmailing: (count: number) =>
    count === 1
      ? 'Product saved. 1 buyer will be emailed about the update.'
      : `Product saved. ${count.toLocaleString('en-US')} buyers will be emailed about the update.`,
  /** My Orders: the product's files changed after the buyer last downloaded them. */
  updatedOn: (date: string) => `Updated ${date}`,
} as const;

/** `notifyBuyers` on a product save: email the product's buyers about the changed files. */
export const NotifyBuyersSchema = z.object(
  {
    message: z
      .string({ error: ProductUpdateMessages.messageRequired })
      .trim()
      .min(1, ProductUpdateMessages.messageRequired)
      .max(UPDATE_MESSAGE_MAX, ProductUpdateMessages.messageTooLong),
  },
  { error: ProductUpdateMessages.messageRequired },
);
export type NotifyBuyers = z.infer<typeof NotifyBuyersSchema>;

/** What an update changed, by file name. */
export const FileChangesSchema = z.object({
  added: z.array(z.string()),
  changed: z.array(z.string()),
  removed: z.array(z.string()),
});
export type FileChanges = z.infer<typeof FileChangesSchema>;

/** `GET /api/admin/products/{id}/buyers-count`: who an update email would reach. */
export const BuyersCountResponseSchema = z.object({
  /** Buyers (one per address) with a paid order of the product. */
  buyers: z.number().int(),
});
export type BuyersCountResponse = z.infer<typeof BuyersCountResponseSchema>;
