import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ProductFilesList } from './product-files-list';

const pdf = { id: 'a', name: 'Print PDF', format: 'pdf' as const, size: 2_400_000 };
const epub = { id: 'b', name: 'EPUB edition', format: 'epub' as const, size: 800 };

describe('what the buyer gets', () => {
  test('several files: each name, format and size, in order, and never a link', () => {
    render(<ProductFilesList files={[pdf, epub]} />);
    const list = screen.getByRole('region', { name: 'What you get: 2 files' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Print PDFPDF · 2.3 MB',
      'EPUB editionEPUB · 800 B',
    ]);
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
  });

  test('one file, or none listed: nothing more than the chips show', () => {
    const { container } = render(<ProductFilesList files={[pdf]} />);
    expect(container).toBeEmptyDOMElement();
    render(<ProductFilesList files={undefined} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
