import { LICENSE_KEY_MAX_USES, LicenseMessages, type LicenseKeySettings } from '@bindery/shared';
import { z } from 'zod';

/**
 * The product form's license keys: a switch, then activations per key or no limit. The number
 * is read only with keys on and a limit; the server checks it again with the same message.
 */
export const LicenseKeysFormSchema = z
  .object({ enabled: z.boolean(), unlimited: z.boolean(), maxUses: z.string() })
  .superRefine((value, context) => {
    if (!value.enabled || value.unlimited) return;
    const uses = Number(value.maxUses.trim());
    const isValid =
      value.maxUses.trim() !== '' &&
      Number.isInteger(uses) &&
      uses >= 1 &&
      uses <= LICENSE_KEY_MAX_USES;
    if (!isValid) {
      context.addIssue({
        code: 'custom',
        path: ['maxUses'],
        message: LicenseMessages.maxUsesInvalid,
      });
    }
  })
  .transform((value): LicenseKeySettings =>
    value.enabled
      ? { enabled: true, maxUses: value.unlimited ? null : Number(value.maxUses.trim()) }
      : { enabled: false, maxUses: null },
  );

/** A new product: off, 1 activation suggested; an edit: the product's own. */
export function licenseKeysFormDefaults(settings: LicenseKeySettings | undefined) {
  return {
    enabled: settings?.enabled ?? false,
    unlimited: settings?.enabled === true && settings.maxUses === null,
    maxUses: settings?.maxUses == null ? '1' : String(settings.maxUses),
  };
}

/** Whether the admin changed the keys (a change back to what they were is none). */
export const licenseKeysEdits = (dirtyFields: {
  licenseKeys?: Partial<Record<'enabled' | 'unlimited' | 'maxUses', boolean>>;
}) => ({ isLicenseKeysEdited: Object.values(dirtyFields.licenseKeys ?? {}).some(Boolean) });
