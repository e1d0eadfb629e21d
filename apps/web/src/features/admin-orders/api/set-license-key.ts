import { LicenseKeyStateSchema, type LicenseKeyState } from '@bindery/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { orderKeys } from '../../orders';

/** Disables an order's license key (every check answers 409 until it is enabled again). */
export function setLicenseKey({
  id,
  disabled,
}: {
  id: string;
  disabled: boolean;
}): Promise<LicenseKeyState> {
  const action = disabled ? 'disable' : 'enable';
  return apiClient.post(
    `/admin/orders/${encodeURIComponent(id)}/license-key/${action}`,
    undefined,
    {
      schema: LicenseKeyStateSchema,
    },
  );
}

/** Switches the key, then refetches the order lists whatever the answer. */
export function useSetLicenseKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLicenseKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
