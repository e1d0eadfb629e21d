import { CatalogMessages, type UploadedFile } from '@bindery/shared';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { getUploadSignature } from '../api/get-upload-signature';
import { uploadDigitalFile } from '../api/upload-digital-file';
import { uploadImage, uploadImagesInBatches } from '../api/upload-images';

export type UploadStage =
  | { name: 'idle' }
  | { name: 'file'; percent: number }
  | { name: 'images' }
  | { name: 'finalizing' };

export interface ChosenFiles {
  digitalFile: File | null;
  images: File[];
}

/** What the uploads gave back; a part left out was not chosen, so the product keeps its own. */
export interface UploadedParts {
  digitalFile?: UploadedFile;
  image?: string[];
}

export type UploadOutcome = ({ ok: true } & UploadedParts) | { ok: false; message: string };

/**
 * The form's two-stage upload: the digital file first (with its progress), then the images in
 * batches. Files already uploaded by an earlier attempt are not sent again when the admin retries.
 */
export function useProductUpload() {
  const [stage, setStage] = useState<UploadStage>({ name: 'idle' });
  const uploaded = useRef({
    files: new WeakMap<File, UploadedFile>(),
    images: new WeakMap<File, string>(),
  });

  const uploadFile = async (file: File) => {
    const done = uploaded.current.files.get(file);
    if (done) {
      setStage({ name: 'file', percent: 100 });
      return done;
    }
    const signature = await getUploadSignature();
    const result = await uploadDigitalFile(file, signature, (percent) =>
      setStage({ name: 'file', percent }),
    );
    uploaded.current.files.set(file, result);
    return result;
  };

  const uploadImageOnce = async (file: File) => {
    const done = uploaded.current.images.get(file);
    if (done) return done;
    const url = await uploadImage(file);
    uploaded.current.images.set(file, url);
    return url;
  };

  /** Uploads what was chosen; on a failure the stage goes back to idle with the message to show. */
  const uploadChosen = async ({ digitalFile, images }: ChosenFiles): Promise<UploadOutcome> => {
    const parts: UploadedParts = {};
    let running: 'file' | 'images' = 'file';
    try {
      if (digitalFile) {
        setStage({ name: 'file', percent: 0 });
        parts.digitalFile = await uploadFile(digitalFile);
      }
      if (images.length > 0) {
        running = 'images';
        setStage({ name: 'images' });
        parts.image = await uploadImagesInBatches(images, uploadImageOnce);
      }
    } catch (error) {
      setStage({ name: 'idle' });
      const fallback =
        running === 'images' ? CatalogMessages.imageUploadFailed : CatalogMessages.unexpectedError;
      return { ok: false, message: errorMessage(error, fallback) };
    }
    return { ok: true, ...parts };
  };

  return {
    stage,
    isBusy: stage.name !== 'idle',
    uploadChosen,
    markFinalizing: () => setStage({ name: 'finalizing' }),
    markIdle: () => setStage({ name: 'idle' }),
  };
}
