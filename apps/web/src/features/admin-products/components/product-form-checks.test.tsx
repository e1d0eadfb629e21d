import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { fileOf, MAGIC, makeProduct, productServer, stubXhr } from '../testing/fixtures';
import { digitalFileAcceptedText, digitalFileProblem, imageProblem } from './product-form-schema';
import { ProductsDashboardPage } from './products-dashboard-page';

afterEach(() => {
  toast.dismiss();
});

type Dialog = ReturnType<typeof within>;

function renderDashboard() {
  const server = productServer([makeProduct({ title: 'Old Maps' })]);
  const fetchMock = stubFetch({ 'GET /api/products': server.list });
  const xhr = stubXhr();
  const rendered = renderRoutes([{ path: '/dashboard', element: <ProductsDashboardPage /> }], {
    initialEntry: '/dashboard',
  });
  return { ...rendered, fetchMock, xhr };
}

async function openAddForm(user: UserEvent): Promise<Dialog> {
  await user.click(await screen.findByRole('button', { name: 'Add Product' }));
  return within(await screen.findByRole('dialog', { name: 'Add Product' }));
}

const calledBeyondTheList = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => !String(url).startsWith('/api/products?'));

describe('files are checked by content and size before any upload', () => {
  test.each([
    ['cover.png', 'image/png'],
    ['photo.jpg', 'image/jpeg'],
    ['spin.gif', 'image/gif'],
    ['modern.webp', 'image/webp'],
    ['next.avif', 'image/avif'],
  ])('a real %s passes', async (name, type) => {
    expect(await imageProblem(fileOf(name, type))).toBeNull();
  });

  test.each([
    [
      'a PNG name over other bytes',
      fileOf('cover.png', 'image/png', 64, { content: 'fake' }),
      'cover.png is not a JPEG, PNG, WebP, GIF or AVIF image.',
    ],
    [
      'an SVG',
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', {
        type: 'image/svg+xml',
      }),
      'logo.svg is not a JPEG, PNG, WebP, GIF or AVIF image.',
    ],
    [
      'a RIFF that is not WebP',
      new File([new Uint8Array([...MAGIC.webp.slice(0, 8), 0x41, 0x56, 0x49, 0x20])], 'clip.webp'),
      'clip.webp is not a JPEG, PNG, WebP, GIF or AVIF image.',
    ],
    ['an empty file', new File([], 'blank.png', { type: 'image/png' }), 'blank.png is empty.'],
    [
      'an image over 10 MB',
      fileOf('huge.png', 'image/png', 10 * 1024 * 1024 + 1),
      'huge.png is larger than 10 MB.',
    ],
  ])('%s is refused, naming the file', async (_label, file, message) => {
    expect(await imageProblem(file)).toBe(message);
  });

  test.each([['guide.pdf'], ['bundle.zip'], ['novel.epub']])('a real %s passes', async (name) => {
    expect(await digitalFileProblem(fileOf(name, 'application/octet-stream'))).toBeNull();
  });

  test.each([
    [
      'a fake .pdf',
      fileOf('fake.pdf', 'application/pdf', 64, { content: 'fake' }),
      'fake.pdf: This file is not a real PDF, ZIP or EPUB.',
    ],
    [
      'a fake .epub',
      new File(['alert(1)'], 'app.epub'),
      'app.epub: This file is not a real PDF, ZIP or EPUB.',
    ],
    [
      'a ZIP named .pdf',
      new File([new Uint8Array(MAGIC.zip)], 'archive.pdf'),
      "archive.pdf: The file's content does not match its name (.pdf, .zip or .epub).",
    ],
    [
      'a PDF named .zip',
      new File([new Uint8Array(MAGIC.pdf)], 'doc.zip'),
      "doc.zip: The file's content does not match its name (.pdf, .zip or .epub).",
    ],
    [
      'a .txt',
      fileOf('notes.txt', 'text/plain'),
      'notes.txt: Only PDF, ZIP and EPUB files are allowed.',
    ],
    ['an empty .pdf', new File([], 'empty.pdf'), 'empty.pdf: The file is empty.'],
  ])('%s is refused, naming the file', async (_label, file, message) => {
    expect(await digitalFileProblem(file)).toBe(message);
  });

  test("the digital file's size limit is the store's, embedded in the page", async () => {
    const pdf = fileOf('guide.pdf', 'application/pdf', 5 * 1024 * 1024 + 1);
    expect(await digitalFileProblem(pdf, 5)).toBe('guide.pdf is larger than 5 MB.');
    expect(await digitalFileProblem(pdf, 6)).toBeNull();
    expect(digitalFileAcceptedText(5)).toBe('PDF, ZIP or EPUB, up to 5 MB');
  });

  test('choosing a fake image and a fake PDF shows both errors at once, and Save uploads nothing', async () => {
    const { user, fetchMock, xhr } = renderDashboard();
    const dialog = await openAddForm(user);
    await user.type(dialog.getByLabelText(/^Title/), 'Night Trains');
    await user.type(dialog.getByLabelText(/^Description/), 'Timetables.');
    await user.type(dialog.getByLabelText(/^Price/), '12.5');

    // Past the pickers' accept filter, as a drag-and-drop or "All files" choice would be.
    fireEvent.change(dialog.getByLabelText('Choose images'), {
      target: { files: [fileOf('cover.png', 'image/png', 64, { content: 'fake' })] },
    });
    fireEvent.change(dialog.getByLabelText('Choose digital file'), {
      target: { files: [fileOf('fake.pdf', 'application/pdf', 64, { content: 'fake' })] },
    });
    expect(
      await dialog.findByText('cover.png is not a JPEG, PNG, WebP, GIF or AVIF image.'),
    ).toBeInTheDocument();
    expect(
      await dialog.findByText('fake.pdf: This file is not a real PDF, ZIP or EPUB.'),
    ).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Save Product' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(xhr).toHaveLength(0);
    expect(calledBeyondTheList(fetchMock)).toEqual([]);
  }, 30_000);
});

describe('closing the form', () => {
  test('an untouched form closes at once on Esc', async () => {
    const { user } = renderDashboard();
    await openAddForm(user);
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Product' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('with changes, Esc and Cancel ask "Discard changes?"; Keep editing keeps the input', async () => {
    const { user } = renderDashboard();
    const dialog = await openAddForm(user);
    await user.type(dialog.getByLabelText(/^Title/), 'Night Trains');

    await user.keyboard('{Escape}');
    const ask = within(await screen.findByRole('alertdialog'));
    expect(ask.getByRole('heading', { name: 'Discard changes?' })).toBeInTheDocument();
    expect(ask.getByText('The new product you started will be lost.')).toBeInTheDocument();
    await user.click(ask.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(dialog.getByLabelText(/^Title/)).toHaveValue('Night Trains');

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Product' })).not.toBeInTheDocument(),
    );
  }, 30_000);

  test('a chosen image alone counts as a change, and editing names the product', async () => {
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Edit Old Maps' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
    await user.upload(dialog.getByLabelText('Choose images'), fileOf('cover.png', 'image/png'));

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(
      within(await screen.findByRole('alertdialog')).getByText(
        'Your changes to “Old Maps” will be lost.',
      ),
    ).toBeInTheDocument();
  }, 30_000);
});

describe('previews', () => {
  test('chosen images show as thumbnails; removing one frees its preview', async () => {
    let made = 0;
    const create = vi.fn(() => `blob:preview-${++made}`);
    const revoke = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke }));
    const { user } = renderDashboard();
    const dialog = await openAddForm(user);

    await user.upload(dialog.getByLabelText('Choose images'), [
      fileOf('cover.png', 'image/png'),
      fileOf('back.jpg', 'image/jpeg'),
    ]);
    expect(await dialog.findByRole('img', { name: 'Preview of cover.png' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:preview-/),
    );
    expect(dialog.getByRole('img', { name: 'Preview of back.jpg' })).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Remove cover.png' }));
    await waitFor(() =>
      expect(dialog.queryByRole('img', { name: 'Preview of cover.png' })).not.toBeInTheDocument(),
    );
    expect(revoke).toHaveBeenCalled();
  }, 30_000);
});
