import type { CreateProductBody, Product, UploadedFile } from '@bindery/shared';
import type { FastifyInstance } from 'fastify';
import { multipartBody } from './multipart.js';
import { sampleImage, samplePdf } from './upload-samples.js';

/** Uploads an image through the image host, as the admin form does; returns its URL. */
export async function uploadTestImage(app: FastifyInstance, adminCookie: string): Promise<string> {
  const body = multipartBody([
    {
      name: 'image',
      fileName: 'cover.png',
      data: await sampleImage('png', 40, 50),
      contentType: 'image/png',
    },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads/image',
    headers: { ...body.headers, cookie: adminCookie },
    payload: body.payload,
  });
  if (response.statusCode !== 201) throw new Error(`image upload failed: ${response.body}`);
  return response.json<{ url: string }>().url;
}

/** Uploads a digital file through the signed file host, as the admin form does (fields first). */
export async function uploadTestFile(
  app: FastifyInstance,
  adminCookie: string,
  file: { data?: Buffer; fileName?: string } = {},
): Promise<UploadedFile> {
  const signature = await app.inject({
    method: 'POST',
    url: '/api/products/generate-signature',
    headers: { cookie: adminCookie },
  });
  if (signature.statusCode !== 200) throw new Error(`signature failed: ${signature.body}`);
  const { timestamp, signature: sig, api_key, folder } = signature.json();
  const body = multipartBody([
    { name: 'timestamp', value: String(timestamp) },
    { name: 'signature', value: sig },
    { name: 'api_key', value: api_key },
    { name: 'folder', value: folder },
    {
      name: 'file',
      fileName: file.fileName ?? 'guide.pdf',
      data: file.data ?? samplePdf(),
      contentType: 'application/pdf',
    },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads/file',
    headers: { ...body.headers, cookie: adminCookie },
    payload: body.payload,
  });
  if (response.statusCode !== 201) throw new Error(`file upload failed: ${response.body}`);
  return response.json<UploadedFile>();
}

/** A complete, valid create body with freshly uploaded image(s) and file. */
export async function productBody(
  app: FastifyInstance,
  adminCookie: string,
  overrides: Partial<CreateProductBody> = {},
): Promise<CreateProductBody> {
  const file = await uploadTestFile(app, adminCookie);
  return {
    title: 'The Bookbinding Handbook',
    subtitle: 'Sewn bindings at home',
    description: 'A practical handbook for binding your own books.',
    price: 19.99,
    image: [await uploadTestImage(app, adminCookie)],
    digitalFile: { public_id: file.public_id, secure_url: file.secure_url },
    ...overrides,
  };
}

/** Creates a product through the API; returns it as the admin sees it. */
export async function createTestProduct(
  app: FastifyInstance,
  adminCookie: string,
  overrides: Partial<CreateProductBody> = {},
): Promise<Product> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { cookie: adminCookie },
    payload: await productBody(app, adminCookie, overrides),
  });
  if (response.statusCode !== 201) throw new Error(`create product failed: ${response.body}`);
  return response.json<Product>();
}
