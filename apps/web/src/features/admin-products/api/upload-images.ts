import { IMAGE_UPLOAD_BATCH_SIZE, UploadedImageSchema } from '@bindery/shared';
import { apiClient } from '../../../lib/api-client';

/** Sends one image to the image host; answers the URL to put in the product. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file, file.name);
  const { url } = await apiClient.post('/uploads/image', form, { schema: UploadedImageSchema });
  return url;
}

/**
 * Uploads images a batch at a time (the batch in parallel, then the next batch), so a long list
 * never opens more than `batchSize` requests at once. URLs come back in the files' order; the
 * first failure rejects.
 */
export async function uploadImagesInBatches(
  files: readonly File[],
  upload: (file: File) => Promise<string> = uploadImage,
  batchSize: number = IMAGE_UPLOAD_BATCH_SIZE,
): Promise<string[]> {
  const urls: string[] = [];
  for (let start = 0; start < files.length; start += batchSize) {
    const batch = files.slice(start, start + batchSize);
    urls.push(...(await Promise.all(batch.map((file) => upload(file)))));
  }
  return urls;
}
