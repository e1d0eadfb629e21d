import { CatalogMessages, DEFAULT_STORE_CONFIG, type UploadSignature } from '@bindery/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { deferredResponse, htmlResponse, jsonResponse, stubFetch } from '../../../test/fetch';
import { getStoreConfig, provideStoreConfig } from '../../../lib/store-config';
import { renderRoutes } from '../../../test/render';
import type { AdminProduct } from '../api/list-products';
import { fileOf, makeProduct, productServer, stubXhr } from '../testing/fixtures';
import { ProductsDashboardPage } from './products-dashboard-page';

// A new Toaster replays the toasts still active; each test starts without any.
afterEach(() => {
  toast.dismiss();
});

type Routes = Parameters<typeof stubFetch>[0];
type Dialog = ReturnType<typeof within>;

const signature: UploadSignature = {
  signature: 'signed',
  timestamp: 1_700_000_000,
  api_key: 'bindery',
  folder: 'secure-digital-products',
};

const uploadedFile = {
  public_id: 'file-1',
  secure_url: 'private://file-1.pdf',
  format: 'pdf',
  size: 16,
  fileName: 'guide.pdf',
};

/** The dashboard over a fake server holding `products`, plus any extra routes. */
function renderDashboard(products: AdminProduct[] = [], routes: Routes = {}) {
  const server = productServer(products);
  const fetchMock = stubFetch({
    'GET /api/products': server.list,
    'POST /api/products/generate-signature': () => jsonResponse(signature),
    ...routes,
  });
  const rendered = renderRoutes([{ path: '/dashboard', element: <ProductsDashboardPage /> }], {
    initialEntry: '/dashboard',
  });
  return { ...rendered, server, fetchMock };
}

async function openAddForm(user: UserEvent): Promise<Dialog> {
  await user.click(await screen.findByRole('button', { name: 'Add Product' }));
  return within(await screen.findByRole('dialog', { name: 'Add Product' }));
}

async function openEditForm(user: UserEvent, title: string): Promise<Dialog> {
  await user.click(await screen.findByRole('button', { name: `Edit ${title}` }));
  return within(await screen.findByRole('dialog', { name: 'Edit Product' }));
}

async function fillFields(user: UserEvent, dialog: Dialog) {
  await user.type(dialog.getByLabelText(/^Title/), 'Night Trains');
  await user.type(dialog.getByLabelText(/^Sub Title/), 'Sleepers of Europe');
  await user.type(dialog.getByLabelText(/^Description/), 'Timetables and tips.');
  await user.type(dialog.getByLabelText(/^Price/), '12.5');
}

async function fillValidProduct(
  user: UserEvent,
  dialog: Dialog,
  images: File[] = [fileOf('cover.png', 'image/png')],
) {
  await fillFields(user, dialog);
  await user.upload(dialog.getByLabelText('Choose images'), images);
  await user.upload(
    dialog.getByLabelText('Choose digital file'),
    fileOf('guide.pdf', 'application/pdf'),
  );
}

const save = (user: UserEvent, dialog: Dialog, name = 'Save Product') =>
  user.click(dialog.getByRole('button', { name }));

/** Requests other than the product list. */
const callsBeyondTheList = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => !String(url).startsWith('/api/products?'));

describe('product form validation', () => {
  test('an empty new product shows every required message and sends nothing', async () => {
    const xhr = stubXhr();
    const { user, fetchMock } = renderDashboard();
    const dialog = await openAddForm(user);

    await save(user, dialog);

    for (const message of [
      'Title is required',
      'Description is required',
      'Price is required',
      'At least one image is required',
      'A digital product file is required',
    ]) {
      expect(await dialog.findByText(message)).toBeInTheDocument();
    }
    expect(callsBeyondTheList(fetchMock)).toEqual([]);
    expect(xhr).toEqual([]);
  });

  test.each([
    ['0', 'Price must be positive'],
    ['-5', 'Price must be positive'],
    ['12.345', 'Price must have at most 2 decimals'],
    ['100000.01', 'Price must be at most 100000'],
  ])('a price of %s says "%s"', async (price, message) => {
    stubXhr();
    const { user } = renderDashboard();
    const dialog = await openAddForm(user);

    await user.type(dialog.getByLabelText(/^Price/), price);
    await save(user, dialog);

    expect(await dialog.findByText(message)).toBeInTheDocument();
  });

  test('a yen store refuses 12.5 with the server’s text, shows ¥ and takes whole yen', async () => {
    provideStoreConfig({ ...getStoreConfig(), currency: 'JPY', locale: 'ja-JP' });
    try {
      stubXhr();
      const { user } = renderDashboard();
      const dialog = await openAddForm(user);
      const price = dialog.getByLabelText(/^Price/);
      expect(price).toHaveAttribute('step', '1');
      expect(dialog.getByText('¥')).toBeInTheDocument();

      await user.type(price, '12.5');
      await save(user, dialog);
      expect(await dialog.findByText(CatalogMessages.priceWholeIn('JPY'))).toBeInTheDocument();
      expect(CatalogMessages.priceWholeIn('JPY')).toBe(
        'Price must be a whole number: JPY has no decimals',
      );
    } finally {
      provideStoreConfig(DEFAULT_STORE_CONFIG);
    }
  });

  test('texts longer than the server allows say so', async () => {
    stubXhr();
    const { user } = renderDashboard();
    const dialog = await openAddForm(user);

    for (const [label, length] of [
      [/^Title/, 201],
      [/^Sub Title/, 201],
      [/^Description/, 10_001],
    ] as const) {
      await user.click(dialog.getByLabelText(label));
      await user.paste('x'.repeat(length));
    }
    await save(user, dialog);

    expect(await dialog.findByText(CatalogMessages.titleTooLong)).toBeInTheDocument();
    expect(dialog.getByText(CatalogMessages.subtitleTooLong)).toBeInTheDocument();
    expect(dialog.getByText(CatalogMessages.descriptionTooLong)).toBeInTheDocument();
  });

  test('a digital file other than PDF, ZIP or EPUB, or an image that is not one, is refused', async () => {
    stubXhr();
    const { user } = renderDashboard();
    const dialog = await openAddForm(user);
    await fillFields(user, dialog);

    // Past the pickers' accept filter, as a drag-and-drop or "All files" choice would be.
    fireEvent.change(dialog.getByLabelText('Choose digital file'), {
      target: { files: [fileOf('notes.txt', 'text/plain')] },
    });
    fireEvent.change(dialog.getByLabelText('Choose images'), {
      target: { files: [fileOf('notes.txt', 'text/plain')] },
    });
    await save(user, dialog);

    expect(
      await dialog.findByText('notes.txt: Only PDF, ZIP and EPUB files are allowed.'),
    ).toBeInTheDocument();
    expect(
      dialog.getByText('notes.txt is not a JPEG, PNG, WebP, GIF or AVIF image.'),
    ).toBeInTheDocument();
  });

  test('editing asks for the texts and price, but no images or file', async () => {
    stubXhr();
    const product = makeProduct({ title: 'Old Maps' });
    const { user, fetchMock } = renderDashboard([product]);
    const dialog = await openEditForm(user, 'Old Maps');

    await user.clear(dialog.getByLabelText(/^Title/));
    await user.clear(dialog.getByLabelText(/^Description/));
    await user.clear(dialog.getByLabelText(/^Price/));
    await save(user, dialog, 'Save Changes');

    expect(await dialog.findByText('Title is required')).toBeInTheDocument();
    expect(dialog.getByText('Description is required')).toBeInTheDocument();
    expect(dialog.getByText('Price is required')).toBeInTheDocument();
    expect(dialog.queryByText('At least one image is required')).not.toBeInTheDocument();
    expect(dialog.queryByText('A digital product file is required')).not.toBeInTheDocument();
    expect(callsBeyondTheList(fetchMock)).toEqual([]);
  });
});

describe('choosing files', () => {
  test('the chosen files are listed by name and size in KB, and can be removed', async () => {
    stubXhr();
    const { user } = renderDashboard();
    const dialog = await openAddForm(user);

    await user.upload(dialog.getByLabelText('Choose images'), [
      fileOf('cover.png', 'image/png', 126_362),
      fileOf('back.jpg', 'image/jpeg', 2048),
    ]);
    await user.upload(
      dialog.getByLabelText('Choose digital file'),
      fileOf('guide.pdf', 'application/pdf', 512),
    );

    const images = within(dialog.getByRole('list', { name: 'Product images' }));
    expect(images.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'cover.png (123.4 KB)Cover',
      'back.jpg (2.0 KB)',
    ]);
    expect(dialog.getByText('guide.pdf (0.5 KB)')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Remove cover.png' }));
    expect(images.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'back.jpg (2.0 KB)Cover',
    ]);
  });

  test('the pickers take JPEG, PNG, WebP, GIF or AVIF images, several, and one .pdf, .zip or .epub file', async () => {
    stubXhr();
    const { user } = renderDashboard();
    const dialog = await openAddForm(user);

    const images = dialog.getByLabelText('Choose images');
    expect(images).toHaveAttribute('type', 'file');
    expect(images).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/webp,image/gif,image/avif',
    );
    expect(images).toHaveAccessibleDescription(
      'JPEG, PNG, WebP, GIF or AVIF, up to 10 MB each; up to 10, added to the list. The first one is the cover: drag an image or use its arrows to change the order.',
    );
    expect(images).toHaveAttribute('multiple');
    const file = dialog.getByLabelText('Choose digital file');
    expect(file).toHaveAttribute('accept', '.pdf,.zip,.epub');
    expect(file).not.toHaveAttribute('multiple');
  });

  test('editing shows the current images in order and the file, and says a new file replaces it', async () => {
    stubXhr();
    const product = makeProduct({
      title: 'Tide Tables',
      image: ['/media/images/a1/original.png', '/media/images/a2/original.jpg'],
    });
    product.digitalFile = { ...product.digitalFile, fileName: 'tides-2025.epub', size: 10_240 };
    const { user } = renderDashboard([product]);
    const dialog = await openEditForm(user, 'Tide Tables');

    expect(dialog.getByRole('img', { name: 'Current image 1' })).toHaveAttribute(
      'src',
      '/media/images/a1/thumb.webp',
    );
    expect(dialog.getByRole('img', { name: 'Current image 2' })).toBeInTheDocument();
    expect(dialog.getByText('Current file: tides-2025.epub (10.0 KB)')).toBeInTheDocument();
    const images = within(dialog.getByRole('list', { name: 'Product images' }));
    expect(images.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Current image 1Cover',
      'Current image 2',
    ]);
    expect(dialog.getByLabelText('Choose digital file')).toHaveAccessibleDescription(
      'PDF, ZIP or EPUB, up to 2048 MB. Choosing a new file replaces the current one.',
    );
  });
});

describe('submitting a new product', () => {
  test('runs the three stages in order, with the file upload in percent, then saves', async () => {
    const xhr = stubXhr();
    const image = deferredResponse();
    const created = deferredResponse();
    const posted: unknown[] = [];
    const { user, server } = renderDashboard([], {
      'POST /api/uploads/image': () => image.promise,
      'POST /api/products': async (request) => {
        posted.push(await request.json());
        return created.promise;
      },
    });
    const dialog = await openAddForm(user);
    await fillValidProduct(user, dialog);

    await save(user, dialog);

    // 1. The digital file, signed, with progress.
    await waitFor(() => expect(xhr).toHaveLength(1));
    const upload = xhr[0]!;
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/uploads/file');
    expect(upload.fieldNames()).toEqual(['timestamp', 'signature', 'api_key', 'folder', 'file']);
    const status = within(dialog.getByRole('status'));
    expect(status.getByText('Uploading digital file...')).toBeInTheDocument();
    expect(status.getByText('0%')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled();

    upload.progress(42, 100);
    expect(status.getByText('42%')).toBeInTheDocument();
    expect(status.getByRole('progressbar', { name: 'Uploading digital file...' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    // Closing is not allowed while it runs.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Add Product' })).toBeInTheDocument();

    upload.respond(201, uploadedFile);

    // 2. The images.
    expect(await status.findByText('Uploading product images...')).toBeInTheDocument();
    expect(status.queryByText('Uploading digital file...')).not.toBeInTheDocument();
    image.resolve(jsonResponse({ url: '/media/images/new1/original.png' }, 201));

    // 3. Finalizing: the page saves the product.
    expect(await status.findByText('Finalizing product...')).toBeInTheDocument();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      title: 'Night Trains',
      subtitle: 'Sleepers of Europe',
      description: 'Timetables and tips.',
      price: 12.5,
      // Left empty: the store's own limit applies.
      downloadLimit: null,
      image: ['/media/images/new1/original.png'],
      digitalFile: { public_id: 'file-1', secure_url: 'private://file-1.pdf' },
    });
    const product = makeProduct({ title: 'Night Trains' });
    server.products = [product];
    created.resolve(jsonResponse(product, 201));

    expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list was fetched again and shows the new product.
    expect(await screen.findByRole('button', { name: 'Edit Night Trains' })).toBeInTheDocument();
  });

  test('uploads images in batches of 3 in parallel: 7 images go 3, then 3, then 1', async () => {
    stubXhr(() => ({ status: 201, body: uploadedFile }));
    let inFlight = 0;
    const inFlightAtStart: number[] = [];
    let uploads = 0;
    const posted: { image: string[] }[] = [];
    const { user, fetchMock } = renderDashboard([], {
      'POST /api/uploads/image': async () => {
        const index = uploads++;
        inFlight += 1;
        inFlightAtStart.push(inFlight);
        await new Promise((done) => setTimeout(done, 10));
        inFlight -= 1;
        return jsonResponse({ url: `/media/images/i${index}/original.png` }, 201);
      },
      'POST /api/products': async (request) => {
        posted.push((await request.json()) as { image: string[] });
        return jsonResponse(makeProduct(), 201);
      },
    });
    const dialog = await openAddForm(user);
    const files = Array.from({ length: 7 }, (_, index) => fileOf(`p${index}.png`, 'image/png'));
    await fillValidProduct(user, dialog, files);

    await save(user, dialog);

    expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
    expect(inFlightAtStart).toEqual([1, 2, 3, 1, 2, 3, 1]);
    expect(Math.max(...inFlightAtStart)).toBe(3);
    // Each image went up once, as the `image` field, and the URLs keep the files' order.
    const sent = fetchMock.mock.calls
      .filter(([url]) => url === '/api/uploads/image')
      .map(([, init]) => (init?.body as FormData).get('image') as File);
    expect(sent.map((file) => file.name)).toEqual(files.map((file) => file.name));
    expect(posted[0]?.image).toEqual(
      Array.from({ length: 7 }, (_, index) => `/media/images/i${index}/original.png`),
    );
  });

  test.each([
    [
      "the image host's message",
      () =>
        jsonResponse(
          { message: 'Only JPEG, PNG, WebP, GIF or AVIF images are allowed.', code: 'X' },
          415,
        ),
      'Only JPEG, PNG, WebP, GIF or AVIF images are allowed.',
    ],
    [
      '"One or more image uploads failed." without one',
      () => htmlResponse(502),
      'One or more image uploads failed.',
    ],
  ])(
    'a failed image upload shows "Submission Failed" with %s and keeps the form',
    async (_, answer, message) => {
      stubXhr(() => ({ status: 201, body: uploadedFile }));
      const { user, fetchMock } = renderDashboard([], { 'POST /api/uploads/image': answer });
      const dialog = await openAddForm(user);
      await fillValidProduct(user, dialog);

      await save(user, dialog);

      const failed = within(await screen.findByRole('alertdialog', { name: 'Submission Failed' }));
      expect(failed.getByText(message)).toBeInTheDocument();
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/products')).toHaveLength(0);
      await user.click(failed.getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(dialog.getByLabelText(/^Title/)).toHaveValue('Night Trains');
      expect(dialog.getByText('cover.png (0.0 KB)')).toBeInTheDocument();
      expect(dialog.getByRole('button', { name: 'Save Product' })).toBeEnabled();
    },
  );

  test('a refused file upload shows the server message and uploads no images', async () => {
    const xhr = stubXhr(() => ({
      status: 413,
      body: { message: 'The file is too large.', code: 'PAYLOAD_TOO_LARGE' },
    }));
    const { user, fetchMock } = renderDashboard();
    const dialog = await openAddForm(user);
    await fillValidProduct(user, dialog);

    await save(user, dialog);

    const failed = within(await screen.findByRole('alertdialog', { name: 'Submission Failed' }));
    expect(failed.getByText('The file is too large.')).toBeInTheDocument();
    expect(xhr).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/uploads/image')).toHaveLength(0);
    await user.click(failed.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Add Product' })).toBeInTheDocument();
    expect(dialog.getByText('guide.pdf (0.0 KB)')).toBeInTheDocument();
  });

  test('a failed save toasts "Error adding product: {message}"; a retry reuses the uploads', async () => {
    const xhr = stubXhr(() => ({ status: 201, body: uploadedFile }));
    let attempts = 0;
    const { user, fetchMock } = renderDashboard([], {
      'POST /api/uploads/image': () =>
        jsonResponse({ url: '/media/images/new1/original.png' }, 201),
      'POST /api/products': () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse({ message: 'Session expired', code: 'UNAUTHORIZED' }, 401)
          : jsonResponse(makeProduct(), 201);
      },
    });
    const dialog = await openAddForm(user);
    await fillValidProduct(user, dialog);

    await save(user, dialog);

    expect(await screen.findByText('Error adding product: Session expired')).toBeInTheDocument();
    const failed = within(await screen.findByRole('alertdialog', { name: 'Submission Failed' }));
    expect(failed.getByText('Session expired')).toBeInTheDocument();
    await user.click(failed.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await save(user, dialog);

    expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
    expect(attempts).toBe(2);
    expect(xhr).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/uploads/image')).toHaveLength(1);
  });
});

describe('submitting an edit', () => {
  test('new images are added after the current ones; without a new file there is no file stage', async () => {
    const xhr = stubXhr();
    const product = makeProduct({ title: 'Star Charts' });
    const bodies: unknown[] = [];
    const { user, fetchMock } = renderDashboard([product], {
      'POST /api/uploads/image': () =>
        jsonResponse({ url: '/media/images/fresh/original.png' }, 201),
      [`PUT /api/products/${product._id}`]: async (request) => {
        bodies.push(await request.json());
        return jsonResponse(product);
      },
    });
    const dialog = await openEditForm(user, 'Star Charts');

    await user.upload(dialog.getByLabelText('Choose images'), fileOf('fresh.png', 'image/png'));
    await save(user, dialog, 'Save Changes');

    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(xhr).toHaveLength(0);
    expect(
      fetchMock.mock.calls.filter(([url]) => url === '/api/products/generate-signature'),
    ).toHaveLength(0);
    expect(bodies).toEqual([
      {
        title: 'Star Charts',
        subtitle: product.subtitle,
        description: product.description,
        price: 12.5,
        image: [...product.image, '/media/images/fresh/original.png'],
      },
    ]);
  });
});
