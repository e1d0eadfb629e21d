/** How a price is taxed (TAX_BEHAVIOR): tax added on top, or included in the price. */
export const TAX_BEHAVIORS = ['exclusive', 'inclusive'] as const;
export type TaxBehavior = (typeof TAX_BEHAVIORS)[number];

/**
 * The tax category a product is sold under unless it names its own: Stripe's code for digital
 * books downloaded with permanent rights, the store's usual goods.
 */
export const DEFAULT_TAX_CODE = 'txcd_10302000';

/** A Stripe tax code: `txcd_` and eight digits. */
export const TAX_CODE_PATTERN = /^txcd_\d{8}$/;

export const TaxMessages = {
  taxCodeInvalid:
    'Tax code must be a Stripe tax code such as txcd_10302000, or empty for the default.',
} as const;
