import { UploadSignatureSchema, type UploadSignature } from '@bindery/shared';
import { apiClient } from '../../../lib/api-client';

/** A short-lived signature for one upload to the file host. */
export function getUploadSignature(): Promise<UploadSignature> {
  return apiClient.post('/products/generate-signature', undefined, {
    schema: UploadSignatureSchema,
  });
}
