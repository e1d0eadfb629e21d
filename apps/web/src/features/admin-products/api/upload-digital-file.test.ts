import type { UploadSignature } from '@bindery/shared';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fileOf, stubXhr } from '../testing/fixtures';
import { uploadDigitalFile } from './upload-digital-file';

const signature: UploadSignature = {
  signature: 'signed',
  timestamp: 1_700_000_000,
  api_key: 'bindery',
  folder: 'secure-digital-products',
};

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('uploadDigitalFile', () => {
  test('sends the signed fields before the file and reports progress up to 100', async () => {
    const xhr = stubXhr();
    const progress: number[] = [];
    const file = fileOf('guide.pdf', 'application/pdf');

    const done = uploadDigitalFile(file, signature, (percent) => progress.push(percent));
    const request = xhr[0]!;
    const body = request.body as FormData;
    expect(request.fieldNames()).toEqual(['timestamp', 'signature', 'api_key', 'folder', 'file']);
    expect(body.get('timestamp')).toBe('1700000000');
    expect(body.get('folder')).toBe('secure-digital-products');
    expect((body.get('file') as File).name).toBe('guide.pdf');

    request.progress(1, 3);
    request.respond(201, {
      public_id: 'f1',
      secure_url: 'private://f1.pdf',
      format: 'pdf',
      size: 16,
      fileName: 'guide.pdf',
    });

    await expect(done).resolves.toMatchObject({ public_id: 'f1', secure_url: 'private://f1.pdf' });
    expect(progress).toEqual([33, 100]);
  });

  test('an error answer becomes an ApiError with the server message', async () => {
    const xhr = stubXhr();
    const done = uploadDigitalFile(fileOf('a.pdf', 'application/pdf'), signature);
    xhr[0]!.respond(415, {
      message: 'Only PDF, ZIP and EPUB files are allowed.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });

    expect(await failureOf(done)).toMatchObject({
      status: 415,
      serverMessage: 'Only PDF, ZIP and EPUB files are allowed.',
    });
  });

  test('a proxy error page keeps its status but has no message for people', async () => {
    const xhr = stubXhr();
    const done = uploadDigitalFile(fileOf('a.pdf', 'application/pdf'), signature);
    xhr[0]!.respond(413, '<html>Request Entity Too Large</html>');

    expect(await failureOf(done)).toMatchObject({ status: 413, serverMessage: undefined });
  });

  test('a dropped connection is an ApiError with status 0', async () => {
    const xhr = stubXhr();
    const done = uploadDigitalFile(fileOf('a.pdf', 'application/pdf'), signature);
    xhr[0]!.failNetwork();

    expect(await failureOf(done)).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
