import { z } from 'zod';

/** How often a buyer may have one order's receipt sent again, and how many receipts an hour. */
export const RECEIPT_RESEND_ORDER_MINUTES = 10;
export const RECEIPT_RESENDS_PER_HOUR = 5;

const inMinutes = (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes} minutes`);

/** Texts of sending an order's receipt again: the owner's Resend and the buyer's Email me. */
export const ReceiptMessages = {
  resend: 'Resend receipt',
  emailMe: 'Email me the receipt',
  resent: (to: string) => `Receipt sent again to ${to}.`,
  emailed: (to: string) => `Receipt sent to ${to}.`,
  failed: (message: string) => `Error sending receipt: ${message}`,
  notPaid: 'Only a paid order has a receipt to send.',
  noBuyer: 'The buyer’s account no longer exists, so there is no one to send the receipt to.',
  orderTooSoon: (minutes: number) =>
    `This receipt was sent a few minutes ago. You can ask for it again in ${inMinutes(minutes)}.`,
  tooManyThisHour: (minutes: number) =>
    `You asked for ${RECEIPT_RESENDS_PER_HOUR} receipts in the last hour. You can ask again in ${inMinutes(minutes)}.`,
} as const;

/** The answer to sending a receipt again: the address it is queued to. */
export const ReceiptSentResponseSchema = z.object({ to: z.string() });
export type ReceiptSentResponse = z.infer<typeof ReceiptSentResponseSchema>;
