import { UploadedFileSchema, type UploadedFile, type UploadSignature } from '@bindery/shared';
import { API_BASE, ApiError, ClientErrorCode, apiErrorFromBody } from '../../../lib/api-client';

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends the digital file to the file host with a signature from `getUploadSignature`.
 * XMLHttpRequest rather than fetch, because only it reports upload progress; failures become
 * the same ApiError the API client throws.
 */
export function uploadDigitalFile(
  file: File,
  signature: UploadSignature,
  onProgress?: (percent: number) => void,
): Promise<UploadedFile> {
  const form = new FormData();
  // The fields must go first: the server refuses, unread, a file that comes before them. The
  // signature works once and only with this session, whose cookie the same-origin request carries.
  form.append('timestamp', String(signature.timestamp));
  form.append('signature', signature.signature);
  form.append('api_key', signature.api_key);
  form.append('folder', signature.folder);
  form.append('file', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/uploads/file`);
    xhr.setRequestHeader('Accept', 'application/json');

    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total <= 0) return;
      onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorFromBody(xhr.status, body));
        return;
      }
      const parsed = UploadedFileSchema.safeParse(body);
      if (!parsed.success) {
        reject(
          new ApiError({ status: 0, code: ClientErrorCode.invalidResponse, cause: parsed.error }),
        );
        return;
      }
      onProgress?.(100);
      resolve(parsed.data);
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: ClientErrorCode.network }));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = xhr.onerror;

    xhr.send(form);
  });
}
