import { CheckoutMessages, type PublicProductFile } from '@bindery/shared';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useOrderFileDownload, useOrderFiles } from '../api/order-files';

/** "EPUB, 1.2 MB". */
const fileDetails = (file: PublicProductFile) =>
  `${file.format.toUpperCase()}, ${(file.size / (1024 * 1024)).toFixed(1)} MB`;

export interface OrderFileDownloadsProps {
  orderId: string;
  /** A paid order whose files are not held (a dispute): only then are its files asked for. */
  isDownloadable: boolean;
  /** What shows for an order of one file, and while its files load: the usual Download. */
  single?: ReactNode;
  /** The first file has its own button already (the success page): list the others only. */
  skipFirst?: boolean;
}

/**
 * One download button per file, named, for an order of several files (each file counts its own
 * downloads, so each asks the server for its own link). An order of one file looks as before.
 */
export function OrderFileDownloads({
  orderId,
  isDownloadable,
  single = null,
  skipFirst = false,
}: OrderFileDownloadsProps) {
  const { data } = useOrderFiles(orderId, isDownloadable);
  const download = useOrderFileDownload();
  const files = data?.files ?? [];
  if (!isDownloadable || files.length < 2) return <>{single}</>;
  const shown = skipFirst ? files.slice(1) : files;
  const pendingId = download.isPending ? download.variables.fileId : null;
  return (
    <Stack spacing={0.75} sx={{ alignItems: skipFirst ? 'center' : 'flex-end' }}>
      {skipFirst && (
        <Typography variant="body2" color="textSecondary">
          Also in this order:
        </Typography>
      )}
      {shown.map((file) => (
        <Button
          key={file.id}
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          title={fileDetails(file)}
          aria-label={`Download ${file.name} (${fileDetails(file)})`}
          loading={pendingId === file.id}
          loadingPosition="start"
          disabled={pendingId !== null && pendingId !== file.id}
          onClick={() =>
            download.mutate(
              { orderId, fileId: file.id },
              {
                onError: (error) =>
                  toast.error(errorMessage(error, CheckoutMessages.downloadLinkFailed)),
              },
            )
          }
          sx={{
            textAlign: 'left',
            // Whole words on a line; only a word too long for the button breaks.
            overflowWrap: 'break-word',
            // On a phone the names alone, smaller: the product's title keeps its room.
            maxWidth: { xs: 120, sm: 260 },
            fontSize: { xs: '0.75rem', sm: undefined },
            '& .MuiButton-startIcon': { mr: { xs: 0.5, sm: 1 } },
          }}
        >
          {file.name}
        </Button>
      ))}
    </Stack>
  );
}
