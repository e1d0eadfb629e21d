import { z } from 'zod';
import { DiscountMessages } from './discounts.js';
import { PricingMessages } from './pricing.js';

/** Body of POST /api/session/checkout: one product per checkout, no cart. */
export const CreateCheckoutBodySchema = z.object({
  productId: z.string({ error: 'productId is required' }).min(1, 'productId is required').max(100),
  /**
   * A discount code the buyer applied (any case); checked again on the server, which charges
   * the discounted price. Empty: none.
   */
  discountCode: z
    .string({ error: DiscountMessages.unknownCode })
    .trim()
    .max(100, DiscountMessages.unknownCode)
    .optional()
    .transform((code) => (code === '' ? undefined : code)),
  /**
   * What the buyer chose to pay for a pay-what-you-want product, in major units of the store's
   * currency; at least its minimum, 0 for a free download. Ignored for a fixed price.
   */
  amount: z
    .number({ error: PricingMessages.amountInvalid })
    .refine((amount) => Number.isFinite(amount) && amount >= 0, PricingMessages.amountInvalid)
    .optional(),
});
export type CreateCheckoutBody = z.infer<typeof CreateCheckoutBodySchema>;

/**
 * Answer of POST /api/session/checkout: the hosted checkout page to send the buyer to, and
 * what it charges (minor units of `currency`, ISO 4217 upper case).
 */
export const CheckoutSessionResponseSchema = z.object({
  url: z.string().min(1),
  amountCents: z.number().int(),
  currency: z.string(),
});
export type CheckoutSessionResponse = z.infer<typeof CheckoutSessionResponseSchema>;

export const GenerateDownloadLinkBodySchema = z.object({
  sessionId: z.string({ error: 'sessionId is required' }).min(1, 'sessionId is required').max(300),
});
export type GenerateDownloadLinkBody = z.infer<typeof GenerateDownloadLinkBodySchema>;

export const DownloadLinkResponseSchema = z.object({
  downloadUrl: z.string(),
  expiresAt: z.string(),
});
export type DownloadLinkResponse = z.infer<typeof DownloadLinkResponseSchema>;

/** Texts of the built-in test checkout page (a hosted page served by the server, not the SPA). */
export const TestCheckoutMessages = {
  banner: 'Test mode — no real charge',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
  nameOnCard: 'Name on card',
  pay: (amount: string) => `Pay ${amount}`,
  testCards: 'Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.',
  testCardsMore: 'Use any future expiry date and any 3-digit CVC.',
  cancel: 'Cancel and return to the store',
  cardNumberInvalid: 'Your card number is invalid.',
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryInPast: "Your card's expiration date is in the past.",
  cvcInvalid: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  expired: 'This checkout has expired.',
  alreadyPaid: 'This checkout is already paid.',
  notFound: 'This checkout does not exist.',
  crossSite: 'This request came from another site and was refused.',
  backToStore: 'Back to the store',
  toDownload: 'Go to your download',
  // With TEST_TAX_RATE: the billing details and tax lines Stripe Tax's checkout shows.
  country: 'Country or region',
  countryChoose: 'Select your country or region',
  taxId: 'VAT number or tax ID (optional)',
  countryInvalid: 'Select your country or region.',
  taxIdInvalid: 'Your tax ID is invalid: use at most 40 letters, digits, spaces, dashes or dots.',
  subtotal: 'Subtotal',
  tax: (rate: string) => `Tax (${rate}%)`,
  taxIncluded: (rate: string) => `Tax (${rate}%, included)`,
  total: 'Total',
  includesTax: (amount: string) => `includes ${amount} tax`,
} as const;
