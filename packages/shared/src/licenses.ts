import { z } from 'zod';

/** License keys (issue 28, decision 037): the texts sellers, buyers and their software read. */
export const LicenseMessages = {
  maxUsesInvalid: 'Activations per key must be a whole number from 1 to 1,000,000, or no limit.',
  enabledInvalid: 'licenseKeys.enabled must be true or false',
  productIdInvalid: 'productId must be a text of at most 100 characters',
  licenseKeyInvalid: 'licenseKey must be a text of at most 100 characters',
  incrementUsesInvalid: 'incrementUses must be true or false',
  /** Unknown key, or a key of another product: one text, so a caller cannot tell which. */
  notFound: 'This license key is not valid for this product.',
  orderRefunded: 'This license key is no longer valid: its order was refunded or canceled.',
  orderDisputed: 'This license key is on hold: the payment of its order is disputed.',
  disabled: 'This license key has been disabled by the seller.',
  limitReached: 'This license key has reached its activation limit.',
  orderHasNoKey: 'This order has no license key.',
  rateLimited: (wait: string) => `Too many license checks. Please try again in ${wait}.`,
  keyLabel: 'License key',
  copy: 'Copy license key',
  copied: 'License key copied',
  copyFailed: 'The license key could not be copied. Select it and copy it yourself.',
  /** "2 of 3 activations", "2 activations (no limit)". */
  activations: (uses: number, maxUses: number | null) =>
    maxUses === null
      ? `${uses} activation${uses === 1 ? '' : 's'} (no limit)`
      : `${uses} of ${maxUses} activation${maxUses === 1 ? '' : 's'}`,
  disable: 'Disable key',
  enable: 'Enable key',
  disabledNote: 'Disabled',
  keyDisabled: 'License key disabled',
  keyEnabled: 'License key enabled',
} as const;

/** Activations one key may allow at most (the owner's "Activations per key"). */
export const LICENSE_KEY_MAX_USES = 1_000_000;

/** Verifications one client address may make per minute (decision 037). */
export const LICENSE_VERIFY_PER_MINUTE = 60;

/** A product's license keys: off, or one key per paid order allowing `maxUses` activations. */
export const LicenseKeySettingsSchema = z.object(
  {
    enabled: z.boolean({ error: LicenseMessages.enabledInvalid }),
    /** null: no limit. Copied onto each key when it is issued; later edits leave sold keys be. */
    maxUses: z
      .number({ error: LicenseMessages.maxUsesInvalid })
      .int(LicenseMessages.maxUsesInvalid)
      .min(1, LicenseMessages.maxUsesInvalid)
      .max(LICENSE_KEY_MAX_USES, LicenseMessages.maxUsesInvalid)
      .nullable(),
  },
  { error: 'licenseKeys must be { enabled, maxUses }' },
);
export type LicenseKeySettings = z.infer<typeof LicenseKeySettingsSchema>;

export const NO_LICENSE_KEYS: LicenseKeySettings = { enabled: false, maxUses: null };

/** Hex digits of a key: 128 random bits. */
const KEY_HEX_LENGTH = 32;

/** "8F3C2A1B4D5E6F709A8B7C6D5E4F3A2B" as buyers read it: "8F3C2A1B-4D5E6F70-9A8B7C6D-5E4F3A2B". */
export const formatLicenseKey = (hex: string) => hex.match(/.{1,8}/g)?.join('-') ?? hex;

/**
 * A key as typed or pasted, in the form keys are stored (32 upper-case hex digits): any case,
 * with or without dashes and spaces. null for what cannot be a key at all.
 */
export function normalizeLicenseKey(input: string): string | null {
  const hex = input.replace(/[\s-]/g, '').toUpperCase();
  return hex.length === KEY_HEX_LENGTH && /^[0-9A-F]+$/.test(hex) ? hex : null;
}

/** POST /api/licenses/verify */
export const VerifyLicenseBodySchema = z.object({
  productId: z
    .string({ error: LicenseMessages.productIdInvalid })
    .max(100, LicenseMessages.productIdInvalid),
  licenseKey: z
    .string({ error: LicenseMessages.licenseKeyInvalid })
    .max(100, LicenseMessages.licenseKeyInvalid),
  /** Counts one activation, refused once the key's limit is reached. */
  incrementUses: z.boolean({ error: LicenseMessages.incrementUsesInvalid }).default(false),
});
export type VerifyLicenseBody = z.input<typeof VerifyLicenseBodySchema>;

export const LicenseValidSchema = z.object({
  valid: z.literal(true),
  /** Activations counted so far (after this one, with `incrementUses`). */
  uses: z.number().int(),
  /** Activations the key allows; null for no limit. */
  maxUses: z.number().int().nullable(),
  order: z.object({ id: z.string(), createdAt: z.string() }),
});
export type LicenseValid = z.infer<typeof LicenseValidSchema>;

/** A refusal: `{ valid: false }` plus the store's usual `{ message, code }`. */
export const LicenseInvalidSchema = z.object({
  valid: z.literal(false),
  message: z.string(),
  code: z.string(),
});
export type LicenseInvalid = z.infer<typeof LicenseInvalidSchema>;

/** The admin's view of an order's key, answered by disable and enable. */
export const LicenseKeyStateSchema = z.object({
  licenseKey: z.string(),
  uses: z.number().int(),
  maxUses: z.number().int().nullable(),
  disabled: z.boolean(),
});
export type LicenseKeyState = z.infer<typeof LicenseKeyStateSchema>;
