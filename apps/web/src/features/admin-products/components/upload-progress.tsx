import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { UploadStage } from './use-product-upload';

export const STAGE_MESSAGES = {
  file: 'Uploading digital file...',
  images: 'Uploading product images...',
  finalizing: 'Finalizing product...',
} as const;

/** Where the save is: the file's percentage, then the images, then the product itself. */
export function UploadProgress({ stage }: { stage: UploadStage }) {
  const stageMessageId = useId();
  return (
    <Box role="status" aria-live="polite" sx={{ px: 3, pt: stage.name === 'idle' ? 0 : 2 }}>
      {stage.name !== 'idle' && (
        <Stack spacing={1}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
            <Typography id={stageMessageId} variant="body2" sx={{ fontWeight: 500 }}>
              {STAGE_MESSAGES[stage.name]}
            </Typography>
            {stage.name === 'file' && (
              <Typography variant="body2" color="textSecondary">
                {`${stage.percent}%`}
              </Typography>
            )}
          </Stack>
          <LinearProgress
            aria-labelledby={stageMessageId}
            {...(stage.name === 'file'
              ? { variant: 'determinate', value: stage.percent }
              : { variant: 'indeterminate' })}
          />
        </Stack>
      )}
    </Box>
  );
}
