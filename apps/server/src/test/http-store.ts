import type { Product, UploadSignature, UploadedFile } from '@bindery/shared';
import { multipartBody } from './multipart.js';
import { PAYING_CARD } from './purchase.js';
import { sampleImage } from './upload-samples.js';

/**
 * The store driven over real HTTP, for tests against a server process: what factories.ts and
 * purchase.ts do with app.inject, through fetch.
 */

const TIMEOUT_MS = 15_000;

/** The session cookie a sign-in set, as a Cookie header value. */
function cookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error(`no session cookie (${response.status})`);
  return cookie;
}

async function expectStatus(response: Response, status: number, what: string) {
  if (response.status !== status) {
    throw new Error(`${what}: ${response.status} ${await response.text()}`);
  }
}

export function postJson(url: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await postJson(`${baseUrl}/api/auth/login`, { email, password });
  await expectStatus(response, 200, `sign-in of ${email}`);
  return cookieOf(response);
}

export async function registerBuyer(baseUrl: string, email: string): Promise<string> {
  const password = 'correct horse battery';
  const response = await postJson(`${baseUrl}/api/auth/register`, {
    name: 'Buyer',
    email,
    password,
  });
  await expectStatus(response, 201, `registration of ${email}`);
  return signIn(baseUrl, email, password);
}

async function postForm(url: string, form: ReturnType<typeof multipartBody>, cookie?: string) {
  return fetch(url, {
    method: 'POST',
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
    body: new Uint8Array(form.payload),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

/** Creates a product with the given PDF through the admin's upload and create calls. */
export async function createProduct(
  baseUrl: string,
  adminCookie: string,
  file: { data: Buffer; fileName: string },
  fields: { title: string; price: number },
): Promise<Product> {
  const image = await postForm(
    `${baseUrl}/api/uploads/image`,
    multipartBody([
      {
        name: 'image',
        fileName: 'cover.png',
        data: await sampleImage('png', 40, 50),
        contentType: 'image/png',
      },
    ]),
    adminCookie,
  );
  await expectStatus(image, 201, 'image upload');
  const { url: imageUrl } = (await image.json()) as { url: string };

  const signed = await fetch(`${baseUrl}/api/products/generate-signature`, {
    method: 'POST',
    headers: { cookie: adminCookie },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await expectStatus(signed, 200, 'upload signature');
  const signature = (await signed.json()) as UploadSignature;
  const uploaded = await postForm(
    `${baseUrl}/api/uploads/file`,
    multipartBody([
      { name: 'timestamp', value: String(signature.timestamp) },
      { name: 'signature', value: signature.signature },
      { name: 'api_key', value: signature.api_key },
      { name: 'folder', value: signature.folder },
      { name: 'file', fileName: file.fileName, data: file.data, contentType: 'application/pdf' },
    ]),
    adminCookie,
  );
  await expectStatus(uploaded, 201, 'file upload');
  const digitalFile = (await uploaded.json()) as UploadedFile;

  const created = await postJson(
    `${baseUrl}/api/products`,
    {
      ...fields,
      description: 'A file sold in a fault test.',
      image: [imageUrl],
      digitalFile: { public_id: digitalFile.public_id, secure_url: digitalFile.secure_url },
    },
    adminCookie,
  );
  await expectStatus(created, 201, 'product creation');
  return (await created.json()) as Product;
}

/** Buy Now: the hosted checkout's session id (also when the answer is the success page's URL). */
export async function startCheckout(baseUrl: string, cookie: string, productId: string) {
  const response = await postJson(`${baseUrl}/api/session/checkout`, { productId }, cookie);
  await expectStatus(response, 200, 'checkout');
  const { url } = (await response.json()) as { url: string };
  const sessionId =
    new URL(url, baseUrl).searchParams.get('session_id') ?? url.split('/').pop() ?? '';
  return { sessionId, url };
}

/** Posts the test checkout's card form; the answer's status (303 paid, 409 already paid…). */
export async function payCheckout(baseUrl: string, sessionId: string): Promise<number> {
  const response = await fetch(`${baseUrl}/checkout/test/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(PAYING_CARD).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The success page's call: 200 with a download URL once paid, 409 while not confirmed. */
export async function requestDownloadLink(
  baseUrl: string,
  cookie: string,
  sessionId: string,
): Promise<{ status: number; downloadUrl?: string }> {
  const response = await postJson(
    `${baseUrl}/api/session/generate-download-link`,
    { sessionId },
    cookie,
  );
  const body = (await response.json()) as { downloadUrl?: string };
  return { status: response.status, downloadUrl: body.downloadUrl };
}

/** Whether a fetch failed because the server went away (killed, refused, reset). */
export function isConnectionError(error: unknown): boolean {
  // A timeout is not one of these: a request that hangs is a failure of its own.
  if (!(error instanceof Error)) return false;
  const cause = (error as { cause?: { code?: string } }).cause;
  return (
    error.message === 'fetch failed' ||
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'].includes(cause?.code ?? '')
  );
}

/**
 * A whole sale over HTTP: the admin signs in and lists a product with this PDF, a new buyer
 * registers, pays it through the test checkout and gets a download link.
 */
export async function sellOneFile(
  baseUrl: string,
  admin: { email: string; password: string },
  sale: { pdf: Buffer; fileName: string; title: string; price: number; buyerEmail: string },
) {
  const adminCookie = await signIn(baseUrl, admin.email, admin.password);
  const product = await createProduct(
    baseUrl,
    adminCookie,
    { data: sale.pdf, fileName: sale.fileName },
    { title: sale.title, price: sale.price },
  );
  const buyer = await registerBuyer(baseUrl, sale.buyerEmail);
  const { sessionId } = await startCheckout(baseUrl, buyer, product._id);
  const paid = await payCheckout(baseUrl, sessionId);
  if (paid !== 303) throw new Error(`payment: ${paid}`);
  const link = await requestDownloadLink(baseUrl, buyer, sessionId);
  if (link.status !== 200 || !link.downloadUrl) throw new Error(`download link: ${link.status}`);
  return { adminCookie, product, buyer, sessionId, downloadUrl: link.downloadUrl };
}
