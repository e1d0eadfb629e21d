import { LicenseMessages } from '@bindery/shared';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { toast } from '../../../lib/toast';

/** Copies the key; says so, or asks the buyer to copy it by hand when the browser refuses. */
async function copyKey(licenseKey: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(licenseKey);
    toast.success(LicenseMessages.copied);
  } catch {
    toast.error(LicenseMessages.copyFailed);
  }
}

/**
 * An order's license key, as the buyer needs it: in a fixed-width face (0 and O, 1 and I apart),
 * selectable, with a copy button. Nothing for an order without one.
 */
export function LicenseKey({
  licenseKey,
  isDense = false,
  sx,
}: {
  licenseKey: string | null;
  /** Smaller, for a narrow table cell. */
  isDense?: boolean;
  sx?: SxProps<Theme>;
}) {
  if (!licenseKey) return null;
  return (
    <Box sx={[{ mt: 0.75, minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
        {LicenseMessages.keyLabel}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Box
          component="code"
          data-testid="license-key"
          sx={{
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: isDense ? '0.75rem' : '0.8125rem',
            overflowWrap: 'anywhere',
            userSelect: 'all',
          }}
        >
          {licenseKey}
        </Box>
        <Tooltip title={LicenseMessages.copy}>
          <IconButton
            size="small"
            aria-label={LicenseMessages.copy}
            onClick={() => void copyKey(licenseKey)}
          >
            <ContentCopyIcon fontSize="inherit" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
