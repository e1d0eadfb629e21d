import { LicenseMessages } from '@bindery/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { LicenseKey } from '../../orders';
import type { AdminOrderRow } from '../api/list-orders';
import { useSetLicenseKey } from '../api/set-license-key';

/**
 * An order's license key as the owner sees it: the key, its activations against the limit it
 * was sold with, and Disable / Enable (a toast says what happened). Nothing without a key.
 */
export function AdminLicenseKey({ row }: { row: AdminOrderRow }) {
  const setKey = useSetLicenseKey();
  if (!row.licenseKey) return null;
  const isDisabled = row.licenseKeyDisabled;
  const toggle = () =>
    setKey.mutate(
      { id: row._id, disabled: !isDisabled },
      {
        onSuccess: ({ disabled }) =>
          toast.success(disabled ? LicenseMessages.keyDisabled : LicenseMessages.keyEnabled),
        onError: (error) => toast.error(errorMessage(error, 'The key could not be changed.')),
      },
    );
  return (
    <Box sx={{ minWidth: 0 }}>
      <LicenseKey licenseKey={row.licenseKey} isDense sx={{ mt: 0.5 }} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
        <Typography variant="caption" color={isDisabled ? 'error' : 'textSecondary'}>
          {LicenseMessages.activations(row.licenseKeyUses ?? 0, row.licenseKeyMaxUses)}
          {isDisabled && ` · ${LicenseMessages.disabledNote}`}
        </Typography>
        <Button
          size="small"
          onClick={toggle}
          loading={setKey.isPending}
          aria-label={`${isDisabled ? LicenseMessages.enable : LicenseMessages.disable} of order ${row._id}`}
          sx={{ px: 0.5, minWidth: 0, fontSize: '0.75rem' }}
        >
          {isDisabled ? LicenseMessages.enable : LicenseMessages.disable}
        </Button>
      </Box>
    </Box>
  );
}
